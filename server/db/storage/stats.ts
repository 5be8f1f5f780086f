/**
 * @module The storage of per-app counters and the stored aggregates document (app_stats):
 * the interface core calls (implemented in sqlite/stats.ts and postgres/stats.ts) and its
 * plain row types.
 *
 * The counters (`seq`, `kept`, `spam`, first/last record time) are kept by the record
 * store's units (commit, delete) and are always exact. `generation` is bumped by every
 * change that renumbers or rescores records; the aggregates document (JSON text whose
 * shape is core's, see core/stats/state.ts) is a checkpoint valid for the generation stored
 * beside it, covering the records up to the seq written inside it.
 */
import type { ReadBudget } from './read-budget.ts'

/** An app's counters as committed. */
export interface Counters {
  /** Last record number handed out (= records stored). */
  seq: number
  /** Non-spam records (= last `pos`). */
  kept: number
  spam: number
  generation: number
}

/** The counters with the first and last record time and the stored aggregates document. */
export interface StatsRecord extends Counters {
  firstAt: number | null
  lastAt: number | null
  document: string
}

/** A record as the aggregates read it (replay, rebuild, delete); `data` and `scores` are JSON text. */
export interface StatsRow {
  id: string
  seq: number
  pos: number | null
  spam: boolean
  data: string
  meta: string
  scores: string | null
  createdAt: number
}

/**
 * A statistic to recompute from the records that remain after a delete: every record time,
 * every number under `field` in data, or every score of dimension `key`, of the app's spam
 * or non-spam records.
 */
export type RefillRequest =
  | { spam: boolean; kind: 'times' }
  | { spam: boolean; kind: 'numbers'; field: string }
  | { spam: boolean; kind: 'scores'; key: string }

/** Pure domain logic (core/stats) a recount runs over every record, under the app's lock. */
export interface StatsRebuilder {
  /** How many records (and bytes of their stored text) the store reads at a time. */
  readonly budget: ReadBudget
  /** Takes the next records, in seq order. */
  add(rows: StatsRow[]): void
  /** What to store once every record was added. */
  finish(): { seq: number; kept: number; spam: number; firstAt: number | null; lastAt: number | null; document: string }
}

export interface StatsStore {
  /** The app's counters (one primary-key read); null when the app does not exist. */
  counters(appId: string): Promise<Counters | null>
  /** The counters and the stored document, read together; null when the app does not exist. */
  load(appId: string): Promise<StatsRecord | null>
  /**
   * Stores `document` (covering the records up to `seq`) if the generation is still
   * `generation` and the stored document covers no more than `seq`: never backwards, never
   * across a renumbering. True when stored.
   */
  saveDocument(appId: string, generation: number, seq: number, document: string): Promise<boolean>
  /**
   * Recounts the app under its lock: feeds every record to `rebuilder`, stores the counters
   * and document it returns and bumps the generation. Null when the app does not exist.
   */
  rebuild(appId: string, rebuilder: StatsRebuilder): Promise<Counters | null>
}
