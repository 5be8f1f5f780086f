/**
 * @module svc_execute: builds the app a plan describes (every module in order, or one),
 * resuming after a failure without duplicating anything, and reports what each module
 * made and the app's URLs. Given a jobId instead, it waits for a running svc_generate.
 */
import { z } from 'zod'
import { CliError, usageError } from '../../errors.ts'
import { asCliError } from '../../output.ts'
import { executePlan, getJob, type ExecuteResult } from '../../commands/smart/_api.ts'
import { moduleLines } from '../../commands/smart/_view.ts'
import { PLAN_MODULES, type PlanModule } from '../../../server/core/smart/plan.ts'
import { CONSTRAINTS } from '../constraints.ts'
import { fail, ok } from '../results.ts'
import { answerJob, loggedInClient, SMART_CONSTRAINTS, SMART_OUTPUT } from './svc-generate.ts'
import type { ToolModule } from './tool.ts'

const PLANS_HINT = 'Check the id: svc_generate returns planId (and jobId while planning); svc_read "smart plan list" lists your plans.'

/** The next step after a build: publishing when the endpoint is not open yet. */
function nextAfterBuild(result: ExecuteResult): string {
  if (!result.urls.fillIn) return `Next: the app is not published; after the user agrees, svc_exec "share publish" with ["--app", "${result.appId}"] opens the fill-in page and endpoint. svc_snapshot shows the whole app.`
  return `Next: share the fill-in URL with respondents; svc_snapshot {"appId":"${result.appId}"} shows the whole app.`
}

function builtText(result: ExecuteResult): string {
  const urls = Object.entries({ 'fill-in': result.urls.fillIn, editor: result.urls.editor, data: result.urls.data, endpoint: result.urls.endpoint })
    .map(([name, url]) => `- ${name}: ${url ?? 'not published yet'}`)
  return [`${result.appCreated ? 'Built' : 'Updated'} app ${result.appId} from plan ${result.planId}:`, ...moduleLines(result).map((line) => `- ${line}`), 'URLs:', ...urls, nextAfterBuild(result)].join('\n')
}

/** The failure of a build, with how to resume. */
function buildFailure(error: CliError, planId: string) {
  if (error.type === 'not_found') return fail(error, PLANS_HINT)
  const stoppedAt = (error.details as { module?: string } | undefined)?.module
  if (!stoppedAt) return fail(error)
  return fail(error, `Fix the plan (svc_exec "smart plan edit" with ["--plan", "${planId}", "--data", "<plan JSON>"]) or the app (svc_exec), then call svc_execute with {"planId":"${planId}"} again: finished modules are not repeated.`)
}

export const svcExecute: ToolModule = {
  name: 'svc_execute',
  config: {
    title: 'Build the app from a plan',
    description: `Builds the app a plan from svc_generate describes: runs each plan module (${PLAN_MODULES.join(', ')}) in order through svc's own operations, or only \`module\`, and reports what each created and the app's URLs (fill-in, editor, data, endpoint). Safe to repeat: a re-run after a failure resumes and never duplicates fields, scales or pages. Publishes the endpoint only when the plan says so (otherwise use svc_exec "share publish" after asking the user). Pass planId to build; or pass jobId (from a svc_generate that answered {status:"running"}) to wait for planning again: it then answers like svc_generate. Needs login. ${SMART_CONSTRAINTS} ${CONSTRAINTS}`,
    inputSchema: {
      planId: z.string().min(1).optional().describe('The plan to build (from svc_generate)'),
      module: z.enum(PLAN_MODULES).optional().describe('Run only this module; default: all, skipping those an earlier run finished'),
      jobId: z.string().min(1).optional().describe('Instead of planId: a running planning job to wait for'),
    },
    outputSchema: SMART_OUTPUT,
    annotations: { title: 'Build the app from a plan', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  },
  async handler(env, input: { planId?: string; module?: PlanModule; jobId?: string }, extra) {
    if ((input.planId === undefined) === (input.jobId === undefined)) {
      return fail(usageError('Pass planId to build the app, or jobId to wait for a running svc_generate, not both or neither'), 'Call again with one of them.')
    }
    try {
      const client = loggedInClient(env)
      if (input.jobId !== undefined) {
        if (input.module !== undefined) return fail(usageError('module goes with planId, not with jobId'), 'Wait for the plan with jobId first, then build with planId (and module if needed).')
        return await answerJob(env, client, await getJob(client, input.jobId), extra)
      }
      const result = await executePlan(client, input.planId!, input.module)
      const app = { appId: result.appId, appCreated: result.appCreated, modules: result.modules, urls: result.urls }
      return ok(builtText(result), { status: 'built', jobId: null, planId: result.planId, progress: null, plan: null, notes: [], app })
    } catch (error) {
      const failure = asCliError(error)
      if (input.jobId !== undefined && failure.type === 'not_found') return fail(failure, 'Check the jobId: it is the one svc_generate answered with {status:"running"}. svc_read "smart status" with ["--job", "<id>"] shows a job.')
      return buildFailure(failure, input.planId ?? '')
    }
  },
}
