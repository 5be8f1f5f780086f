/**
 * @module Recomputing one statistic from an app's records, for the rare removal that leaves
 * it unknown (remove.ts): a min/max or first/last time whose known extremes were all
 * deleted. One query reads just that value (a JSON path, not the whole record) of the
 * app's non-spam (by `pos`) or spam (by the spam index) records. It still reads every
 * record of that kind, but only after `LIMITS.summaryExtremes` distinct extreme values on
 * one side were deleted, instead of a full rescan on every delete.
 *
 * Numbers are read as their JSON text (`->`) and parsed by JavaScript, exactly as the
 * aggregates saw them at insert, never through SQLite's own float conversion.
 */
import type { AppContext } from '../../context.ts'
import { extremesOf } from './extremes.ts'
import { addNumber, emptyNumbers, syncTimes, type Aggregate } from './aggregate.ts'
import type { Refill } from './remove.ts'
import { refillScale } from './score-state.ts'

// Non-spam rows are the ones with a pos; both filters match a partial index on (app_id, …).
const KEPT = 'r.pos IS NOT NULL ORDER BY r.pos'
const SPAM = 'r.spam = 1 ORDER BY r.seq'
const TIMES = 'SELECT r.created_at AS v FROM records r WHERE r.app_id = ?1 AND '
// ?2 is a JSON path: the value of one field in data, or one dimension's score in scores.
const NUMBERS = "SELECT r.data -> ?2 AS v FROM records r WHERE r.app_id = ?1 AND json_type(r.data, ?2) IN ('integer', 'real') AND "
const SCORES = "SELECT r.scores -> ?2 AS v FROM records r WHERE r.app_id = ?1 AND r.scores IS NOT NULL AND json_type(r.scores, ?2) IN ('integer', 'real') AND "

/** The refill statements: parameters the app id, then a JSON path (`pathTo`). */
export const REFILL_SQL = {
  timesKept: TIMES + KEPT,
  timesSpam: TIMES + SPAM,
  numbersKept: NUMBERS + KEPT,
  numbersSpam: NUMBERS + SPAM,
  scoresKept: SCORES + KEPT,
  scoresSpam: SCORES + SPAM,
}

/** The JSON path of a top-level key; SQLite reads a quoted label with JSON's escapes. */
export const pathTo = (key: string): string => `$.${JSON.stringify(key)}`

function* values(ctx: AppContext, query: string, params: Array<string>): Generator<number> {
  for (const row of ctx.store.sqlite.query<{ v: number | string }, string[]>(query).iterate(...params)) yield Number(row.v)
}

/** Recomputes `refill` in `aggregate` (the app's spam or non-spam one) from the records now stored. */
export function applyRefill(ctx: AppContext, appId: string, aggregate: Aggregate, spam: boolean, refill: Refill): void {
  if (refill.kind === 'times') {
    aggregate.times = extremesOf(values(ctx, spam ? REFILL_SQL.timesSpam : REFILL_SQL.timesKept, [appId]))
    syncTimes(aggregate)
  } else if (refill.kind === 'numbers') {
    const field = aggregate.fields.get(refill.field)
    if (!field?.numbers) return
    const numbers = emptyNumbers()
    for (const value of values(ctx, spam ? REFILL_SQL.numbersSpam : REFILL_SQL.numbersKept, [appId, pathTo(refill.field)])) addNumber(numbers, value)
    field.numbers = numbers
  } else {
    refillScale(aggregate.scores, aggregate.scoreState, refill.key, values(ctx, spam ? REFILL_SQL.scoresSpam : REFILL_SQL.scoresKept, [appId, `${pathTo(refill.key)}.score`]))
  }
}
