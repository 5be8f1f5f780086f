/**
 * @module The scale editor's live preview, computed from the unsaved draft with the same
 * pure functions the server validates with (server/contract/scales/model.ts, coverage.ts), so
 * what the editor shows before saving is what the server will answer after.
 */
import type { Problem } from '../../../server/contract/errors.ts'
import type { FieldType } from '../../../server/contract/fields/types/index.ts'
import { gapProblems, overlapProblems, unreachableProblems } from '../../../server/contract/scales/coverage.ts'
import {
  itemRange,
  scaleRange,
  sortLevels,
  type Level,
  type Range,
  type ScaleMethod,
  type StoredItem,
} from '../../../server/contract/scales/model.ts'

export interface DraftField {
  id: string
  type: string
}

/** The possible score range of a draft (null without usable items), as the server computes it. */
export function draftRange(
  method: ScaleMethod,
  items: readonly StoredItem[],
  fields: readonly DraftField[],
): Range | null {
  const usable = items.flatMap((item) => {
    const field = fields.find((f) => f.id === item.fieldId)
    if (!field || !Number.isFinite(item.weight) || item.weight <= 0) return []
    return [{ weight: item.weight, range: itemRange(item, field.type as FieldType) }]
  })
  return scaleRange(method, usable)
}

/** Overlaps, gaps and unreachable levels of a draft; empty when the levels tile the range. */
export function coverageProblems(levels: readonly Level[], range: Range | null): Problem[] {
  const overlaps = overlapProblems(levels)
  if (overlaps.length > 0) return overlaps
  return [...gapProblems(levels, range), ...unreachableProblems(levels, range)]
}

export interface Segment {
  kind: 'level' | 'gap' | 'overlap'
  from: number
  to: number
  /** The level's key (levels only). */
  key?: string
  label?: string
}

/** Where the bar starts and ends: the range, widened to show levels that reach past it. */
export function barDomain(range: Range | null, levels: readonly Level[]): Range | null {
  const bounds = [range?.min, range?.max, ...levels.flatMap((l) => [l.min, l.max])].filter(
    (v): v is number => typeof v === 'number' && Number.isFinite(v),
  )
  if (bounds.length === 0) return null
  const min = Math.min(...bounds)
  const max = Math.max(...bounds)
  return min === max ? { min: min - 1, max: max + 1 } : { min, max }
}

/**
 * The bar's segments within `domain`: each level's span (open bounds run to the edge),
 * scores of the range that no level holds (gaps), and spans two levels share (overlaps).
 */
export function barSegments(domain: Range, range: Range | null, levels: readonly Level[]): Segment[] {
  const sorted = sortLevels(levels)
  const clamp = (v: number) => Math.min(domain.max, Math.max(domain.min, v))
  const spans = sorted.map((level) => ({
    level,
    from: clamp(level.min ?? -Infinity),
    to: clamp(level.max ?? Infinity),
  }))
  const segments: Segment[] = spans.map(({ level, from, to }) => ({
    kind: 'level',
    from,
    to,
    key: level.key,
    label: level.label,
  }))
  for (let i = 0; i < spans.length; i++) {
    for (let j = i + 1; j < spans.length; j++) {
      const from = Math.max(spans[i].from, spans[j].from)
      const to = Math.min(spans[i].to, spans[j].to)
      if (to > from) segments.push({ kind: 'overlap', from, to })
    }
  }
  if (range) {
    // Walk the range from its bottom; whatever no level reaches is a gap.
    let cursor = clamp(range.min)
    const top = clamp(range.max)
    for (const span of [...spans].sort((a, b) => a.from - b.from)) {
      if (span.from > cursor && cursor < top) segments.push({ kind: 'gap', from: cursor, to: Math.min(span.from, top) })
      cursor = Math.max(cursor, span.to)
    }
    if (cursor < top) segments.push({ kind: 'gap', from: cursor, to: top })
  }
  return segments
}

/** A bound as people read it: ∞ for an open end, at most 4 decimals. */
export function showBound(value: number | null | undefined, open: '−∞' | '∞'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return open
  return String(Math.round(value * 10_000) / 10_000)
}
