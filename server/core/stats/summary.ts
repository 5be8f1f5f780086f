/**
 * @module The summary of an app's records (DESIGN rule 12), read from the aggregates kept
 * at insert, so it costs the same at ten records or ten million.
 */
import type { AppContext } from '../../context.ts'
import { AppError, notFound } from '../errors.ts'
import { fieldsOf } from '../collect/field-cache.ts'
import { fieldTypeSpec } from '../fields/types/index.ts'
import { LIMITS, type FieldType } from '../limits.ts'
import { mergeAggregates, numberView, pruneDays, utcDay, type Aggregate, type FieldAggregate, type ValueCounts } from './aggregate.ts'
import { loadStats } from './state.ts'
import { summarizeScores, type ScaleSummary } from '../scoring/aggregate.ts'

/** Which records a read covers: without spam (default), with it, or spam only. */
export type SpamMode = 'exclude' | 'include' | 'only'

/** Parses `?spam=`; absent means exclude; anything else but include/only/exclude is a 400. */
export function parseSpamMode(raw: string | null | undefined): SpamMode {
  if (raw === undefined || raw === null || raw === '' || raw === 'exclude') return 'exclude'
  if (raw === 'include' || raw === 'only') return raw
  throw new AppError(400, 'bad_request', `spam must be "include" or "only" (or left out to exclude spam), got ${JSON.stringify(raw)}`)
}

export interface TopValue {
  value: string
  count: number
}

/** Summary of one field; sections appear by the field's type and by what values were seen. */
export interface FieldSummary {
  type: FieldType
  count: number
  missing: number
  min?: number | null
  max?: number | null
  mean?: number | null
  sum?: number
  top?: TopValue[]
  other?: number
  true?: number
  false?: number
  items?: { top: TopValue[]; other: number }
}

export interface Summary {
  code: 200
  total: number
  spam: number
  firstAt: string | null
  lastAt: string | null
  /** Keyed by field name (a null-prototype object), in field order. */
  fields: Record<string, FieldSummary>
  days: Array<{ date: string; count: number }>
  /** Per assessment dimension (apps with scales only): count, missing, mean, min, max, records per level. */
  scores?: Record<string, ScaleSummary>
}

const DAY_MS = 86_400_000

function top(counts: ValueCounts | null): { top: TopValue[]; other: number } {
  if (!counts) return { top: [], other: 0 }
  const sorted = [...counts.counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  const shown = sorted.slice(0, LIMITS.summaryTopValues)
  const rest = sorted.slice(LIMITS.summaryTopValues).reduce((sum, [, n]) => sum + n, 0)
  return { top: shown.map(([value, count]) => ({ value, count })), other: rest + counts.untracked }
}

/** A field's sections: the one its type always has (its spec's `summary`), and one per kind of value seen. */
function fieldSummary(type: FieldType, total: number, field: FieldAggregate | undefined): FieldSummary {
  const count = field?.count ?? 0
  const result: FieldSummary = { type, count, missing: total - count }
  const kind = fieldTypeSpec(type).summary
  const numbers = field?.numbers ?? null
  if (numbers || kind === 'numbers') {
    const view = numbers ? numberView(numbers) : null
    result.min = view ? view.min : null
    result.max = view ? view.max : null
    result.mean = view ? view.mean : null
    result.sum = view ? view.sum : 0
  }
  if (field?.strings || kind === 'values') Object.assign(result, top(field?.strings ?? null))
  if (field?.booleans || kind === 'booleans') {
    result.true = field?.booleans?.true ?? 0
    result.false = field?.booleans?.false ?? 0
  }
  if (field?.items || kind === 'items') result.items = top(field?.items ?? null)
  return result
}

/** Records per UTC day for the last `LIMITS.summaryDays` days ending today, oldest first, zeros included. */
function lastDays(aggregate: Aggregate, now: number): Array<{ date: string; count: number }> {
  const days: Array<{ date: string; count: number }> = []
  for (let i = LIMITS.summaryDays - 1; i >= 0; i--) {
    const date = utcDay(now - i * DAY_MS)
    days.push({ date, count: aggregate.days.get(date) ?? 0 })
  }
  return days
}

const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString())

/** The summary of an app's current fields over its non-spam, all, or spam records. */
export async function getSummary(ctx: AppContext, appId: string, spamMode: SpamMode = 'exclude'): Promise<Summary> {
  const state = await loadStats(ctx, appId)
  if (!state) throw notFound('App')
  const aggregate = spamMode === 'exclude' ? state.kept : spamMode === 'only' ? state.spam : mergeAggregates(state.kept, state.spam)
  const now = ctx.clock.now()
  pruneDays(aggregate, now)
  const fields: Record<string, FieldSummary> = Object.create(null)
  for (const field of (await fieldsOf(ctx, appId)).values()) {
    fields[field.name] = fieldSummary(field.type, aggregate.total, aggregate.fields.get(field.name))
  }
  return {
    code: 200,
    total: aggregate.total,
    spam: state.spam.total,
    firstAt: iso(aggregate.firstAt),
    lastAt: iso(aggregate.lastAt),
    fields,
    days: lastDays(aggregate, now),
    ...(Object.keys(aggregate.scores).length > 0 ? { scores: summarizeScores(aggregate.scores) } : {}),
  }
}
