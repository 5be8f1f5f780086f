import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { putPlan } from '../_api.ts'
import { asPlanError, parsePlanJson, readPlanText, requirePlan } from '../_plan-file.ts'
import { overviewText, planOverview } from '../_view.ts'

export default defineSvcCommand({
  description: 'Replace a plan with an edited document from --file, --data or stdin (checked in full first)',
  example:
    'svc-cli smart plan show --plan 0193… --format json > plan.json && svc-cli smart plan edit --plan 0193… --file plan.json',
  effect: 'write',
  args: {
    plan: { type: 'string', required: true, description: 'Plan id', valueHint: 'id' },
    file: { type: 'string', description: 'The plan document (JSON); - or leave out to read stdin', valueHint: 'file' },
    data: { type: 'string', description: 'The plan document as a JSON string instead of a file', valueHint: 'json' },
  },
  async run(args, env) {
    const { text, source } = await readPlanText(env, args.file, args.data)
    const document = parsePlanJson(text, source)
    requirePlan(document, source)
    try {
      const stored = await putPlan(env.client(), args.plan, document)
      return result(stored, () => `Saved.\n${overviewText(planOverview(stored))}`)
    } catch (error) {
      throw asPlanError(error, source)
    }
  },
})
