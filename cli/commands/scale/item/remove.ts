import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { appArg, fieldArg, yesArg } from '../../_shared.ts'
import { scaleArg } from '../_args.ts'
import { scaleDetails } from '../_view.ts'

export default defineSvcCommand({
  description: 'Stop scoring a field on a scale (the field and its values stay)',
  example: 'svc-cli scale item remove --app 0193… --scale mood --field q3 --yes',
  effect: 'destructive',
  args: { ...appArg, ...scaleArg, ...fieldArg, ...yesArg },
  async run(args, env) {
    await env.confirm(`Remove field ${args.field} from scale ${args.scale}?`, args.yes)
    const scale = await env
      .client()
      .call('scales.removeItem', { params: { id: args.app, scale: args.scale, field: args.field } })
    return result(scale, scaleDetails(scale))
  },
})
