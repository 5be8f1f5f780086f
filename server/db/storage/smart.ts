/**
 * @module The storage of smart generation: plans and planning jobs: the interface core calls
 * (implemented in sqlite/smart.ts and postgres/smart.ts) and its plain row types.
 *
 * A job is run by one svc process at a time, its `runner` (a random id per process start),
 * which proves it is alive by moving `heartbeatAt` forward. Every write a runner makes is
 * fenced on `runner = <its id>` and an unfinished status, so a process that lost the job
 * (cancelled from anywhere, or taken over after its heartbeat went stale) cannot write into
 * it any more; it learns so from the `false` the write returns, or from its next beat.
 */

/** A row of smart_plans. */
export interface PlanRow {
  id: string
  ownerId: string
  /** `builtin` or `llm`. */
  planner: string
  /** The plan document, JSON text. */
  plan: string
  /** What executing the plan has done so far, JSON text; null before the first execute. */
  execution: string | null
  createdAt: number
  updatedAt: number
}

/** The statuses of a job that has not finished: a process may (still) run it. */
export const UNFINISHED_JOB_STATUSES = ['queued', 'running'] as const

/** A row of smart_jobs. */
export interface JobRow {
  id: string
  ownerId: string
  instruction: string
  planner: string
  /** queued, running, succeeded, failed or cancelled. */
  status: string
  stage: string
  percent: number
  /** Progress messages, oldest first: a JSON array of strings (as text). */
  messages: string
  planId: string | null
  /** `{type, message}` as JSON text when the job failed. */
  error: string | null
  createdAt: number
  updatedAt: number
  finishedAt: number | null
  /** The process running the job; null when none does (a job handed back at shutdown). */
  runner: string | null
  /** When the runner last said it is alive. */
  heartbeatAt: number | null
}

/** A step of a running job: where it is and the message saying so (appended, never rewritten). */
export interface JobStep {
  stage: string
  percent: number
  message: string
}

/** How a job failed: its last stage, the message saying why, and `{type, message}` as JSON text. */
export interface JobFailure {
  stage: string
  message: string
  error: string
}

/** Why cancelling did not happen: no such job of that owner, or it has already finished (the row). */
export type CancelResult = { ok: true; row: JobRow } | { ok: false; row: JobRow | null }

export interface SmartStore {
  // ── plans ──
  /** Stores a new plan. */
  insertPlan(row: PlanRow): Promise<void>
  /** Plan `planId` when `ownerId` owns it. */
  planOf(ownerId: string, planId: string): Promise<PlanRow | null>
  /** `ownerId`'s plans, newest first. */
  plansOf(ownerId: string): Promise<PlanRow[]>
  /**
   * Replaces the document of `ownerId`'s plan `planId` and its execution with
   * `execution(previous)` (a pure function of the stored execution JSON), in one unit, so an
   * execution saved meanwhile is not lost; null when there is no such plan.
   */
  replacePlan(
    ownerId: string,
    planId: string,
    plan: string,
    execution: (previous: string | null) => string | null,
    now: number,
  ): Promise<PlanRow | null>
  /** Records what executing plan `planId` has done so far (JSON text). */
  saveExecution(planId: string, execution: string, now: number): Promise<void>

  // ── jobs ──
  /** Stores a new job (already held by its runner, or queued with none). */
  insertJob(row: JobRow): Promise<void>
  /** Job `jobId`, whoever owns it. */
  job(jobId: string): Promise<JobRow | null>
  /** Job `jobId` when `ownerId` owns it. */
  jobOf(ownerId: string, jobId: string): Promise<JobRow | null>
  /** `ownerId`'s jobs, newest first. */
  jobsOf(ownerId: string): Promise<JobRow[]>
  /**
   * Moves a job `runner` holds to `step`, appending its message atomically (two writers
   * never lose a message); false when the job is no longer `runner`'s or has finished.
   */
  advanceJob(jobId: string, runner: string, step: JobStep, now: number): Promise<boolean>
  /** Ends a job `runner` holds as failed (its percent stays); false when it was no longer `runner`'s. */
  failJob(jobId: string, runner: string, failure: JobFailure, now: number): Promise<boolean>
  /**
   * In one unit: when `runner` still holds the job, stores `plan` and ends the job as
   * succeeded with it; false (and nothing stored) otherwise, so a job yields one plan at most.
   */
  succeedJob(jobId: string, runner: string, plan: PlanRow, step: JobStep, now: number): Promise<boolean>
  /** Ends `ownerId`'s job as cancelled (from any process), appending `message`, when it has not finished. */
  cancelJob(ownerId: string, jobId: string, message: string, now: number): Promise<CancelResult>
  /**
   * Makes `runner` the holder of an unfinished job that nobody runs: no runner, or a
   * heartbeat older than `staleBefore`. One conditional update, so of processes claiming at
   * once exactly one wins. The job restarts: status running, stage queued, percent 0,
   * `message` appended. The claimed row, or null when the job was not there to take.
   */
  claimJob(jobId: string, runner: string, staleBefore: number, message: string, now: number): Promise<JobRow | null>
  /** Sets the heartbeat of `runner`'s unfinished jobs among `jobIds` to `now`; the ids it still holds. */
  beat(runner: string, jobIds: string[], now: number): Promise<string[]>
  /**
   * Hands back every unfinished job `runner` holds (at shutdown): status queued, no runner,
   * `message` appended; the next process that reads one claims it at once.
   */
  releaseJobs(runner: string, message: string, now: number): Promise<number>
}
