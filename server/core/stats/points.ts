/**
 * @module The summary of a point scale (rating, nps; their spec's `points`): records per
 * point, and for NPS the Net Promoter Score. Read from the number statistics kept at insert:
 * their extremes (extremes.ts) count each of the first `LIMITS.summaryExtremes` distinct values
 * at each end exactly, which holds every point of a scale of up to that many (NPS has 11), so
 * no new aggregate is kept. A value off the points (sent before the field had its type) counts
 * in the mean but in no point.
 */
import type { NumberStats } from './aggregate.ts'

/** Records per point of a scale. */
export interface PointCount {
  value: number
  count: number
}

/** Records per point, every point in order with zeros, from a field's number statistics (null: no numbers yet). */
export function pointCounts(numbers: NumberStats | null, points: readonly number[]): PointCount[] {
  const low = new Map(numbers?.extremes.low.entries ?? [])
  const high = new Map(numbers?.extremes.high.entries ?? [])
  return points.map((value) => ({ value, count: low.get(value) ?? high.get(value) ?? 0 }))
}

/** NPS promoters answer 9 or 10, detractors 0 to 6 (passives 7 and 8 count in the total only). */
const PROMOTER = 9
const DETRACTOR = 6

/**
 * The Net Promoter Score of NPS answers: the percentage of promoters minus the percentage of
 * detractors, −100 to 100, rounded to a whole number as NPS tools report it (a half away
 * from zero); null without answers.
 */
export function npsScore(counts: readonly PointCount[]): number | null {
  let total = 0
  let net = 0
  for (const { value, count } of counts) {
    total += count
    if (value >= PROMOTER) net += count
    else if (value <= DETRACTOR) net -= count
  }
  if (total === 0) return null
  const score = (100 * net) / total
  const rounded = Math.sign(score) * Math.round(Math.abs(score))
  return rounded === 0 ? 0 : rounded
}
