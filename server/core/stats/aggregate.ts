/**
 * @module Incremental aggregates over records (DESIGN rule 12): per field counts, number
 * min/max/sum, top text values, true/false counts and per-element counts of arrays, plus
 * records per UTC day. Adding a record costs a few map updates; nothing is ever rescanned.
 *
 * Approximation, to keep memory bounded: each field counts its first
 * `LIMITS.summaryTrackedValues` distinct values exactly; values first seen after that, and
 * strings longer than `LIMITS.summaryValueLength`, are counted only in `other`.
 * In memory everything keyed by user text is a Map, so `__proto__` is an ordinary value.
 */
import { addScores, mergeScoreTotals, type ScoreTotals } from '../scoring/aggregate.ts'
import type { RecordScores } from '../scoring/score.ts'
import { isMissing } from '../fields/values.ts'
import { LIMITS } from '../limits.ts'

export interface ValueCounts {
  counts: Map<string, number>
  /** Values not tracked individually (beyond the bound, or too long). */
  untracked: number
}

export interface NumberStats {
  count: number
  min: number
  max: number
  sum: number
}

export interface FieldAggregate {
  /** Records in which the field has a value (not absent, null or ""). */
  count: number
  numbers: NumberStats | null
  strings: ValueCounts | null
  booleans: { true: number; false: number } | null
  /** Elements of array values. */
  items: ValueCounts | null
}

export interface Aggregate {
  total: number
  firstAt: number | null
  lastAt: number | null
  /** Records per UTC day (`YYYY-MM-DD`), the most recent days only. */
  days: Map<string, number>
  fields: Map<string, FieldAggregate>
  /** Assessment scores per scale key (empty for apps without scales). */
  scores: ScoreTotals
}

const DAY_MS = 86_400_000

/** An aggregate over no records. */
export const emptyAggregate = (): Aggregate => ({ total: 0, firstAt: null, lastAt: null, days: new Map(), fields: new Map(), scores: {} })

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

function countValue(target: ValueCounts, key: string): void {
  const current = target.counts.get(key)
  if (current !== undefined) target.counts.set(key, current + 1)
  else if (target.counts.size < LIMITS.summaryTrackedValues && key.length <= LIMITS.summaryValueLength) target.counts.set(key, 1)
  else target.untracked++
}

function addValue(field: FieldAggregate, value: unknown): void {
  field.count++
  if (typeof value === 'number') {
    const n = (field.numbers ??= { count: 0, min: value, max: value, sum: 0 })
    n.count++
    if (value < n.min) n.min = value
    if (value > n.max) n.max = value
    n.sum += value
  } else if (typeof value === 'string') {
    countValue((field.strings ??= { counts: new Map(), untracked: 0 }), value)
  } else if (typeof value === 'boolean') {
    const b = (field.booleans ??= { true: 0, false: 0 })
    if (value) b.true++
    else b.false++
  } else if (Array.isArray(value)) {
    const items = (field.items ??= { counts: new Map(), untracked: 0 })
    for (const item of value) {
      if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') countValue(items, String(item))
      else items.untracked++
    }
  }
}

/** Adds one record's data (an object of field → value) created at `createdAt`. */
export function addRecord(aggregate: Aggregate, data: Record<string, unknown>, createdAt: number, scores: RecordScores | null = null): void {
  aggregate.total++
  if (scores) addScores(aggregate.scores, scores)
  if (aggregate.firstAt === null || createdAt < aggregate.firstAt) aggregate.firstAt = createdAt
  if (aggregate.lastAt === null || createdAt > aggregate.lastAt) aggregate.lastAt = createdAt
  const day = utcDay(createdAt)
  aggregate.days.set(day, (aggregate.days.get(day) ?? 0) + 1)
  if (aggregate.days.size > LIMITS.summaryDays + 1) pruneDays(aggregate, createdAt)
  for (const name of Object.keys(data)) {
    const value = data[name]
    if (isMissing(value)) continue
    let field = aggregate.fields.get(name)
    if (!field) {
      field = { count: 0, numbers: null, strings: null, booleans: null, items: null }
      aggregate.fields.set(name, field)
    }
    addValue(field, value)
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
  return { counts, untracked: a.untracked + b.untracked }
}

function mergeField(a: FieldAggregate, b: FieldAggregate): FieldAggregate {
  const numbers = a.numbers && b.numbers
    ? { count: a.numbers.count + b.numbers.count, min: Math.min(a.numbers.min, b.numbers.min), max: Math.max(a.numbers.max, b.numbers.max), sum: a.numbers.sum + b.numbers.sum }
    : (a.numbers ?? b.numbers)
  const booleans = a.booleans && b.booleans ? { true: a.booleans.true + b.booleans.true, false: a.booleans.false + b.booleans.false } : (a.booleans ?? b.booleans)
  return { count: a.count + b.count, numbers, strings: mergeCounts(a.strings, b.strings), booleans, items: mergeCounts(a.items, b.items) }
}

/** The aggregate of two disjoint record sets (non-spam and spam, for `?spam=include`). */
export function mergeAggregates(a: Aggregate, b: Aggregate): Aggregate {
  const days = new Map(a.days)
  for (const [day, n] of b.days) days.set(day, (days.get(day) ?? 0) + n)
  const fields = new Map(a.fields)
  for (const [name, field] of b.fields) {
    const mine = fields.get(name)
    fields.set(name, mine ? mergeField(mine, field) : field)
  }
  const min = (x: number | null, y: number | null) => (x === null ? y : y === null ? x : Math.min(x, y))
  const max = (x: number | null, y: number | null) => (x === null ? y : y === null ? x : Math.max(x, y))
  return { total: a.total + b.total, firstAt: min(a.firstAt, b.firstAt), lastAt: max(a.lastAt, b.lastAt), days, fields, scores: mergeScoreTotals(a.scores, b.scores) }
}

// Stored form: Maps become arrays of pairs, so user text never becomes an object key.
interface StoredCounts {
  values: Array<[string, number]>
  untracked: number
}
interface StoredField {
  count: number
  numbers: NumberStats | null
  strings: StoredCounts | null
  booleans: { true: number; false: number } | null
  items: StoredCounts | null
}
export interface StoredAggregate {
  total: number
  firstAt: number | null
  lastAt: number | null
  days: Array<[string, number]>
  fields: Array<[string, StoredField]>
  scores?: ScoreTotals
}

const storeCounts = (c: ValueCounts | null): StoredCounts | null => (c ? { values: [...c.counts], untracked: c.untracked } : null)
const loadCounts = (c: StoredCounts | null): ValueCounts | null => (c ? { counts: new Map(c.values), untracked: c.untracked } : null)

/** The JSON-ready form of an aggregate. */
export function storeAggregate(a: Aggregate): StoredAggregate {
  return {
    total: a.total,
    firstAt: a.firstAt,
    lastAt: a.lastAt,
    days: [...a.days],
    fields: [...a.fields].map(([name, f]) => [name, { count: f.count, numbers: f.numbers, strings: storeCounts(f.strings), booleans: f.booleans, items: storeCounts(f.items) }]),
    scores: a.scores,
  }
}

/** An aggregate from its stored form. */
export function loadAggregate(s: StoredAggregate): Aggregate {
  return {
    total: s.total,
    firstAt: s.firstAt,
    lastAt: s.lastAt,
    days: new Map(s.days),
    fields: new Map(s.fields.map(([name, f]) => [name, { count: f.count, numbers: f.numbers, strings: loadCounts(f.strings), booleans: f.booleans, items: loadCounts(f.items) }])),
    scores: s.scores ?? {},
  }
}
