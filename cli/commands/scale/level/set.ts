import { defineSvcCommand } from '../../../command.ts'
import { usageError } from '../../../errors.ts'
import { result } from '../../../output.ts'
import { appArg } from '../../_shared.ts'
import { boundArg, scaleArg } from '../_args.ts'
import { scaleDetails } from '../_view.ts'
import { checkInput } from '../../../validate.ts'
import { setLevelSchema } from '../../../../server/contract/scales/schemas.ts'

export default defineSvcCommand({
  description: 'Add or change a level: a score range with a label and interpretation',
  example:
    'svc-cli scale level set --app 0193… --scale mood --level low --label Low --min 1 --max 2.5 --interpretation "Your mood has been low."',
  effect: 'write',
  args: {
    ...appArg,
    ...scaleArg,
    level: {
      type: 'string',
      description: 'Level key, e.g. low (new keys add a level)',
      required: true,
      valueHint: 'key',
    },
    label: { type: 'string', description: 'Shown on reports (required for a new level)', valueHint: 'text' },
    min: { type: 'string', description: 'Inclusive lower bound, or "none" (lowest level only)', valueHint: 'n|none' },
    max: {
      type: 'string',
      description: 'Exclusive upper bound (inclusive for the top level), or "none"',
      valueHint: 'n|none',
    },
    interpretation: { type: 'string', description: 'What this level means, shown on reports', valueHint: 'text' },
  },
  async run(args, env) {
    const body = {
      label: args.label,
      min: boundArg(args.min, 'min'),
      max: boundArg(args.max, 'max'),
      interpretation: args.interpretation,
    }
    if (Object.values(body).every((v) => v === undefined))
      throw usageError('Nothing to set: pass --label, --min, --max and/or --interpretation')
    const scale = await env.client().call('scales.setLevel', {
      params: { id: args.app, scale: args.scale, level: args.level },
      body: checkInput(setLevelSchema, body),
    })
    return result(scale, scaleDetails(scale))
  },
})
