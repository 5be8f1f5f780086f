/**
 * @module Waiting for a planning job: polls it (smart.job) until the job finishes, a
 * deadline passes (the MCP tools answer "running" before clients time out) or the caller
 * aborts (Ctrl-C, a cancelled MCP request). Every poll that shows something new is reported.
 */
import type { SvcClient } from '../../client.ts'
import { getJob, isFinished, type Job } from './_api.ts'

/** How often a running job is asked about; the LLM planner takes seconds to minutes. */
export const POLL_MS = 400

export interface WaitOptions {
  /** Give up waiting (not the job) at this time, in ms since the epoch. */
  deadline?: number
  signal?: AbortSignal
  /** Called with each job state that differs from the previous one. */
  onUpdate?: (job: Job) => void
  pollMs?: number
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal?.addEventListener('abort', done, { once: true })
  })
}

const changed = (a: Job, b: Job) =>
  a.status !== b.status ||
  a.progress.stage !== b.progress.stage ||
  a.progress.messages.length !== b.progress.messages.length

/** The job once finished, or its last state when the deadline passed or `signal` aborted. */
export async function waitForJob(client: SvcClient, job: Job, options: WaitOptions = {}): Promise<Job> {
  const pollMs = options.pollMs ?? POLL_MS
  let current = job
  while (!isFinished(current) && !options.signal?.aborted) {
    const left = options.deadline === undefined ? pollMs : Math.min(pollMs, options.deadline - Date.now())
    if (left <= 0) break
    await pause(left, options.signal)
    if (options.signal?.aborted) break
    const next = await getJob(client, current.id)
    if (changed(current, next)) options.onUpdate?.(next)
    current = next
  }
  return current
}
