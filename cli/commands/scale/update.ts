import { defineSvcCommand } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { result } from '../../output.ts'
import { appArg } from '../_shared.ts'
import { methodArg, scaleArg } from './_args.ts'
import { scaleDetails } from './_view.ts'
import { checkInput } from '../../validate.ts'
import type { ScaleMethod } from '../../../server/contract/scales/model.ts'
import { updateScaleSchema } from '../../../server/contract/scales/schemas.ts'

export default defineSvcCommand({
  description: "Change a scale's key, name, description or method",
  example: 'svc-cli scale update --app 0193… --scale mood --name "Mood" --method sum',
  effect: 'write',
  args: {
    ...appArg,
    ...scaleArg,
    key: { type: 'string', description: 'New key (placeholders using the old key stop working)', valueHint: 'key' },
    name: { type: 'string', description: 'New name', valueHint: 'text' },
    description: { type: 'string', description: 'New description', valueHint: 'text' },
    ...methodArg,
  },
  async run(args, env) {
    const body = {
      key: args.key,
      name: args.name,
      description: args.description,
      method: args.method as ScaleMethod | undefined,
    }
    if (Object.values(body).every((v) => v === undefined))
      throw usageError('Nothing to change: pass --key, --name, --description or --method')
    const scale = await env
      .client()
      .call('scales.update', { params: { id: args.app, scale: args.scale }, body: checkInput(updateScaleSchema, body) })
    return result(scale, scaleDetails(scale))
  },
})
