import { defineSvcCommand } from '../../command.ts'
import { idsResult } from '../../listing.ts'
import { result } from '../../output.ts'
import { appArg, quietArg } from '../_shared.ts'
import { methodArg } from './_args.ts'
import { scaleDetails } from './_view.ts'
import { checkInput } from '../../validate.ts'
import type { ScaleMethod } from '../../../server/contract/scales/model.ts'
import { createScaleSchema } from '../../../server/contract/scales/schemas.ts'

export default defineSvcCommand({
  description: 'Add a scale (a scoring dimension); then add items and levels',
  example: 'svc-cli scale add --app 0193… --key mood --name Mood --method mean',
  effect: 'write',
  args: {
    ...appArg,
    key: {
      type: 'string',
      description: 'Slug used in placeholders ({{score.mood}}), scores and CSV columns',
      required: true,
      valueHint: 'key',
    },
    name: { type: 'string', description: 'Name shown on reports', required: true, valueHint: 'text' },
    description: { type: 'string', description: 'What the scale measures', valueHint: 'text' },
    ...methodArg,
    ...quietArg,
  },
  async run(args, env) {
    const body = {
      key: args.key,
      name: args.name,
      description: args.description,
      method: args.method as ScaleMethod | undefined,
    }
    const scale = await env
      .client()
      .call('scales.add', { params: { id: args.app }, body: checkInput(createScaleSchema, body) })
    if (args.quiet) return idsResult([scale.id])
    return result(scale, scaleDetails(scale))
  },
})
