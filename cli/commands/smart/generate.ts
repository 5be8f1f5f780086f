import type { SvcClient } from '../../client.ts'
import { defineSvcCommand, type CommandEnv } from '../../command.ts'
import { CliError, EXIT, usageError } from '../../errors.ts'
import { result } from '../../output.ts'
import { PLAN_MODULES } from '../../../server/contract/smart/plan.ts'
import { PLANNER_NAMES, type StartPlanningInput } from '../../../server/contract/smart/schemas.ts'
import {
  cancelJob,
  executePlan,
  getJob,
  getPlan,
  importPlan,
  isFinished,
  jobError,
  putPlan,
  startPlanning,
  type Job,
  type StoredPlan,
} from './_api.ts'
import { asPlanError, parsePlanJson, readPlanText, requirePlan } from './_plan-file.ts'
import { createProgress, type Progress } from './_progress.ts'
import { executionText, overviewText, planOverview } from './_view.ts'
import { waitForJob } from './_wait.ts'
import { asProgram } from '../../program.ts'

/** Cancels the job after Ctrl-C and ends the command with exit 130. */
async function interrupted(client: SvcClient, job: Job, progress: Progress): Promise<never> {
  progress.done(false)
  try {
    await cancelJob(client, job.id)
  } catch (error) {
    // It finished between the last poll and Ctrl-C: say where its plan is instead.
    if (!(error instanceof CliError && error.type === 'conflict')) throw error
    const finished = await getJob(client, job.id)
    const plan = finished.planId
      ? `; its plan ${finished.planId} is stored (svc-cli smart execute --plan ${finished.planId})`
      : ''
    throw new CliError(
      'interrupted',
      `Interrupted; planning job ${job.id} had already ${finished.status}${plan}`,
      EXIT.interrupted,
    )
  }
  throw new CliError('interrupted', `Interrupted; planning job ${job.id} was cancelled`, EXIT.interrupted)
}

/** Stores the plan in `file` (`-` is stdin) as written, after checking it with the server's own rules. */
async function storePlanFile(env: CommandEnv, client: SvcClient, file: string): Promise<StoredPlan> {
  const { text, source } = await readPlanText(env, file, undefined)
  const plan = requirePlan(parsePlanJson(text, source), source)
  try {
    return await importPlan(client, plan)
  } catch (error) {
    throw asPlanError(error, source)
  }
}

/** Plans `input` as a job and waits for it with progress; Ctrl-C (from the start) cancels the job. */
async function plan(env: CommandEnv, client: SvcClient, input: StartPlanningInput, progress: Progress): Promise<Job> {
  const interrupt = new AbortController()
  const stopListening = env.io.onInterrupt?.(() => interrupt.abort())
  try {
    const started = await startPlanning(client, input)
    let job = await getJob(client, started.jobId)
    progress.job(job)
    if (!isFinished(job))
      job = await waitForJob(client, job, { signal: interrupt.signal, onUpdate: (next) => progress.job(next) })
    if (interrupt.signal.aborted) return await interrupted(client, job, progress)
    return job
  } finally {
    stopListening?.()
  }
}

export default defineSvcCommand({
  description:
    'Make an app from one instruction, a plain form ("a contact form with name, email and message") or a scored assessment: plan it, then build it (--plan-only stops after planning)',
  example:
    'svc-cli smart generate --input "a 12-question burnout check for nurses: exhaustion, cynicism, efficacy; 5-point scale; calm blue"   (or --plan-file plan.json)',
  effect: 'write',
  args: {
    input: {
      type: 'string',
      description:
        "The instruction (English or Chinese): a form and its fields (contact, RSVP, registration, order, feedback, bug report…), or an assessment's topic, audience, number of questions, dimensions, answer scale; styling; naming a validated instrument (PHQ-9, GAD-7, WHO-5, SUS, NPS, Copenhagen Burnout Inventory, Big Five) uses it verbatim",
      valueHint: 'text',
    },
    'plan-file': {
      type: 'string',
      description:
        'Instead of --input: a complete plan you wrote (JSON, `-` for stdin), checked like every plan and stored as written',
      valueHint: 'file',
    },
    'plan-only': {
      type: 'boolean',
      description: 'Only plan; review with `smart plan show`, build with `smart execute`',
    },
    publish: { type: 'boolean', description: "Publish the endpoint when building (sets the plan's share.publish)" },
    planner: {
      type: 'enum',
      options: [...PLANNER_NAMES],
      description:
        'builtin (instant) or llm (needs SVC_LLM_URL on the server); default: llm when configured, else builtin',
      valueHint: 'name',
    },
  },
  async run(args, env) {
    if ((args.input === undefined) === (args['plan-file'] === undefined))
      throw usageError('Pass either --input "<instruction>" or --plan-file plan.json, not both or neither')
    if (args['plan-file'] !== undefined && args.planner !== undefined)
      throw usageError('--planner goes with --input; a plan file is stored as written')
    const client = env.client()
    const progress = createProgress(env.io, env.json)
    let finished = false
    try {
      let jobId: string | null = null
      let stored: StoredPlan
      if (args['plan-file'] !== undefined) {
        progress.step('storing', `Checking and storing the plan in ${args['plan-file']}`)
        stored = await storePlanFile(env, client, args['plan-file'])
      } else {
        const job = await plan(
          env,
          client,
          { instruction: args.input!, planner: args.planner as StartPlanningInput['planner'] },
          progress,
        )
        if (job.status !== 'succeeded') throw jobError(job)
        jobId = job.id
        stored = await getPlan(client, job.planId!)
      }
      if (args.publish && !stored.plan.share.publish) {
        // The planner's own note about publishing no longer holds.
        const notes = [
          ...stored.plan.notes.filter((note) => !note.startsWith('Publishing:')),
          'Publishing: asked for with --publish, so building the app publishes its endpoint.',
        ]
        stored = await putPlan(client, stored.id, { ...stored.plan, share: { publish: true }, notes })
      }
      const overview = planOverview(stored)
      if (args['plan-only']) {
        finished = true
        const next = `Next: svc-cli smart plan show --plan ${stored.id}   then   svc-cli smart execute --plan ${stored.id}`
        return result(
          { jobId, planId: stored.id, plan: overview, execution: null },
          (style) => `${overviewText(overview)}\n\n${asProgram(next, style.program)}`,
        )
      }
      progress.step('building', `Building the app from plan ${stored.id}: ${PLAN_MODULES.join(', ')}`)
      const execution = await executePlan(client, stored.id)
      finished = true
      return result(
        { jobId, planId: stored.id, plan: overview, execution },
        (style) => `${overviewText(overview)}\n\n${executionText(execution)(style)}`,
      )
    } finally {
      progress.done(finished)
    }
  },
})
