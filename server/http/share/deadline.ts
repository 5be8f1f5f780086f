/**
 * @module The whole-body deadline of public requests (Bun has none, so a body trickled a
 * byte at a time would hold a request open forever). Requests that start within the same
 * 1/16 of the deadline share one timer (a timer per request was ≈ 2% of single-record
 * ingest): each waiting read registers its reject function with its slice, takes it out
 * when the read settles, and the slice's timer rejects whatever still waits. Nothing
 * outlives its read, so a busy endpoint keeps no bodies alive for the deadline's length.
 */
import { AppError } from '../../contract/errors.ts'

type Reject = (error: AppError) => void

interface Slice {
  waiting: Set<Reject>
  expired: boolean
}

const slices = new Map<string, Slice>()

const timeout = (deadlineMs: number) =>
  new AppError('timeout', `The request body did not arrive within ${Math.ceil(deadlineMs / 1000)} s; send it in one go`)

/** The slice a request starting now belongs to; its timer fires `deadlineMs` (+ at most 1/16) from now. */
function sliceFor(deadlineMs: number): Slice {
  const width = Math.max(1, Math.ceil(deadlineMs / 16))
  const index = Math.floor(Date.now() / width)
  const key = `${deadlineMs}:${index}`
  let slice = slices.get(key)
  if (!slice) {
    const made: Slice = { waiting: new Set(), expired: false }
    const timer = setTimeout(
      () => {
        slices.delete(key)
        made.expired = true
        for (const reject of made.waiting) reject(timeout(deadlineMs))
        made.waiting.clear()
      },
      (index + 1) * width + deadlineMs - Date.now(),
    )
    // Waiting reads keep the process alive; an empty slice's timer should not.
    timer.unref()
    slices.set(key, made)
    slice = made
  }
  return slice
}

export interface Deadline {
  /** `work`, or 408 `timeout` if the deadline passes first. */
  within<T>(work: Promise<T>): Promise<T>
}

/** A deadline `deadlineMs` from now for the reads of one request body. */
export function bodyDeadline(deadlineMs: number): Deadline {
  const slice = sliceFor(deadlineMs)
  return {
    within: <T>(work: Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        if (slice.expired) return reject(timeout(deadlineMs))
        slice.waiting.add(reject)
        void work.then(
          (value) => {
            slice.waiting.delete(reject)
            resolve(value)
          },
          (error: unknown) => {
            slice.waiting.delete(reject)
            reject(error)
          },
        )
      }),
  }
}
