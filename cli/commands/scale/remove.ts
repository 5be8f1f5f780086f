import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg, yesArg } from '../_shared.ts'
import { scaleArg } from './_args.ts'

export default defineSvcCommand({
  description: 'Remove a scale with its levels and expert comments (stored scores stay until rescore)',
  example: 'svc-cli scale remove --app 0193… --scale mood --yes',
  effect: 'destructive',
  args: { ...appArg, ...scaleArg, ...yesArg },
  async run(args, env) {
    await env.confirm(`Remove scale ${args.scale} with its levels and expert comments?`, args.yes)
    const data = await env.client().call('scales.remove', { params: { id: args.app, scale: args.scale } })
    return result(data, () => `Removed scale ${args.scale} (${data.id}).`)
  },
})
