/**
 * @module The aggregates service as the context names it (`ctx.stats`, core/context.ts):
 * its interface and the data its methods take and give, an app's aggregates copy and a
 * record just committed. The service itself is core/stats/state.ts.
 */
import type { RecordScores } from '../../contract/scoring/score.ts'
import type { Aggregate } from './aggregate.ts'

/** The summary aggregates of one app as a copy holds them. */
export interface StatsState {
  /** The counters generation the aggregates belong to. */
  generation: number
  /** The last record (`seq`) the aggregates cover. */
  seq: number
  kept: Aggregate
  spam: Aggregate
  /** Clock time the document was last written (−∞: never by this copy). */
  persistedAt: number
  /** The seq the stored document covers, as far as this copy knows (−1: unknown). */
  persistedSeq: number
}

/** A record just committed, as the writer has it (data parsed, scores computed). */
export interface CommittedRecord {
  data: Record<string, unknown>
  spam: boolean
  scores: RecordScores | null
  /** The tag of the client it came from (core/stats/clients.ts); null when not known. */
  client: string | null
  /** Its keys the aggregates do not count (counted.ts): past the catalogue, or a spam record's keys with no field. */
  uncounted?: readonly string[]
}

/** The per-process aggregates service of a context (`ctx.stats`). */
export interface Stats {
  /** The app's aggregates, brought up to date with the database; undefined when the app does not exist. */
  current(appId: string): Promise<StatsState | undefined>
  /** The copy in memory as it is, without asking the database (may be behind, or absent). */
  cached(appId: string): StatsState | undefined
  /**
   * Tells of records this process committed (`firstSeq` onward, in `generation`): they are
   * added when they follow on from the copy. A promise when there is work to wait for (a
   * first load, writing the document behind), else undefined.
   */
  committed(
    appId: string,
    generation: number,
    firstSeq: number,
    records: readonly CommittedRecord[],
    createdAt: number,
  ): Promise<void> | undefined
  /** Takes the copy out of memory (a delete adjusts it; until it puts one back, reads reload). */
  take(appId: string): StatsState | undefined
  /** Puts a state in memory unless a newer one is there. */
  install(appId: string, state: StatsState): void
  /** Forgets the copy (the next read reloads the stored document). */
  forget(appId: string): void
  /** Writes every copy's document that is ahead of the stored one (at shutdown). */
  persistAll(): Promise<void>
}
