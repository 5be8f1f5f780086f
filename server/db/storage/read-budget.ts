/**
 * @module How much a store reads at a time.
 */

/**
 * How much a store reads at a time for an owner's change (a delete, a spam mark, a recount,
 * a rescore): batches of at most `rows` rows, each ending with the row whose stored text
 * brings its total to `bytes` or past it (as a records BatchQuery), so the change holds a batch or two
 * whatever the records' size. Core sets it (`LIMITS.readBatchRows`, `readBatchBytes`).
 */
export interface ReadBudget {
  rows: number
  bytes: number
}
