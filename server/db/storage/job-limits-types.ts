/**
 * @module The limits of a record job (storage/records.ts `RecordJob.limits`) as core hands
 * them over; how the stores check them is storage/job-limits.ts.
 */

/**
 * An endpoint's limits a job must fit (counted where the store decides, so concurrent
 * submissions from any process never pass them): the job is refused whole (`closed`) when
 * its non-spam records would bring the app past `closeAfter`, and (`duplicate`) when one of
 * `unique.values` was given before by a non-spam record, or twice in the job.
 */
export interface JobLimits {
  closeAfter?: number
  unique?: {
    field: string
    /** Compared lower-cased (an e-mail field), else as stored; both trimmed. */
    folded: boolean
    /** One per record, as contract/share/closing.ts `uniqueKey` makes it; null for no value (spam, unanswered). */
    values: Array<string | null>
  }
}
