/**
 * @module The stored form of an aggregate (aggregate.ts), as the app's aggregates document
 * holds it (state.ts): Maps become arrays of pairs, so user text never becomes an object key.
 */
import { copyExact, type ExactSum } from './exact-sum.ts'
import { copyExtremes, type Extremes } from './extremes.ts'
import { loadScoreState, storeScoreState, type StoredScoreState } from './score-state.ts'
import type { FileCounts } from './file-counts.ts'
import { syncTimes, type Aggregate, type NumberStats, type ValueCounts } from './aggregate.ts'

// `clients` and `published` are absent from documents written before they were kept: read as none.
interface StoredCounts {
  values: Array<[string, number]>
  untracked: number
  closed: boolean
  clients?: Array<[string, string[]]>
}
interface StoredNumbers {
  count: number
  sum: ExactSum
  extremes: Extremes
  published?: { count: number; sum: number } | null
}
interface StoredField {
  count: number
  numbers: StoredNumbers | null
  strings: StoredCounts | null
  booleans: { true: number; false: number } | null
  items: StoredCounts | null
  arrays: number
  /** Absent from documents that counted no file answer. */
  files?: FileCounts | null
  clients?: string[]
}
export interface StoredAggregate {
  total: number
  times: Extremes
  days: Array<[string, number]>
  fields: Array<[string, StoredField]>
  scores: StoredScoreState
  /** Absent from documents of earlier formats (which counted every key). */
  otherKeys?: number
}

const storeCounts = (c: ValueCounts | null): StoredCounts | null =>
  c ? { values: [...c.counts], untracked: c.untracked, closed: c.closed, clients: [...c.clients] } : null
const loadCounts = (c: StoredCounts | null): ValueCounts | null =>
  c
    ? {
        counts: new Map(c.values),
        untracked: c.untracked,
        closed: c.closed,
        clients: new Map((c.clients ?? []).map(([key, tags]) => [key, [...tags]])),
      }
    : null
const storeNumbers = (n: NumberStats | null): StoredNumbers | null =>
  n ? { count: n.count, sum: n.sum, extremes: n.extremes, published: n.published } : null
const loadNumbers = (n: StoredNumbers | null): NumberStats | null =>
  n
    ? {
        count: n.count,
        sum: copyExact(n.sum),
        extremes: copyExtremes(n.extremes),
        published: n.published ? { ...n.published } : null,
      }
    : null

/** The JSON-ready form of an aggregate. */
export function storeAggregate(a: Aggregate): StoredAggregate {
  return {
    total: a.total,
    times: a.times,
    days: [...a.days],
    fields: [...a.fields].map(([name, f]) => [
      name,
      {
        count: f.count,
        numbers: storeNumbers(f.numbers),
        strings: storeCounts(f.strings),
        booleans: f.booleans,
        items: storeCounts(f.items),
        arrays: f.arrays,
        ...(f.files ? { files: { ...f.files } } : {}),
        clients: f.clients,
      },
    ]),
    scores: storeScoreState(a.scores, a.scoreState),
    otherKeys: a.otherKeys,
  }
}

/** An aggregate from its stored form. */
export function loadAggregate(s: StoredAggregate): Aggregate {
  const { scores, scoreState } = loadScoreState(s.scores)
  const aggregate: Aggregate = {
    total: s.total,
    firstAt: null,
    lastAt: null,
    times: copyExtremes(s.times),
    days: new Map(s.days),
    fields: new Map(
      s.fields.map(([name, f]) => [
        name,
        {
          count: f.count,
          numbers: loadNumbers(f.numbers),
          strings: loadCounts(f.strings),
          booleans: f.booleans ? { ...f.booleans } : null,
          items: loadCounts(f.items),
          arrays: f.arrays,
          files: f.files ? { ...f.files } : null,
          clients: [...(f.clients ?? [])],
        },
      ]),
    ),
    scores,
    scoreState,
    otherKeys: s.otherKeys ?? 0,
  }
  syncTimes(aggregate)
  return aggregate
}
