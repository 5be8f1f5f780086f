import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg } from '../_shared.ts'
import { scaleArg } from './_args.ts'
import { scaleDetails } from './_view.ts'

export default defineSvcCommand({
  description: 'Show one scale: items, levels, range and remaining problems',
  example: 'svc-cli scale get --app 0193… --scale mood',
  effect: 'read',
  args: { ...appArg, ...scaleArg },
  async run(args, env) {
    const scale = await env.client().call('scales.get', { params: { id: args.app, scale: args.scale } })
    return result(scale, scaleDetails(scale))
  },
})
