import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { appArg, fieldArg } from '../../_shared.ts'
import { numberArg, parseScores, scaleArg } from '../_args.ts'
import { scaleDetails } from '../_view.ts'
import { checkInput } from '../../../validate.ts'
import { scaleItemSchema } from '../../../../server/contract/scales/schemas.ts'

export default defineSvcCommand({
  description: 'Score a field on a scale: a score per option (choice) or the value itself (number)',
  example: 'svc-cli scale item add --app 0193… --scale mood --field q3 --scores "1=1,2=2,3=3,4=4,5=5" --reverse',
  effect: 'write',
  args: {
    ...appArg,
    ...scaleArg,
    ...fieldArg,
    scores: {
      type: 'string',
      description: 'choice/multichoice: option=score pairs (a=1,b=2) or a JSON object, one per option',
      valueHint: 'pairs',
    },
    weight: { type: 'string', description: 'Multiplies the item value (default 1)', valueHint: 'n' },
    reverse: { type: 'boolean', description: 'Score max + min − value (items worded the other way round)' },
    min: { type: 'string', description: 'number fields: clamp values below up to this', valueHint: 'n' },
    max: { type: 'string', description: 'number fields: clamp values above down to this', valueHint: 'n' },
  },
  async run(args, env) {
    const body = {
      field: args.field,
      scores: parseScores(args.scores),
      weight: numberArg(args.weight, 'weight'),
      reverse: args.reverse,
      min: numberArg(args.min, 'min'),
      max: numberArg(args.max, 'max'),
    }
    const scale = await env
      .client()
      .call('scales.addItem', { params: { id: args.app, scale: args.scale }, body: checkInput(scaleItemSchema, body) })
    return result(scale, scaleDetails(scale))
  },
})
