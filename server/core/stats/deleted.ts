/**
 * @module Deleted records leave an app's aggregates, records marked spam or not spam move
 * between its two (non-spam and spam), and an edited record's values are swapped for its
 * new ones: the adjuster the delete, spam and edit units run in their transaction
 * (storage/records.ts `DeleteAdjuster`). It starts from this process's
 * copy when that is of the locked generation, else from the stored document; adds the
 * records after it; subtracts each row's contribution from the side it was on (remove.ts)
 * and, for a spam change, adds it to the other side (for an edit, its new values to the
 * same side); and recomputes the few statistics that
 * cannot be subtracted from values the store reads from the records as they are after the
 * change (refill.ts). Pure: plain rows in, in batches the store reads within `budget`
 * (rows and bytes, so a change of big records holds a batch at a time), the document out.
 * Cost follows the rows changed, not the rows kept.
 */
import type { DeleteAdjuster } from '../../db/storage/records.ts'
import type { RefillRequest, StatsRow } from '../../db/storage/stats.ts'
import { parseStoredScores } from '../scoring/stored.ts'
import { applyRefill } from './refill.ts'
import { removeRecord, replaceRecordValues, type Refill } from './remove.ts'
import { addRow, documentOf, parseDocument, stateFromDocument, timesOf } from './document.ts'
import type { StatsState } from './stats-types.ts'
import { addRecord } from './aggregate.ts'
import { countTextRead } from '../records/read-garbage.ts'
import type { CountedKeys } from './key-filter.ts'
import { LIMITS } from '../../contract/limits.ts'
import type { RecordScores } from '../../contract/scoring/score.ts'

const refillKey = (refill: Refill): string =>
  refill.kind === 'times' ? 'times' : refill.kind === 'numbers' ? `n:${refill.field}` : `s:${refill.key}`

const requestOf = (refill: Refill, spam: boolean): RefillRequest =>
  refill.kind === 'times'
    ? { spam, kind: 'times' }
    : refill.kind === 'numbers'
      ? { spam, kind: 'numbers', field: refill.field }
      : { spam, kind: 'scores', key: refill.key }

/** An adjuster, and the state it leaves (null when it could not start: the document is rebuilt on the next read). */
export interface Adjustment extends DeleteAdjuster {
  result(): StatsState | null
}

/** A record's values after an edit: its data and its stored scores (null for an app without scales). */
export interface EditedValues {
  data: Record<string, unknown>
  scores: RecordScores | null
}

/**
 * What the adjusted rows undergo: deletion, a spam flag flipped (each row moves to the
 * other side), or an edit (the one row's values are swapped for `after()`'s on its side).
 */
export type Change = 'delete' | 'flip-spam' | { edit: () => EditedValues }

/** The adjuster for one delete; `copy` is this process's copy of the app's aggregates, taken out of memory for it. */
export const deleteAdjuster = (copy: StatsState | undefined, counted: CountedKeys): Adjustment =>
  adjusterFor(copy, counted, 'delete')

/** The adjuster for marking records spam or not spam (rows given with the flag they had). */
export const spamAdjuster = (copy: StatsState | undefined, counted: CountedKeys): Adjustment =>
  adjusterFor(copy, counted, 'flip-spam')

/** The adjuster for an edit of one record; `after` gives its values as the edit leaves them (known once the store has read it). */
export const editAdjuster =
  (after: () => EditedValues) =>
  (copy: StatsState | undefined, counted: CountedKeys): Adjustment =>
    adjusterFor(copy, counted, { edit: after })

/** `counted`: the keys the app knows now (counted.ts), for the records the adjuster adds. */
function adjusterFor(copy: StatsState | undefined, counted: CountedKeys, change: Change): Adjustment {
  let state: StatsState | null = null
  const refills = { kept: new Map<string, Refill>(), spam: new Map<string, Refill>() }
  let pending: Array<{ refill: Refill; spam: boolean }> = []
  let deleted = 0
  return {
    budget: { rows: LIMITS.readBatchRows, bytes: LIMITS.readBatchBytes },

    start(counters, document) {
      if (copy && copy.generation === counters.generation && copy.seq <= counters.seq) {
        state = copy
      } else {
        const doc = parseDocument(document)
        if (!doc || doc.seq > counters.seq) return null
        state = stateFromDocument(doc, counters.generation)
      }
      return state.seq
    },

    add(newer: StatsRow[]) {
      for (const row of newer) addRow(state!, row, counted)
    },

    subtract(rows: StatsRow[]) {
      const target = state!
      for (const row of rows) {
        countTextRead(row.data.length + (row.scores?.length ?? 0))
        const data = JSON.parse(row.data) as Record<string, unknown>
        const scores = row.scores ? parseStoredScores(row.scores) : null
        const side = row.spam ? refills.spam : refills.kept
        const aggregate = row.spam ? target.spam : target.kept
        const needed =
          typeof change === 'object'
            ? replaceRecordValues(aggregate, { data, scores }, change.edit(), row.spam ? counted.spam : counted.kept)
            : removeRecord(aggregate, data, row.createdAt, scores)
        for (const refill of needed) side.set(refillKey(refill), refill)
        if (change === 'flip-spam')
          addRecord(
            row.spam ? target.kept : target.spam,
            data,
            row.createdAt,
            scores,
            null,
            row.spam ? counted.kept : counted.spam,
          )
      }
      if (change === 'delete') deleted += rows.length
    },

    refills() {
      // After all removals, so a statistic emptied by several rows is read once.
      pending = [
        ...[...refills.kept.values()].map((refill) => ({ refill, spam: false })),
        ...[...refills.spam.values()].map((refill) => ({ refill, spam: true })),
      ]
      return pending.map(({ refill, spam }) => requestOf(refill, spam))
    },

    finish(values) {
      const target = state!
      for (const [index, { refill, spam }] of pending.entries()) {
        applyRefill(spam ? target.spam : target.kept, refill, values[index])
      }
      target.seq -= deleted
      return { document: documentOf(target), ...timesOf(target) }
    },

    result: () => state,
  }
}
