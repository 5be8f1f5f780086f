/**
 * @module The group-commit record writer as the context names it (`ctx.writer`,
 * core/context.ts): its interface. The writer itself is core/collect/writer.ts.
 */
import type { JobLimits } from '../../db/storage/job-limits-types.ts'
import type { DedupeKey } from './dedupe.ts'
import type { PreparedRecord } from './prepare.ts'

export interface Writer {
  /**
   * Queues the records of one submission (one record, or a whole batch) and resolves with
   * their ids once they are durable. New fields are proposed by the records' `proposer`
   * (accepted when it is null or absent). With an idempotency `key` already stored for the same
   * records, nothing is written and the ids stored with the key come back; a duplicate window
   * (dedupe.ts) does the same for the same data within it. `limits` are the
   * endpoint's (closeAfter, the unique field's values), checked by the store where it decides.
   */
  write(
    appId: string,
    records: PreparedRecord[],
    key?: string | DedupeKey | null,
    limits?: JobLimits,
  ): Promise<string[]>
  /** Commits whatever is queued now, without waiting for a group in flight (at shutdown); resolves once committed. */
  flush(): Promise<void>
}
