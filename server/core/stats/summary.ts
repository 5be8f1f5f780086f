/**
 * @module The summary of an app's records (docs/design.md rule 12), read from the aggregates kept
 * at insert, so it costs the same at ten records or ten million.
 */
import type { AppContext } from '../context.ts'
import { AppError, notFound } from '../../contract/errors.ts'
import { fieldsOf } from '../collect/field-cache.ts'
import { fieldTypeSpec } from '../../contract/fields/types/index.ts'
import type { FieldRule } from '../fields/values.ts'
import { npsScore, pointCounts } from './points.ts'
import { LIMITS } from '../../contract/limits.ts'
import {
  mergeAggregates,
  numberView,
  pruneDays,
  utcDay,
  type Aggregate,
  type FieldAggregate,
  type ValueCounts,
} from './aggregate.ts'
import {
  everyValue,
  publicDayCount,
  publicNumbers,
  publicScoreMean,
  publicTime,
  publicValues,
  type PublicReader,
  type ValueFilter,
} from './public-values.ts'
import { loadStats } from './state.ts'
import { publishedScores } from './score-state.ts'
import { summarizeScores, type ScaleSummary } from '../../contract/scoring/aggregate.ts'
import type { SpamMode } from '../../contract/records/schemas.ts'
import type { FieldSummary, Summary, TopValue } from '../../contract/api/records.ts'

export type { PublicReader, SpamMode }

/** Parses `?spam=`; absent means exclude; anything else but include/only/exclude is a 400. */
export function parseSpamMode(raw: string | null | undefined): SpamMode {
  if (raw === undefined || raw === null || raw === '' || raw === 'exclude') return 'exclude'
  if (raw === 'include' || raw === 'only') return raw
  throw new AppError(
    'bad_request',
    `spam must be "include" or "only" (or left out to exclude spam), got ${JSON.stringify(raw)}`,
  )
}

// The answer shapes are the contract's (server/contract/api/records.ts): the OpenAPI document and this code describe one thing.
export type { FieldSummary, Summary, TopValue }

const DAY_MS = 86_400_000

/** The most frequent values `listed` lets through, the rest (and untracked values) counted in `other`. */
function top(counts: ValueCounts | null, listed: ValueFilter): { top: TopValue[]; other: number } {
  if (!counts) return { top: [], other: 0 }
  let other = counts.untracked
  const shown: Array<[string, number]> = []
  for (const entry of counts.counts) {
    if (listed(entry[0], entry[1], counts.clients.get(entry[0]))) shown.push(entry)
    else other += entry[1]
  }
  shown.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  for (const [, n] of shown.slice(LIMITS.summaryTopValues)) other += n
  return { top: shown.slice(0, LIMITS.summaryTopValues).map(([value, count]) => ({ value, count })), other }
}

/**
 * A field's sections: the one its type always has (its spec's `summary`), and one per kind of
 * value seen. For a public `reader` what could give one person away is left out (public-values.ts).
 */
function fieldSummary(
  rule: FieldRule,
  total: number,
  field: FieldAggregate | undefined,
  reader: PublicReader | null,
): FieldSummary {
  const type = rule.type
  const count = field?.count ?? 0
  const result: FieldSummary = { type, count, missing: total - count }
  const spec = fieldTypeSpec(type)
  const kind = spec.summary
  const numbers = field?.numbers ?? null
  const listed = reader === null ? everyValue : publicValues(type, reader)
  if (numbers || kind === 'numbers') {
    if (reader === null) {
      const view = numbers ? numberView(numbers) : null
      result.min = view ? view.min : null
      result.max = view ? view.max : null
      result.mean = view ? view.mean : null
      result.sum = view ? view.sum : 0
    } else {
      const shown = numbers ? publicNumbers(numbers, reader, field!.clients) : { sum: 0, mean: null }
      result.min = null
      result.max = null
      result.mean = shown.mean
      result.sum = shown.sum
    }
  }
  // Records per point tell one answer apart between two reads, as min and max would: the owner's only.
  if (spec.points) {
    const counts = reader === null ? pointCounts(numbers, spec.points.of(rule)) : null
    result.distribution = counts
    if (spec.points.nps) result.nps = counts === null ? null : npsScore(counts)
  }
  if (field?.strings || kind === 'values') Object.assign(result, top(field?.strings ?? null, listed))
  if (field?.booleans || kind === 'booleans') {
    result.true = field?.booleans?.true ?? 0
    result.false = field?.booleans?.false ?? 0
  }
  if (field?.items || kind === 'items') result.items = top(field?.items ?? null, listed)
  // Counts only: no name or id is ever kept; the bytes stay the owner's (one upload's size could tell a file apart).
  if (field?.files || kind === 'files') {
    const files = field?.files
    result.files = {
      answers: files?.answers ?? 0,
      files: files?.files ?? 0,
      bytes: reader === null ? (files?.bytes ?? 0) : null,
    }
  }
  return result
}

/** Records per UTC day for the last `LIMITS.summaryDays` days ending today, oldest first, zeros included (public: 0 below k). */
function lastDays(
  aggregate: Aggregate,
  now: number,
  reader: PublicReader | null,
): Array<{ date: string; count: number }> {
  const days: Array<{ date: string; count: number }> = []
  for (let i = LIMITS.summaryDays - 1; i >= 0; i--) {
    const date = utcDay(now - i * DAY_MS)
    const count = aggregate.days.get(date) ?? 0
    days.push({ date, count: reader === null ? count : publicDayCount(count, reader) })
  }
  return days
}

/** A time in ISO form; to the day for a public reader. */
const iso = (time: number | null, reader: PublicReader | null) =>
  time === null ? null : new Date(reader === null ? time : publicTime(time)).toISOString()

/** Scores' min and max are one respondent's score: never public; the mean moves in steps, as a number's does. */
function scoresFor(aggregate: Aggregate, reader: PublicReader | null): Record<string, ScaleSummary> {
  const scores = summarizeScores(aggregate.scores)
  if (reader === null) return scores
  for (const key of Object.keys(scores)) {
    const scale = scores[key]
    const mean = publicScoreMean(publishedScores(aggregate.scoreState, key), scale.count, reader)
    Object.assign(scale, { mean, min: null, max: null })
  }
  return scores
}

/**
 * The summary of an app's current fields over its non-spam, all, or spam records. With a
 * public `reader` (holding only the endpoint token) it is the public summary (public-values.ts).
 */
export async function getSummary(
  ctx: AppContext,
  appId: string,
  spamMode: SpamMode = 'exclude',
  reader: PublicReader | null = null,
): Promise<Summary> {
  const state = await loadStats(ctx, appId)
  if (!state) throw notFound('App')
  const aggregate =
    spamMode === 'exclude' ? state.kept : spamMode === 'only' ? state.spam : mergeAggregates(state.kept, state.spam)
  const now = ctx.clock.now()
  pruneDays(aggregate, now)
  const fields: Record<string, FieldSummary> = Object.create(null)
  for (const field of (await fieldsOf(ctx, appId)).values()) {
    // A stranger's key stays off the public summary, as off the form, until the owner accepts it.
    if (reader !== null && field.proposed) continue
    fields[field.name] = fieldSummary(field, aggregate.total, aggregate.fields.get(field.name), reader)
  }
  return {
    code: 200,
    total: aggregate.total,
    spam: state.spam.total,
    firstAt: iso(aggregate.firstAt, reader),
    lastAt: iso(aggregate.lastAt, reader),
    fields,
    days: lastDays(aggregate, now, reader),
    ...(Object.keys(aggregate.scores).length > 0 ? { scores: scoresFor(aggregate, reader) } : {}),
    ...(reader === null ? {} : { minRespondents: reader.minRespondents }),
  }
}
