/**
 * @module svc_execute: builds the app a plan describes (every module in order, or one),
 * resuming after a failure without duplicating anything, and reports what each module
 * made and the app's URLs. The plan is a stored one (planId) or a document passed inline
 * (plan), never a file. Given a jobId instead, it waits for a running svc_generate.
 */
import { z } from 'zod'
import type { SvcClient } from '../../client.ts'
import { type CliError, usageError } from '../../errors.ts'
import { asCliError } from '../../output.ts'
import { executePlan, getJob, importPlan, putPlan, type ExecuteResult } from '../../commands/smart/_api.ts'
import { asPlanError, requirePlan } from '../../commands/smart/_plan-file.ts'
import { moduleLines } from '../../commands/smart/_view.ts'
import { PLAN_MODULES, type PlanModule } from '../../../server/contract/smart/plan.ts'
import { fail, ok } from '../results.ts'
import { answerJob, loggedInClient, SMART_OUTPUT } from './svc-generate.ts'
import type { ToolModule } from './tool.ts'

type Input = { planId?: string; plan?: Record<string, unknown>; module?: PlanModule; jobId?: string }

const PLANS_HINT =
  'Check the id: svc_generate returns planId (and jobId while planning); svc_read "smart plan list" lists your plans.'

/** The next step after a build: publishing when the endpoint is not open yet. */
function nextAfterBuild(result: ExecuteResult): string {
  if (!result.urls.fillIn)
    return `Next: the app is not published; after the user agrees, svc_exec "share publish" with ["--app", "${result.appId}"] opens the fill-in page and endpoint. svc_snapshot shows the whole app.`
  return `Next: share the fill-in URL with respondents; svc_snapshot {"appId":"${result.appId}"} shows the whole app.`
}

function builtText(result: ExecuteResult): string {
  const urls = Object.entries({
    'fill-in': result.urls.fillIn,
    editor: result.urls.editor,
    data: result.urls.data,
    endpoint: result.urls.endpoint,
  }).map(([name, url]) => `- ${name}: ${url ?? 'not published yet'}`)
  return [
    `${result.appCreated ? 'Built' : 'Updated'} app ${result.appId} from plan ${result.planId}:`,
    ...moduleLines(result).map((line) => `- ${line}`),
    'URLs:',
    ...urls,
    nextAfterBuild(result),
  ].join('\n')
}

/** The failure of a build, with how to resume (once the plan is stored, `planId` says which). */
function buildFailure(error: CliError, planId: string | undefined) {
  if (error.type === 'not_found') return fail(error, PLANS_HINT)
  const stoppedAt = (error.details as { module?: string } | undefined)?.module
  if (!stoppedAt || planId === undefined) return fail(error)
  return fail(
    error,
    `Fix the plan (svc_execute with {"planId":"${planId}","plan":{…}} replaces and builds it) or the app (svc_exec), then call svc_execute with {"planId":"${planId}"} again: finished modules are not repeated.`,
  )
}

/** The id of the plan to build: `planId` as stored, or the inline `plan` checked in full and stored (replacing `planId` when both are given). */
async function planToBuild(client: SvcClient, input: Input): Promise<string> {
  if (input.plan === undefined) return input.planId!
  const plan = requirePlan(input.plan, 'The plan argument')
  try {
    return input.planId === undefined
      ? (await importPlan(client, plan)).id
      : (await putPlan(client, input.planId, plan)).id
  } catch (error) {
    throw asPlanError(error, 'The plan argument')
  }
}

export const svcExecute: ToolModule = {
  name: 'svc_execute',
  config: {
    title: 'Build the app from a plan',
    description: `Builds the app a plan describes, module by module (${PLAN_MODULES.join(' → ')}); returns its URLs. Re-running a planId resumes, never duplicates. Publishes only if the plan says so (else svc_exec "share publish", after asking). Pass planId, or plan (stored as a new plan: a new app each call; with planId it replaces that plan). jobId waits for a running svc_generate.`,
    inputSchema: {
      planId: z.string().min(1).optional().describe('A stored plan to build'),
      plan: z
        .record(z.string(), z.unknown())
        .optional()
        .describe(
          'A whole plan (checked first), as svc_read "smart plan show" with ["--plan", "<id>", "--format", "json"] gives it',
        ),
      module: z.enum(PLAN_MODULES).optional().describe('Only this module (default: every one not done yet)'),
      jobId: z.string().min(1).optional().describe('Instead: a running planning job to wait for'),
    },
    outputSchema: SMART_OUTPUT,
    // Not idempotent: each call with a plan and no planId stores a new plan and builds a new app.
    annotations: {
      title: 'Build the app from a plan',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    },
  },
  async handler(env, input: Input, extra) {
    const building = input.planId !== undefined || input.plan !== undefined
    if (building === (input.jobId !== undefined)) {
      return fail(
        usageError(
          'Pass planId or plan to build the app, or jobId to wait for a running svc_generate, not both or neither',
        ),
        'Call again with one of them.',
      )
    }
    if (input.jobId !== undefined && input.module !== undefined) {
      return fail(
        usageError('module goes with planId or plan, not with jobId'),
        'Wait for the plan with jobId first, then build with planId (and module if needed).',
      )
    }
    let planId = input.planId
    try {
      const client = loggedInClient(env)
      if (input.jobId !== undefined) return await answerJob(env, client, await getJob(client, input.jobId), extra)
      planId = await planToBuild(client, input)
      const result = await executePlan(client, planId, input.module)
      const { fillIn, editor, data, endpoint, help } = result.urls
      return ok(builtText(result), {
        status: 'built',
        planId: result.planId,
        appId: result.appId,
        urls: { fillIn, editor, data, endpoint, help },
      })
    } catch (error) {
      const failure = asCliError(error)
      if (input.jobId !== undefined && failure.type === 'not_found')
        return fail(
          failure,
          'Check the jobId: it is the one svc_generate answered with {status:"running"}. svc_read "smart status" with ["--job", "<id>"] shows a job.',
        )
      return buildFailure(failure, planId)
    }
  },
}
