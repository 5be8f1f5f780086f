import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { appArg, seg, yesArg } from '../../_shared.ts'
import { scaleArg } from '../_args.ts'
import { scaleDetails, scalePath, type Scale } from '../_view.ts'

export default defineSvcCommand({
  description: 'Remove a level and its expert comment',
  example: 'svc-cli scale level remove --app 0193… --scale mood --level medium --yes',
  effect: 'destructive',
  args: { ...appArg, ...scaleArg, level: { type: 'string', description: 'Level key', required: true, valueHint: 'key' }, ...yesArg },
  async run(args, env) {
    await env.confirm(`Remove level ${args.level} of scale ${args.scale} and its expert comment?`, args.yes)
    const scale = await env.client().request<Scale>('DELETE', `${scalePath(args.app, args.scale)}/levels/${seg(args.level)}`)
    return result(scale, scaleDetails(scale))
  },
})
