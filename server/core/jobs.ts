/**
 * @module What the context offers as `ctx.jobs`: the long jobs this process runs (planning
 * jobs of the planner, server/smart), with their heartbeats and cancelling. Core names only
 * this interface; the planner's wing implements it (server/smart/job-runner.ts), so core
 * never loads the planner.
 */

export interface JobRunner {
  /** This process's runner id (random per context), written into the rows of the jobs it runs. */
  readonly id: string
  /**
   * Runs `work` for job `jobId` (whose row already names this runner) until it settles,
   * beating the job's heartbeat meanwhile; `signal` aborts when the job stops being ours.
   */
  run(jobId: string, work: (signal: AbortSignal) => Promise<void>): Promise<void>
  /** Whether job `jobId` runs in this process. */
  isRunning(jobId: string): boolean
  /** Aborts job `jobId` here, when it runs here (its row is the caller's business). */
  abort(jobId: string): void
  /** Resolves when job `jobId` of this process has settled (at once when it does not run here). */
  settled(jobId: string): Promise<void>
  /** One heartbeat now: what the timer does every LIMITS.jobHeartbeatMs. */
  beat(): Promise<void>
  /**
   * Aborts every job running here, waits for them, and (`release`, the default) hands their
   * rows back as queued. `release: false` leaves the rows as a crash would (tests).
   * Afterwards nothing runs here any more.
   */
  stop(options?: { release?: boolean }): Promise<void>
}
