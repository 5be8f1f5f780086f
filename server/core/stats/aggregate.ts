/**
 * @module Incremental aggregates over records (docs/design.md rule 12): per field counts, number
 * count/min/max/sum, top text values, true/false counts, per-element counts of arrays and
 * file counts (file-counts.ts),
 * plus records per UTC day and the first and last record time. Adding a record costs a few
 * map updates and removing one (remove.ts) undoes them; nothing is rescanned.
 *
 * Approximation, to keep memory bounded: each field counts its first
 * `LIMITS.summaryTrackedValues` distinct values exactly; values first seen after that, and
 * strings longer than `LIMITS.summaryValueLength`, are counted only in `other`. Once a value
 * was turned away for lack of room the field's set is `closed` and admits no new value even
 * after deletes free room, so a tracked value's count is always the exact number of its
 * records (a value re-admitted later would miss the records already counted in `other`).
 * In memory everything keyed by user text is a Map, so `__proto__` is an ordinary value.
 */
import type { RecordScores } from '../../contract/scoring/score.ts'
import type { ScoreTotals } from '../../contract/scoring/aggregate.ts'
import { isMissing } from '../fields/values.ts'
import { LIMITS } from '../../contract/limits.ts'
import { addExact, emptyExact, exactValue, mergeExact, type ExactSum } from './exact-sum.ts'
import { addClient, mergeClients } from './clients.ts'
import { addExtreme, emptyExtremes, maxOf, mergeExtremes, minOf, type Extremes } from './extremes.ts'
import { addRecordScores, emptyScoreState, mergeScoreState, type ScoreState } from './score-state.ts'
import { everyKey, type KeyFilter } from './key-filter.ts'
import { addFileAnswer, fileAnswer, mergeFileCounts, type FileCounts } from './file-counts.ts'

export interface ValueCounts {
  counts: Map<string, number>
  /** Values not tracked individually (beyond the bound, or too long). */
  untracked: number
  /** A short value was once turned away for lack of room: no new value is admitted. */
  closed: boolean
  /** Per tracked value, the tags of the distinct clients that gave it (clients.ts). */
  clients: Map<string, string[]>
}

export interface NumberStats {
  count: number
  sum: ExactSum
  extremes: Extremes
  /** The count and sum when `count` last reached a multiple of `LIMITS.summaryPublicStep` (the public summary's). */
  published: { count: number; sum: number } | null
}

export interface FieldAggregate {
  /** Records in which the field has a value (not absent, null or ""). */
  count: number
  numbers: NumberStats | null
  strings: ValueCounts | null
  booleans: { true: number; false: number } | null
  /** Elements of array values. */
  items: ValueCounts | null
  /** Array values (even empty ones): `items` exists while there is one. */
  arrays: number
  /** File answers (file-counts.ts): counted here, never as arrays or items. */
  files: FileCounts | null
  /** Tags of the distinct clients that gave the field a value (clients.ts). */
  clients: string[]
}

export interface Aggregate {
  total: number
  firstAt: number | null
  lastAt: number | null
  /** Record times, so first/last survive deleting the first or last record. */
  times: Extremes
  /** Records per UTC day (`YYYY-MM-DD`), the most recent days only. */
  days: Map<string, number>
  fields: Map<string, FieldAggregate>
  /** Assessment scores per scale key (empty for apps without scales). */
  scores: ScoreTotals
  /** Exact sums and extremes behind `scores`. */
  scoreState: ScoreState
  /** Values of keys the aggregates do not count (past the catalogue of unlisted keys, counted.ts). */
  otherKeys: number
}

const DAY_MS = 86_400_000

/** An aggregate over no records. */
export const emptyAggregate = (): Aggregate => ({
  total: 0,
  firstAt: null,
  lastAt: null,
  times: emptyExtremes(),
  days: new Map(),
  fields: new Map(),
  scores: {},
  scoreState: emptyScoreState(),
  otherKeys: 0,
})

/** A field aggregate over no values. */
export const emptyField = (): FieldAggregate => ({
  count: 0,
  numbers: null,
  strings: null,
  booleans: null,
  items: null,
  arrays: 0,
  files: null,
  clients: [],
})

/** Number statistics over no values. */
export const emptyNumbers = (): NumberStats => ({
  count: 0,
  sum: emptyExact(),
  extremes: emptyExtremes(),
  published: null,
})

const emptyCounts = (): ValueCounts => ({ counts: new Map(), untracked: 0, closed: false, clients: new Map() })

// Formatting a date costs microseconds; records arrive in runs on the same day, so keep the last one.
let cachedDay = Number.NaN
let cachedDayText = ''

/** `YYYY-MM-DD` of an epoch-millisecond time, in UTC. */
export function utcDay(time: number): string {
  const day = Math.floor(time / DAY_MS)
  if (day !== cachedDay) {
    cachedDay = day
    cachedDayText = new Date(day * DAY_MS).toISOString().slice(0, 10)
  }
  return cachedDayText
}

function countValue(target: ValueCounts, key: string, client: string | null): void {
  const current = target.counts.get(key)
  if (current !== undefined) {
    target.counts.set(key, current + 1)
    if (client !== null) {
      const tags = target.clients.get(key)
      if (tags) addClient(tags, client)
      else target.clients.set(key, [client])
    }
  } else if (key.length > LIMITS.summaryValueLength) target.untracked++
  else if (!target.closed && target.counts.size < LIMITS.summaryTrackedValues) {
    target.counts.set(key, 1)
    if (client !== null) target.clients.set(key, [client])
  } else {
    target.untracked++
    target.closed = true
  }
}

/** Adds one number to number statistics. */
export function addNumber(n: NumberStats, value: number): void {
  n.count++
  addExact(n.sum, value)
  addExtreme(n.extremes, value)
  if (n.count % LIMITS.summaryPublicStep === 0) n.published = { count: n.count, sum: exactValue(n.sum) }
}

function addValue(field: FieldAggregate, value: unknown, client: string | null): void {
  field.count++
  addClient(field.clients, client)
  const files = typeof value === 'object' ? fileAnswer(value) : null
  if (typeof value === 'number') {
    field.numbers ??= emptyNumbers()
    addNumber(field.numbers, value)
  } else if (typeof value === 'string') {
    field.strings ??= emptyCounts()
    countValue(field.strings, value, client)
  } else if (typeof value === 'boolean') {
    field.booleans ??= { true: 0, false: 0 }
    const b = field.booleans
    if (value) b.true++
    else b.false++
  } else if (files !== null) {
    field.files = addFileAnswer(field.files, files)
  } else if (Array.isArray(value)) {
    field.arrays++
    field.items ??= emptyCounts()
    const items = field.items
    for (const item of value) {
      if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean')
        countValue(items, String(item), client)
      else items.untracked++
    }
  }
}

/** Sets firstAt/lastAt from the kept record times. */
export function syncTimes(aggregate: Aggregate): void {
  aggregate.firstAt = minOf(aggregate.times)
  aggregate.lastAt = maxOf(aggregate.times)
}

/**
 * Adds one record's data (an object of field → value) created at `createdAt`, from the
 * client tagged `client` (null: unknown), counting the keys `counted` lets through.
 */
export function addRecord(
  aggregate: Aggregate,
  data: Record<string, unknown>,
  createdAt: number,
  scores: RecordScores | null = null,
  client: string | null = null,
  counted: KeyFilter = everyKey,
): void {
  aggregate.total++
  if (scores) addRecordScores(aggregate.scores, aggregate.scoreState, scores)
  addExtreme(aggregate.times, createdAt)
  syncTimes(aggregate)
  const day = utcDay(createdAt)
  aggregate.days.set(day, (aggregate.days.get(day) ?? 0) + 1)
  if (aggregate.days.size > LIMITS.summaryDays + 1) pruneDays(aggregate, createdAt)
  addFields(aggregate, data, client, counted)
}

/** Adds the values of one record's data to the aggregate's fields (an edit adds a record's new values alone). */
export function addFields(
  aggregate: Aggregate,
  data: Record<string, unknown>,
  client: string | null = null,
  counted: KeyFilter = everyKey,
): void {
  for (const name of Object.keys(data)) {
    const value = data[name]
    if (isMissing(value)) continue
    if (!counted(name)) {
      aggregate.otherKeys++
      continue
    }
    let field = aggregate.fields.get(name)
    if (!field) {
      field = emptyField()
      aggregate.fields.set(name, field)
    }
    addValue(field, value, client)
  }
}

/** Drops day counts older than the summary window ending at `now`. */
export function pruneDays(aggregate: Aggregate, now: number): void {
  const oldest = utcDay(now - (LIMITS.summaryDays - 1) * DAY_MS)
  for (const day of aggregate.days.keys()) if (day < oldest) aggregate.days.delete(day)
}

function mergeCounts(a: ValueCounts | null, b: ValueCounts | null): ValueCounts | null {
  if (!a || !b) return a ?? b
  const counts = new Map(a.counts)
  for (const [key, n] of b.counts) counts.set(key, (counts.get(key) ?? 0) + n)
  const clients = new Map(a.clients)
  for (const [key, tags] of b.clients) clients.set(key, mergeClients(clients.get(key) ?? [], tags))
  return { counts, untracked: a.untracked + b.untracked, closed: a.closed || b.closed, clients }
}

function mergeNumbers(a: NumberStats | null, b: NumberStats | null): NumberStats | null {
  if (!a || !b) return a ?? b
  // Each side's published figures move in steps, so their sum does too.
  const published =
    a.published && b.published
      ? { count: a.published.count + b.published.count, sum: a.published.sum + b.published.sum }
      : (a.published ?? b.published)
  return {
    count: a.count + b.count,
    sum: mergeExact(a.sum, b.sum),
    extremes: mergeExtremes(a.extremes, b.extremes),
    published,
  }
}

function mergeField(a: FieldAggregate, b: FieldAggregate): FieldAggregate {
  const booleans =
    a.booleans && b.booleans
      ? { true: a.booleans.true + b.booleans.true, false: a.booleans.false + b.booleans.false }
      : (a.booleans ?? b.booleans)
  return {
    count: a.count + b.count,
    numbers: mergeNumbers(a.numbers, b.numbers),
    strings: mergeCounts(a.strings, b.strings),
    booleans,
    items: mergeCounts(a.items, b.items),
    arrays: a.arrays + b.arrays,
    files: mergeFileCounts(a.files, b.files),
    clients: mergeClients(a.clients, b.clients),
  }
}

/** The aggregate of two disjoint record sets (non-spam and spam, for `?spam=include`), read-only. */
export function mergeAggregates(a: Aggregate, b: Aggregate): Aggregate {
  const days = new Map(a.days)
  for (const [day, n] of b.days) days.set(day, (days.get(day) ?? 0) + n)
  const fields = new Map(a.fields)
  for (const [name, field] of b.fields) {
    const mine = fields.get(name)
    fields.set(name, mine ? mergeField(mine, field) : field)
  }
  const merged: Aggregate = {
    ...emptyAggregate(),
    total: a.total + b.total,
    times: mergeExtremes(a.times, b.times),
    days,
    fields,
    otherKeys: a.otherKeys + b.otherKeys,
  }
  syncTimes(merged)
  const { scores, scoreState } = mergeScoreState(a.scores, a.scoreState, b.scores, b.scoreState)
  return { ...merged, scores, scoreState }
}

/** Min, max, sum and mean of number statistics, as the summary shows them. */
export function numberView(n: NumberStats): { min: number | null; max: number | null; sum: number; mean: number } {
  const sum = exactValue(n.sum)
  return { min: minOf(n.extremes), max: maxOf(n.extremes), sum, mean: sum / n.count }
}
