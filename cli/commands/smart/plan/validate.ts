import { defineSvcCommand } from '../../../command.ts'
import { usageError } from '../../../errors.ts'
import { result } from '../../../output.ts'
import { validatePlan } from '../_api.ts'
import { parsePlanJson, planInvalid, readPlanText, requirePlan } from '../_plan-file.ts'

export default defineSvcCommand({
  description:
    'Check a stored plan (--plan) or a plan document (--data or --file, checked locally); exit 1 listing every problem',
  example: 'svc-cli smart plan validate --file plan.json',
  effect: 'read',
  args: {
    plan: {
      type: 'string',
      description: 'Plan id: check the stored plan (or, with --data/--file, that document against the server)',
      valueHint: 'id',
    },
    data: { type: 'string', description: 'A plan document to check, as a JSON string', valueHint: 'json' },
    file: { type: 'string', description: 'A plan document to check, from a file (- for stdin)', valueHint: 'file' },
  },
  async run(args, env) {
    const given = args.data !== undefined || args.file !== undefined
    if (args.plan === undefined && !given)
      throw usageError(
        "Say what to check: --plan <id> for a stored plan, or a document with --data '{…}' or --file plan.json",
      )
    if (args.plan === undefined) {
      const { text, source } = await readPlanText(env, args.file, args.data)
      requirePlan(parsePlanJson(text, source), source)
      return result({ valid: true, problems: [] }, () => `${source} is a valid plan`)
    }
    let document: unknown
    let what = `Plan ${args.plan}`
    if (given) {
      const { text, source } = await readPlanText(env, args.file, args.data)
      document = parsePlanJson(text, source)
      what = source
    }
    const checked = await validatePlan(env.client(), args.plan, document)
    if (!checked.valid) throw planInvalid(what, checked.problems)
    return result(checked, () => `${what} is a valid plan`)
  },
})
