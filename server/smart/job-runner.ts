/**
 * @module The planning jobs this process runs (`ctx.jobs`), made once per context. The
 * process has a random runner id that job rows name; while it runs any job, a timer
 * touches their heartbeat every LIMITS.jobHeartbeatMs and aborts (AbortController) each
 * one the database says is no longer ours: cancelled from any process, finished, or taken
 * over by another process after our heartbeat went stale. At shutdown the local jobs are
 * aborted and their rows handed back as queued, so whichever process reads one next
 * resumes it at once instead of after the stale interval (a crash leaves them running; they
 * are taken over once their heartbeat is stale).
 */
import type { Storage } from '../db/storage.ts'
import type { Clock } from '../core/clock.ts'
import { LIMITS } from '../contract/limits.ts'
import type { JobRunner } from '../core/jobs.ts'
import type { Logger } from '../core/logger.ts'

/** Appended to each job handed back at shutdown. */
export const RELEASED_MESSAGE =
  'Interrupted: the server process running it stopped; the next one to read this job plans it again'

interface Local {
  controller: AbortController
  done: Promise<void>
}

/** The job runner of one process over `storage`, dating heartbeats with `clock`. */
export function createJobRunner(parts: { storage: Storage; clock: Clock; log: Logger }): JobRunner {
  const id = crypto.randomUUID()
  const local = new Map<string, Local>()
  let timer: ReturnType<typeof setInterval> | null = null
  let beating: Promise<void> | null = null
  let stopped = false

  const stopBeating = () => {
    if (timer) clearInterval(timer)
    timer = null
  }

  async function beatOnce(): Promise<void> {
    const ids = [...local.keys()]
    if (ids.length === 0) return
    let held: Set<string>
    try {
      held = new Set(await parts.storage.smart.beat(id, ids, parts.clock.now()))
    } catch (error) {
      // The next beat tries again; if the database stays away, another process may take the jobs over.
      parts.log.warn('smart job heartbeat failed', { error: error instanceof Error ? error.message : String(error) })
      return
    }
    for (const jobId of ids) if (!held.has(jobId)) local.get(jobId)?.controller.abort()
  }

  const beat = (): Promise<void> => (beating ??= beatOnce().finally(() => (beating = null)))

  return {
    id,
    run(jobId, work) {
      if (stopped) return Promise.reject(new Error('The job runner has stopped: this context is shutting down'))
      const controller = new AbortController()
      const done = Promise.resolve()
        .then(() => work(controller.signal))
        .catch((error) =>
          parts.log.error('smart job failed outside its own handling', {
            jobId,
            error: error instanceof Error ? (error.stack ?? error.message) : String(error),
          }),
        )
        .finally(() => {
          if (local.get(jobId)?.done === done) local.delete(jobId)
          if (local.size === 0) stopBeating()
        })
      local.set(jobId, { controller, done })
      if (!timer) {
        timer = setInterval(() => void beat(), LIMITS.jobHeartbeatMs)
        // A heartbeat alone must not keep a process (or a test run) alive.
        timer.unref?.()
      }
      return done
    },
    isRunning: (jobId) => local.has(jobId),
    abort: (jobId) => local.get(jobId)?.controller.abort(),
    settled: async (jobId) => {
      await local.get(jobId)?.done
    },
    beat,
    async stop({ release = true } = {}) {
      stopped = true
      stopBeating()
      const running = [...local.values()]
      for (const job of running) job.controller.abort()
      await Promise.allSettled(running.map((job) => job.done))
      await beating
      if (!release || running.length === 0) return
      try {
        await parts.storage.smart.releaseJobs(id, RELEASED_MESSAGE, parts.clock.now())
      } catch (error) {
        // Not handed back: the rows go stale and another process takes them over all the same.
        parts.log.warn('could not hand back smart jobs at shutdown', {
          error: error instanceof Error ? error.message : String(error),
        })
      }
    },
  }
}
