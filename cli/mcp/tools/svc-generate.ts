/**
 * @module svc_generate: one instruction → a stored plan for a complete assessment app,
 * answered with the plan's id, summary and notes. Planning is a server job: the built-in
 * planner is done at once; an LLM planner may take minutes, so the call waits at most
 * WAIT_MS (clients often give up at 60 s), sending progress notifications when the client
 * asked for them, and otherwise answers `{status:"running", jobId}` for svc_execute to poll.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { resolveConnection, SvcClient } from '../../client.ts'
import { CliError, notLoggedIn } from '../../errors.ts'
import { asCliError } from '../../output.ts'
import { cancelJob, getJob, getPlan, isFinished, jobError, startPlanning, type Job } from '../../commands/smart/_api.ts'
import { overviewText, planOverview } from '../../commands/smart/_view.ts'
import { waitForJob } from '../../commands/smart/_wait.ts'
import { startPlanningSchema } from '../../../server/core/smart/schemas.ts'
import { fail, ok } from '../results.ts'
import type { ToolExtra, ToolModule } from './tool.ts'

type Env = Record<string, string | undefined>

/** How long one call waits for a planning job before answering "running". */
export const WAIT_MS = 50_000

/** WAIT_MS, or SVC_MCP_WAIT_MS from the MCP server's environment (tests use a tiny one). */
export function waitMs(env: Env): number {
  const raw = env.SVC_MCP_WAIT_MS?.trim()
  return raw && /^\d+$/.test(raw) ? Number(raw) : WAIT_MS
}

/**
 * The structured result of svc_generate and svc_execute, flat and small (tools/list carries
 * it on every session): a key is present only when it applies. The plan's overview and
 * what each module made are in the text.
 */
export const SMART_OUTPUT = {
  status: z.enum(['running', 'ready', 'built']),
  jobId: z.string().optional(),
  planId: z.string().optional(),
  progress: z.object({ stage: z.string(), percent: z.number() }).optional(),
  notes: z.array(z.string()).optional(),
  appId: z.string().optional(),
  urls: z.object({ fillIn: z.string().nullable(), editor: z.string(), data: z.string(), endpoint: z.string().nullable(), help: z.string().nullable() }).optional(),
}

/** The tool's client, or a not-logged-in error with the way to log in. */
export function loggedInClient(env: Env): SvcClient {
  const connection = resolveConnection({}, env)
  if (!connection.token) throw notLoggedIn(connection.server)
  return new SvcClient(connection)
}

/**
 * MCP progress notifications for a job, when the request carried a progress token. Each
 * new job message becomes one notification; values rise towards the job's percent (the
 * spec wants them strictly increasing), so a job that finished at once is replayed.
 */
function progressNotifier(extra: ToolExtra | undefined) {
  const token = extra?._meta?.progressToken
  const pending: Promise<void>[] = []
  let sentMessages = 0
  let last = 0
  return {
    update(job: Job) {
      const fresh = job.progress.messages.slice(sentMessages)
      sentMessages = job.progress.messages.length
      if (token === undefined || !extra || job.progress.percent <= last || fresh.length === 0) return
      const from = last
      fresh.forEach((message, index) => {
        const progress = from + ((job.progress.percent - from) * (index + 1)) / fresh.length
        pending.push(extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress, total: 100, message } }).catch(() => undefined))
      })
      last = job.progress.percent
    },
    /** Resolves once every notification is out, so they precede the result. */
    flush: () => Promise.all(pending),
  }
}

/**
 * Waits for a planning job up to the threshold and answers: the plan when ready, "running"
 * with the job id when not, an isError result when it failed. A cancelled request cancels the job.
 */
export async function answerJob(env: Env, client: SvcClient, job: Job, extra?: ToolExtra): Promise<CallToolResult> {
  const notifier = progressNotifier(extra)
  notifier.update(job)
  if (!isFinished(job)) job = await waitForJob(client, job, { deadline: Date.now() + waitMs(env), signal: extra?.signal, onUpdate: notifier.update })
  await notifier.flush()
  if (!isFinished(job) && extra?.signal.aborted) {
    await cancelJob(client, job.id).catch(() => undefined)
    return fail(new CliError('cancelled', `The request was cancelled, so planning job ${job.id} was cancelled too`), 'Call svc_generate again when ready.')
  }
  const progress = { stage: job.progress.stage, percent: job.progress.percent }
  if (!isFinished(job)) {
    const wait = waitMs(env) >= 1000 ? `${Math.round(waitMs(env) / 1000)} s` : `${waitMs(env)} ms`
    return ok(
      `Planning is still running (job ${job.id}, stage "${progress.stage}", ${progress.percent}%; latest: ${job.progress.messages.at(-1) ?? '-'}). Call svc_execute with {"jobId":"${job.id}"} to wait for it again (each call waits up to ${wait}); it answers with the plan when ready.`,
      { status: 'running', jobId: job.id, progress },
    )
  }
  if (job.status !== 'succeeded') return fail(jobError(job), 'Call svc_generate again; planner "builtin" needs nothing external and answers at once.')
  const plan = planOverview(await getPlan(client, job.planId!))
  const next = `Next: tell the user the notes above, then call svc_execute with {"planId":"${plan.planId}"} to build the app. To review it first: svc_read "smart plan show" with ["--plan", "${plan.planId}", "--format", "json"]; to change it, svc_execute with {"planId":"${plan.planId}","plan":{…}} stores the edited document and builds it.`
  return ok(`${overviewText(plan)}\n${next}`, { status: 'ready', jobId: job.id, planId: plan.planId, progress, notes: plan.notes })
}

export const svcGenerate: ToolModule = {
  name: 'svc_generate',
  config: {
    title: 'Plan an assessment app from an instruction',
    description: `Plans a whole assessment app from one instruction (English or Chinese), e.g. "a 12-question burnout check for nurses: exhaustion, cynicism, efficacy; 5-point scale; calm blue": questions, scored dimensions with levels, report pages, expert commentary, styling. Returns the stored plan's planId, a summary and the planner's notes (tell the user); svc_execute builds it. A slow planner answers {status:"running", jobId} after about ${Math.round(WAIT_MS / 1000)} s: wait on with svc_execute {jobId}.`,
    inputSchema: startPlanningSchema.shape,
    outputSchema: SMART_OUTPUT,
    annotations: { title: 'Plan an assessment app from an instruction', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  },
  async handler(env, input: { instruction: string; planner?: 'builtin' | 'llm' }, extra) {
    try {
      const client = loggedInClient(env)
      const started = await startPlanning(client, input)
      return await answerJob(env, client, await getJob(client, started.jobId), extra)
    } catch (error) {
      const failure = asCliError(error)
      return failure.type === 'validation' ? fail(failure, 'Fix the listed problems and call again; planner "builtin" needs nothing external (leave planner out for the server default).') : fail(failure)
    }
  },
}
