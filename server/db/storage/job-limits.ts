/**
 * @module The limits of a job (RecordJob.limits) as both stores check them under the app's
 * lock: the places `closeAfter` leaves, and the values of the unique field given twice in
 * one group. Plain logic; each store only reads what it needs (the app's count of non-spam
 * records, and whether a value was stored before).
 */
import type { JobResult, RecordJob } from './records.ts'

/** The job's non-spam records: the ones `closeAfter` counts. */
export const keptRecords = (job: RecordJob): number => job.records.reduce((n, record) => n + (record.spam ? 0 : 1), 0)

/** `closed` when the job's records do not fit after the app's `kept` records; null when they do (or no limit). */
export function placesRefusal(job: RecordJob, kept: number): Extract<JobResult, { reason: 'closed' }> | null {
  const closeAfter = job.limits?.closeAfter
  if (closeAfter === undefined) return null
  const size = keptRecords(job)
  if (size === 0 || kept + size <= closeAfter) return null
  return { ok: false, reason: 'closed', closeAfter, left: Math.max(0, closeAfter - kept), size }
}

/** The values of the unique field a job gives (none when the endpoint has no unique field). */
export const uniqueValuesOf = (job: RecordJob): string[] =>
  (job.limits?.unique?.values ?? []).filter((value): value is string => value !== null)

/**
 * The unique values of one group per app: `duplicate` for a job giving a value twice or one
 * an earlier job of the group gave, or (`storedBefore`, as the store looked) one stored before.
 */
export function groupUniques() {
  const seen = new Map<string, Set<string>>()
  return {
    /** A refusal, or null once the job's values are taken. */
    take(job: RecordJob, storedBefore: boolean): Extract<JobResult, { reason: 'duplicate' }> | null {
      const unique = job.limits?.unique
      const values = uniqueValuesOf(job)
      if (!unique || values.length === 0) return null
      const key = `${job.appId}\u0000${unique.field}`
      const taken = seen.get(key) ?? new Set<string>()
      const twice = new Set(values).size < values.length || values.some((value) => taken.has(value))
      if (twice || storedBefore) return { ok: false, reason: 'duplicate', field: unique.field }
      for (const value of values) taken.add(value)
      seen.set(key, taken)
      return null
    },
  }
}
