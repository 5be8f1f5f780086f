/**
 * @module Level ranges that tile a scale's possible score range: equal parts, on whole
 * numbers when the range allows it, so "12–18" reads better than "12.33–18.67".
 */
import type { Range } from '../contract/scales/model.ts'

/** `count` contiguous `[min, max)` ranges from `range.min` to `range.max` (the last one closed). */
export function splitRange(range: Range, count: number, wholeNumbers: boolean): Array<{ min: number; max: number }> {
  const width = range.max - range.min
  const round = wholeNumbers && width >= count ? Math.round : (value: number) => Math.round(value * 100) / 100
  const bounds = [range.min]
  for (let i = 1; i < count; i++) bounds.push(round(range.min + (width * i) / count))
  bounds.push(range.max)
  return bounds.slice(0, -1).map((min, i) => ({ min, max: bounds[i + 1] }))
}
