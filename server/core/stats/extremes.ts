/**
 * @module Minimum and maximum that survive deletes. A bare min/max cannot be decremented:
 * once the record holding it goes, the next value is unknown. So each end keeps the
 * `LIMITS.summaryExtremes` most extreme distinct values with how many records hold each:
 * deleting a value decrements its count, and only when an end runs out of values while
 * values remain must it be refilled from the records (`needsRefill`), which takes at least
 * that many distinct extreme values deleted on one side. A field with few distinct values
 * (ratings, choices scored 1–5) is kept whole and never needs a refill.
 */
import { LIMITS } from '../../contract/limits.ts'

/** One end: distinct values, most extreme first, each with its record count. */
export interface Tail {
  entries: Array<[value: number, count: number]>
  /** The entries are every value there is (nothing was cut off beyond the last). */
  complete: boolean
}

export interface Extremes {
  low: Tail
  high: Tail
}

/** Extremes of no values. */
export const emptyExtremes = (): Extremes => ({
  low: { entries: [], complete: true },
  high: { entries: [], complete: true },
})

// `sign` 1: smaller is more extreme (low end); −1: larger is (high end).
function addToTail(tail: Tail, value: number, sign: number): void {
  const entries = tail.entries
  const last = entries.length - 1
  // Beyond an incomplete end: not among its values, and it stays the exact end it was.
  if (!tail.complete && last >= 0 && sign * (value - entries[last][0]) > 0) return
  let at = 0
  while (at <= last && sign * (entries[at][0] - value) < 0) at++
  if (at <= last && entries[at][0] === value) {
    entries[at][1]++
    return
  }
  entries.splice(at, 0, [value, 1])
  if (entries.length > LIMITS.summaryExtremes) {
    entries.pop()
    tail.complete = false
  }
}

function removeFromTail(tail: Tail, value: number): void {
  const at = tail.entries.findIndex((entry) => entry[0] === value)
  if (at < 0) return
  if (--tail.entries[at][1] === 0) tail.entries.splice(at, 1)
}

/** Counts one more record holding `value`. */
export function addExtreme(extremes: Extremes, value: number): void {
  addToTail(extremes.low, value, 1)
  addToTail(extremes.high, value, -1)
}

/** Counts one record fewer holding `value` (which must have been added). */
export function removeExtreme(extremes: Extremes, value: number): void {
  removeFromTail(extremes.low, value)
  removeFromTail(extremes.high, value)
}

/** True when an end ran out of known values though values remain: refill it from the records. */
export const needsRefill = (extremes: Extremes): boolean =>
  (extremes.low.entries.length === 0 && !extremes.low.complete) ||
  (extremes.high.entries.length === 0 && !extremes.high.complete)

/** The smallest value, or null when there is none. */
export const minOf = (extremes: Extremes): number | null => extremes.low.entries[0]?.[0] ?? null

/** The largest value, or null when there is none. */
export const maxOf = (extremes: Extremes): number | null => extremes.high.entries[0]?.[0] ?? null

function mergeTails(a: Tail, b: Tail, sign: number): Tail {
  const counts = new Map<number, number>()
  for (const [value, count] of [...a.entries, ...b.entries]) counts.set(value, (counts.get(value) ?? 0) + count)
  let entries = [...counts].sort((x, y) => sign * (x[0] - y[0]))
  // An incomplete end knows nothing past its last entry, so neither does the merge.
  for (const tail of [a, b]) {
    const last = tail.entries.at(-1)
    if (!tail.complete && last) entries = entries.filter(([value]) => sign * (value - last[0]) <= 0)
  }
  const complete = a.complete && b.complete && entries.length <= LIMITS.summaryExtremes
  return { entries: entries.slice(0, LIMITS.summaryExtremes), complete }
}

/** The extremes of two disjoint value sets together; neither input is changed. */
export const mergeExtremes = (a: Extremes, b: Extremes): Extremes => ({
  low: mergeTails(a.low, b.low, 1),
  high: mergeTails(a.high, b.high, -1),
})

/** A deep copy (the JSON form is the same shape). */
export const copyExtremes = (e: Extremes): Extremes => ({
  low: { entries: e.low.entries.map(([v, c]) => [v, c]), complete: e.low.complete },
  high: { entries: e.high.entries.map(([v, c]) => [v, c]), complete: e.high.complete },
})

/** Extremes of the given values (a refill from the records). */
export function extremesOf(values: Iterable<number>): Extremes {
  const extremes = emptyExtremes()
  for (const value of values) addExtreme(extremes, value)
  return extremes
}
