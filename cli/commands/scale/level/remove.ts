import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { appArg, yesArg } from '../../_shared.ts'
import { scaleArg } from '../_args.ts'
import { scaleDetails } from '../_view.ts'

export default defineSvcCommand({
  description: 'Remove a level and its expert comment',
  example: 'svc-cli scale level remove --app 0193… --scale mood --level medium --yes',
  effect: 'destructive',
  args: {
    ...appArg,
    ...scaleArg,
    level: { type: 'string', description: 'Level key', required: true, valueHint: 'key' },
    ...yesArg,
  },
  async run(args, env) {
    await env.confirm(`Remove level ${args.level} of scale ${args.scale} and its expert comment?`, args.yes)
    const scale = await env
      .client()
      .call('scales.removeLevel', { params: { id: args.app, scale: args.scale, level: args.level } })
    return result(scale, scaleDetails(scale))
  },
})
