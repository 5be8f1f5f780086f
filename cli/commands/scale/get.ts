import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg } from '../_shared.ts'
import { scaleArg } from './_args.ts'
import { scaleDetails, scalePath, type Scale } from './_view.ts'

export default defineSvcCommand({
  description: 'Show one scale: items, levels, range and remaining problems',
  example: 'svc-cli scale get --app 0193… --scale mood',
  effect: 'read',
  args: { ...appArg, ...scaleArg },
  async run(args, env) {
    const scale = await env.client().request<Scale>('GET', scalePath(args.app, args.scale))
    return result(scale, scaleDetails(scale))
  },
})
