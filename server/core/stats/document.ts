/**
 * @module The aggregates document in app_stats and the state it holds: its format, parsing
 * and writing it, and adding a stored record to a state (replay, recount, delete).
 */
import type { StatsRow } from '../../db/storage/stats.ts'
import { parseStoredScores } from '../scoring/stored.ts'
import { addRecord, emptyAggregate } from './aggregate.ts'
import type { CountedKeys } from './key-filter.ts'
import { loadAggregate, storeAggregate, type StoredAggregate } from './stored-aggregate.ts'
import type { StatsState } from './stats-types.ts'
import { countTextRead } from '../records/read-garbage.ts'

/**
 * Version of the JSON in app_stats.aggregates; another version is rebuilt from the records.
 * 7: file answers are counted as files (file-counts.ts), not as array items; 6: only the
 * keys the app knows are counted (counted.ts); 5 counted every key.
 */
const FORMAT = 7

/**
 * The aggregates document. `seq` is the last record it covers: it may lag behind the
 * counters (it is written at most every `LIMITS.statsPersistMs`), and loading replays the
 * records after it.
 */
export interface StoredDocument {
  format: number
  seq: number
  kept: StoredAggregate
  spam: StoredAggregate
}

/** The stored document, or null when it is missing or of another format. */
export function parseDocument(text: string): StoredDocument | null {
  try {
    const doc = JSON.parse(text) as StoredDocument
    return doc && doc.format === FORMAT && typeof doc.seq === 'number' && doc.kept && doc.spam ? doc : null
  } catch {
    return null
  }
}

/** The document text of a state. */
export const documentOf = (state: StatsState): string =>
  JSON.stringify({
    format: FORMAT,
    seq: state.seq,
    kept: storeAggregate(state.kept),
    spam: storeAggregate(state.spam),
  } satisfies StoredDocument)

/** A state over no records. */
export const emptyState = (generation: number): StatsState => ({
  generation,
  seq: 0,
  kept: emptyAggregate(),
  spam: emptyAggregate(),
  persistedAt: Number.NEGATIVE_INFINITY,
  persistedSeq: -1,
})

/** The state a stored document holds. */
export const stateFromDocument = (doc: StoredDocument, generation: number): StatsState => ({
  generation,
  seq: doc.seq,
  kept: loadAggregate(doc.kept),
  spam: loadAggregate(doc.spam),
  persistedAt: Number.NEGATIVE_INFINITY,
  persistedSeq: doc.seq,
})

/**
 * Adds one stored record (replay, recount) to the state, given by the client tagged `client`
 * (null: unknown), counting the keys `counted` lets through.
 */
export function addRow(
  state: StatsState,
  row: Pick<StatsRow, 'seq' | 'spam' | 'data' | 'scores' | 'createdAt'>,
  counted: CountedKeys,
  client: string | null = null,
): void {
  countTextRead(row.data.length + (row.scores?.length ?? 0))
  addRecord(
    row.spam ? state.spam : state.kept,
    JSON.parse(row.data) as Record<string, unknown>,
    row.createdAt,
    row.scores ? parseStoredScores(row.scores) : null,
    client,
    row.spam ? counted.spam : counted.kept,
  )
  state.seq = row.seq
}

/** The first and last record time over both aggregates. */
export function timesOf(state: StatsState): { firstAt: number | null; lastAt: number | null } {
  const first = [state.kept.firstAt, state.spam.firstAt].filter((t) => t !== null) as number[]
  const last = [state.kept.lastAt, state.spam.lastAt].filter((t) => t !== null) as number[]
  return { firstAt: first.length ? Math.min(...first) : null, lastAt: last.length ? Math.max(...last) : null }
}
