/**
 * @module Taking one record back out of an aggregate, so deleting records costs what is
 * deleted rather than a rescan of the app (and, for an edit, swapping a record's values for
 * its new ones). Per statistic:
 * - counts (total, per field, true/false, per value, `other`, per day, per level, score
 *   count/missing, files and their bytes): subtracted exactly. A section that loses its last value goes, as a
 *   rebuild would never have made it.
 * - sums (numbers, scores): exact sums (exact-sum.ts), so subtracting is exact too.
 * - min/max and first/last record time: the few most extreme values with their counts
 *   (extremes.ts); deleting one decrements it. Only when one end has lost all the values it
 *   knew is that one statistic recomputed from the remaining records: `removeRecord` names
 *   it and the caller refills it (refill.ts).
 * - top values: exact for the values tracked. A field whose tracked set was `closed` (more
 *   distinct values than `LIMITS.summaryTrackedValues` were seen) keeps the values it
 *   tracks, so which values are listed versus counted in `other` follows the insert history
 *   and may differ from a rebuild's; every count shown stays exact.
 * - days outside the summary window were pruned already, so there is nothing to subtract.
 * - a key with no field in the aggregate was not counted (counted.ts): it leaves `otherKeys`.
 */
import type { RecordScores } from '../../contract/scoring/score.ts'
import { isMissing } from '../fields/values.ts'
import { addExact } from './exact-sum.ts'
import { emptyExtremes, needsRefill, removeExtreme } from './extremes.ts'
import { addFields, syncTimes, utcDay, type Aggregate, type FieldAggregate, type ValueCounts } from './aggregate.ts'
import { addRecordScores, removeRecordScores } from './score-state.ts'
import type { KeyFilter } from './key-filter.ts'
import { fileAnswer, removeFileAnswer } from './file-counts.ts'

/** A statistic that must be recomputed from the remaining records after a removal. */
export type Refill = { kind: 'times' } | { kind: 'numbers'; field: string } | { kind: 'score'; key: string }

function uncountValue(target: ValueCounts, key: string): void {
  const current = target.counts.get(key)
  if (current === undefined) target.untracked--
  else if (current > 1) target.counts.set(key, current - 1)
  else {
    target.counts.delete(key)
    target.clients.delete(key)
  }
}

const isEmpty = (c: ValueCounts): boolean => c.counts.size === 0 && c.untracked === 0

/** Takes `value` out of `field`; true when the field's extremes need a refill. */
function removeValue(field: FieldAggregate, value: unknown): boolean {
  field.count--
  if (typeof value === 'number' && field.numbers) {
    const n = field.numbers
    if (--n.count === 0) {
      field.numbers = null
      return false
    }
    addExact(n.sum, -value)
    removeExtreme(n.extremes, value)
    // The published figures may have counted the removed number: none until the next step.
    n.published = null
    return needsRefill(n.extremes)
  }
  if (typeof value === 'string' && field.strings) {
    uncountValue(field.strings, value)
    if (isEmpty(field.strings)) field.strings = null
  } else if (typeof value === 'boolean' && field.booleans) {
    if (value) field.booleans.true--
    else field.booleans.false--
    if (field.booleans.true + field.booleans.false === 0) field.booleans = null
  } else if (typeof value === 'object' && field.files && fileAnswer(value)) {
    field.files = removeFileAnswer(field.files, fileAnswer(value) ?? [])
  } else if (Array.isArray(value) && field.items) {
    for (const item of value) {
      if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean')
        uncountValue(field.items, String(item))
      else field.items.untracked--
    }
    if (--field.arrays === 0) field.items = null
  }
  return false
}

/**
 * Takes one record (as it was added: data, time, stored scores) out of `aggregate` and
 * returns the statistics that must be refilled from the records still there.
 */
export function removeRecord(
  aggregate: Aggregate,
  data: Record<string, unknown>,
  createdAt: number,
  scores: RecordScores | null,
): Refill[] {
  const refills: Refill[] = []
  aggregate.total--
  removeExtreme(aggregate.times, createdAt)
  if (aggregate.total === 0) aggregate.times = emptyExtremes()
  else if (needsRefill(aggregate.times)) refills.push({ kind: 'times' })
  syncTimes(aggregate)
  const day = utcDay(createdAt)
  const perDay = aggregate.days.get(day)
  if (perDay !== undefined) {
    if (perDay > 1) aggregate.days.set(day, perDay - 1)
    else aggregate.days.delete(day)
  }
  refills.push(...removeFields(aggregate, data))
  if (scores) refills.push(...removeScores(aggregate, scores))
  return refills
}

/** Takes the values of one record's data out of the aggregate's fields; the refills they need. */
function removeFields(aggregate: Aggregate, data: Record<string, unknown>): Refill[] {
  const refills: Refill[] = []
  for (const name of Object.keys(data)) {
    const value = data[name]
    if (isMissing(value)) continue
    const field = aggregate.fields.get(name)
    // A key the aggregates hold no field for was not counted when the record came (counted.ts).
    if (!field) {
      aggregate.otherKeys = Math.max(0, aggregate.otherKeys - 1)
      continue
    }
    if (removeValue(field, value)) refills.push({ kind: 'numbers', field: name })
    if (field.count === 0) aggregate.fields.delete(name)
  }
  return refills
}

const removeScores = (aggregate: Aggregate, scores: RecordScores): Refill[] =>
  removeRecordScores(aggregate.scores, aggregate.scoreState, scores).map((key) => ({ kind: 'score', key }))

/**
 * Replaces one record's values in `aggregate` (an edit): its old data and scores out, its
 * new ones in; its time, day and place in the totals stay. Returns the statistics to refill
 * from the records as they are after the edit (the new values among them).
 */
export function replaceRecordValues(
  aggregate: Aggregate,
  before: { data: Record<string, unknown>; scores: RecordScores | null },
  after: { data: Record<string, unknown>; scores: RecordScores | null },
  counted: KeyFilter,
): Refill[] {
  const refills = removeFields(aggregate, before.data)
  if (before.scores) refills.push(...removeScores(aggregate, before.scores))
  addFields(aggregate, after.data, null, counted)
  if (after.scores) addRecordScores(aggregate.scores, aggregate.scoreState, after.scores)
  return refills
}
