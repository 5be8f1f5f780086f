/**
 * @module Recomputing one statistic from an app's records, for the rare removal that leaves
 * it unknown (remove.ts): a min/max or first/last time whose known extremes were all
 * deleted. The store reads just that value of the app's remaining non-spam or spam records
 * (a RefillRequest: every record time, every number under a field, every score of a
 * dimension); this puts them back into the aggregate. It still reads every record of that
 * kind, but only after `LIMITS.summaryExtremes` distinct extreme values on one side were
 * deleted, instead of a full rescan on every delete.
 */
import { extremesOf } from './extremes.ts'
import { addNumber, emptyNumbers, syncTimes, type Aggregate } from './aggregate.ts'
import type { Refill } from './remove.ts'
import { refillScale } from './score-state.ts'

/** Recomputes `refill` in `aggregate` (the app's spam or non-spam one) from `values`, read from the records now stored. */
export function applyRefill(aggregate: Aggregate, refill: Refill, values: readonly number[]): void {
  if (refill.kind === 'times') {
    aggregate.times = extremesOf(values)
    syncTimes(aggregate)
  } else if (refill.kind === 'numbers') {
    const field = aggregate.fields.get(refill.field)
    if (!field?.numbers) return
    const numbers = emptyNumbers()
    for (const value of values) addNumber(numbers, value)
    field.numbers = numbers
  } else {
    refillScale(aggregate.scores, aggregate.scoreState, refill.key, values)
  }
}
