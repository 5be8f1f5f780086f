import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { PLAN_MODULES, type PlanModule } from '../../../server/contract/smart/plan.ts'
import { executePlan, importPlan } from './_api.ts'
import { asPlanError, looksLikeFile, parsePlanJson, readPlanText, requirePlan } from './_plan-file.ts'
import { executionText } from './_view.ts'

export default defineSvcCommand({
  description:
    'Build the app from a plan (a stored plan id, or a plan file): every module in order, or one with --module',
  example: 'svc-cli smart execute --plan 0193… --module report',
  effect: 'write',
  args: {
    plan: {
      type: 'string',
      required: true,
      description:
        'Plan id (see `smart plan list`), or a plan file to store and build (a .json name, a path with /, or - for stdin)',
      valueHint: 'id|file',
    },
    module: {
      type: 'enum',
      options: [...PLAN_MODULES],
      description: `Run only this module (${PLAN_MODULES.join(', ')}); default: all, skipping those an earlier run finished`,
      valueHint: 'name',
    },
  },
  async run(args, env) {
    const client = env.client()
    let planId = args.plan
    let imported: string | null = null
    if (looksLikeFile(args.plan)) {
      const { text, source } = await readPlanText(env, args.plan, undefined)
      const plan = requirePlan(parsePlanJson(text, source), source)
      try {
        planId = (await importPlan(client, plan)).id
      } catch (error) {
        throw asPlanError(error, source)
      }
      imported = source
    }
    const execution = await executePlan(client, planId, args.module as PlanModule | undefined)
    const data = imported ? { ...execution, importedFrom: imported } : execution
    return result(
      data,
      (style) => `${imported ? `Stored ${imported} as plan ${planId}\n` : ''}${executionText(execution)(style)}`,
    )
  },
})
