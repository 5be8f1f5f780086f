/**
 * @module svc_generate: one instruction → a stored plan for a plain form or a complete assessment app,
 * answered with the plan's id, summary and notes. Who plans, in order: a validated
 * instrument the instruction names (the server's instrument library); the client's own
 * model through MCP sampling when the client supports it and no planner was asked for
 * (sampling.ts; the plan is stored as a caller-written plan); else the server's planner
 * job — SVC_LLM_URL's model when configured, the built-in planner otherwise. A plan the
 * caller wrote (`plan`) is checked and stored as it is. The server's job is done at once
 * for the built-in planner; an LLM planner may take minutes, so the call waits at most
 * WAIT_MS (clients often give up at 60 s), sending progress notifications when the client
 * asked for them, and otherwise answers `{status:"running", jobId}` for svc_execute to poll.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { resolveConnection, SvcClient } from '../../client.ts'
import { CliError, notLoggedIn } from '../../errors.ts'
import { asCliError } from '../../output.ts'
import {
  cancelJob,
  draftPlan,
  getJob,
  getPlan,
  importPlan,
  isFinished,
  jobError,
  putPlan,
  startPlanning,
  type Job,
  type StoredPlan,
} from '../../commands/smart/_api.ts'
import { asPlanError, requirePlan } from '../../commands/smart/_plan-file.ts'
import { overviewText, planOverview } from '../../commands/smart/_view.ts'
import { waitForJob } from '../../commands/smart/_wait.ts'
import { PLANNER_NAMES, startPlanningSchema } from '../../../server/contract/smart/schemas.ts'
import { fail, ok } from '../results.ts'
import { planWithSampling, samplingTimeoutMs, type McpSession } from '../sampling.ts'
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
  urls: z
    .object({
      fillIn: z.string().nullable(),
      editor: z.string(),
      data: z.string(),
      endpoint: z.string().nullable(),
      help: z.string().nullable(),
    })
    .optional(),
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
        pending.push(
          extra
            .sendNotification({
              method: 'notifications/progress',
              params: { progressToken: token, progress, total: 100, message },
            })
            .catch(() => undefined),
        )
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
  if (!isFinished(job))
    job = await waitForJob(client, job, {
      deadline: Date.now() + waitMs(env),
      signal: extra?.signal,
      onUpdate: notifier.update,
    })
  await notifier.flush()
  if (!isFinished(job) && extra?.signal.aborted) {
    await cancelJob(client, job.id).catch(() => undefined)
    return fail(
      new CliError('cancelled', `The request was cancelled, so planning job ${job.id} was cancelled too`),
      'Call svc_generate again when ready.',
    )
  }
  const progress = { stage: job.progress.stage, percent: job.progress.percent }
  if (!isFinished(job)) {
    const wait = waitMs(env) >= 1000 ? `${Math.round(waitMs(env) / 1000)} s` : `${waitMs(env)} ms`
    return ok(
      `Planning is still running (job ${job.id}, stage "${progress.stage}", ${progress.percent}%; latest: ${job.progress.messages.at(-1) ?? '-'}). Call svc_execute with {"jobId":"${job.id}"} to wait for it again (each call waits up to ${wait}); it answers with the plan when ready.`,
      { status: 'running', jobId: job.id, progress },
    )
  }
  if (job.status !== 'succeeded')
    return fail(jobError(job), 'Call svc_generate again; planner "builtin" needs nothing external and answers at once.')
  return readyResult(await getPlan(client, job.planId!), { jobId: job.id, progress })
}

/** The answer for a stored plan: its overview, notes and what to do next. */
function readyResult(
  stored: StoredPlan,
  job: { jobId: string; progress: { stage: string; percent: number } } | null,
): CallToolResult {
  const plan = planOverview(stored)
  const next = `Next: tell the user the notes above, then call svc_execute with {"planId":"${plan.planId}"} to build the app. To review it first: svc_read "smart plan show" with ["--plan", "${plan.planId}", "--format", "json"]; to change it, svc_execute with {"planId":"${plan.planId}","plan":{…}} stores the edited document and builds it.`
  return ok(`${overviewText(plan)}\n${next}`, {
    status: 'ready',
    ...(job ?? {}),
    planId: plan.planId,
    notes: plan.notes,
  })
}

type Input = { instruction?: string; planner?: 'builtin' | 'llm'; plan?: Record<string, unknown> }

/** Stores a plan the caller wrote, after the same checks as every plan. */
async function storeWritten(client: SvcClient, document: unknown): Promise<CallToolResult> {
  const plan = requirePlan(document, 'The plan argument')
  try {
    return readyResult(await importPlan(client, plan), null)
  } catch (error) {
    throw asPlanError(error, 'The plan argument')
  }
}

/**
 * Plans with the client's model: the server's draft first (a validated instrument there
 * wins, and is planned by the server as usual: null), then sampling. A failed sampling
 * answers with the reason, for the server's planner to take over.
 */
async function planBySampling(
  env: Env,
  client: SvcClient,
  session: McpSession,
  instruction: string,
  extra?: ToolExtra,
): Promise<{ answer: CallToolResult } | { failure: string } | null> {
  const draft = await draftPlan(client, instruction)
  if (draft.madeBy === 'instrument') return null
  const token = extra?._meta?.progressToken
  // Progress for clients that asked for it; a notification that cannot be sent changes nothing.
  const onStep = async (progress: number, message: string) => {
    if (token !== undefined && extra)
      await extra
        .sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token, progress, total: 100, message },
        })
        .catch(() => undefined)
  }
  const outcome = await planWithSampling(session, instruction, draft.plan, {
    signal: extra?.signal,
    timeoutMs: samplingTimeoutMs(env),
    onStep,
  })
  if ('failure' in outcome) return { failure: outcome.failure }
  const note = `Planned by the MCP client's model (${outcome.model}) through MCP sampling, starting from the built-in planner's draft.`
  const plan = { ...outcome.plan, notes: [note, ...outcome.plan.notes.filter((n) => n !== note)] }
  try {
    return { answer: readyResult(await importPlan(client, plan), null) }
  } catch (error) {
    // The server's checks are the client's: a plan they pass here and fail there is a bug, reported as one.
    throw asPlanError(error, "The client model's plan")
  }
}

/** The server's planner job, saying in the stored plan's notes (when it is ready at once) why the client's model did not plan. */
async function planOnServer(
  env: Env,
  client: SvcClient,
  input: Input,
  samplingFailure: string | null,
  extra?: ToolExtra,
): Promise<CallToolResult> {
  const started = await startPlanning(client, { instruction: input.instruction!, planner: input.planner })
  if (samplingFailure === null) return await answerJob(env, client, await getJob(client, started.jobId), extra)
  const note = `The MCP client's model was asked for the plan but ${samplingFailure}; the server's planner made it instead.`
  if (started.planId) {
    const stored = await getPlan(client, started.planId)
    await putPlan(client, stored.id, { ...stored.plan, notes: [note, ...stored.plan.notes] })
  }
  const answer = await answerJob(env, client, await getJob(client, started.jobId), extra)
  if (started.planId) return answer
  return { ...answer, content: [{ type: 'text', text: `${note}\n${(answer.content[0] as { text: string }).text}` }] }
}

export const svcGenerate: ToolModule = {
  name: 'svc_generate',
  config: {
    title: 'Plan a form or assessment app',
    description: `Plans an app from one instruction (English or Chinese): a plain form ("a contact form with name, email and message") or a scored assessment ("a 12-question burnout check for nurses; calm blue"). A named instrument (PHQ-9, GAD-7, WHO-5, SUS, NPS, CBI, Big Five) is used verbatim. With MCP sampling your own model plans (leave planner out); or pass plan, one you wrote, stored as is. Returns planId, summary, notes (tell the user); svc_execute builds it. A slow planner answers {status:"running", jobId} after ~${Math.round(WAIT_MS / 1000)} s: wait with svc_execute {jobId}.`,
    inputSchema: {
      instruction: startPlanningSchema.shape.instruction.optional().describe('What to build'),
      planner: z
        .enum(PLANNER_NAMES)
        .optional()
        .describe('Server planner: builtin or llm; default: your model via sampling, else the server default'),
      plan: z.object({}).passthrough().optional().describe('A complete plan you wrote'),
    },
    outputSchema: SMART_OUTPUT,
    annotations: {
      title: 'Plan a form or assessment app',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    },
  },
  async handler(env, input: Input, extra, session) {
    try {
      if ((input.instruction === undefined) === (input.plan === undefined))
        throw new CliError(
          'usage',
          'Pass instruction (what to build) or plan (a complete plan you wrote), not both or neither',
        )
      if (input.plan !== undefined && input.planner !== undefined)
        throw new CliError('usage', 'planner goes with instruction; a plan you wrote is stored as it is')
      const client = loggedInClient(env)
      if (input.plan !== undefined) return await storeWritten(client, input.plan)
      let samplingFailure: string | null = null
      if (input.planner === undefined && session?.canSample()) {
        const sampled = await planBySampling(env, client, session, input.instruction!, extra)
        if (sampled && 'answer' in sampled) return sampled.answer
        if (sampled) samplingFailure = sampled.failure
      }
      return await planOnServer(env, client, input, samplingFailure, extra)
    } catch (error) {
      const failure = asCliError(error)
      if (failure.type === 'validation' && input.plan !== undefined)
        return fail(failure, 'Fix the listed problems in the plan and call again.')
      return failure.type === 'validation'
        ? fail(
            failure,
            'Fix the listed problems and call again; planner "builtin" needs nothing external (leave planner out for the server default).',
          )
        : fail(failure)
    }
  },
}
