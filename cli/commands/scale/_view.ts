/**
 * @module How scales read in a terminal; shared by the scale commands and the snapshot.
 */
import type { Level } from '../../../server/contract/scales/model.ts'
import type { Scale, ScaleItemView as ScaleItem } from '../../../server/contract/api/scales.ts'
import { bold, details, table, type Style } from '../../output.ts'

// The API's shapes are the contract's answer types (type-only: nothing of the server loads).
export type { Level, Scale, ScaleItem }

/** A range end; open ends read as `…`. */
export const bound = (value: number | null) => (value === null ? '…' : String(value))

/** `0 – 20`, with open ends shown as `…`. */
export const rangeText = (range: { min: number | null; max: number | null } | null) =>
  range ? `${bound(range.min)} – ${bound(range.max)}` : '-'

const scoresText = (item: ScaleItem) =>
  item.scores
    ? Object.entries(item.scores)
        .map(([option, score]) => `${option}=${score}`)
        .join(', ')
    : `value${item.min !== null || item.max !== null ? ` in ${bound(item.min)}…${bound(item.max)}` : ''}`

/** The items of a scale as a table. */
export const itemTable = (style: Style, items: ScaleItem[]) =>
  table(
    style,
    items,
    {
      field: (i) => i.field ?? '(deleted field)',
      type: (i) => i.type,
      weight: (i) => i.weight,
      reverse: (i) => (i.reverse ? 'yes' : ''),
      scores: scoresText,
    },
    'No items yet. Add one with: svc-cli scale item add --app <appId> --scale <key> --field <name>',
  )

/** The levels of a scale as a table, open ends shown as `…`. */
export const levelTable = (style: Style, levels: Level[]) =>
  table(
    style,
    levels,
    {
      key: (l) => l.key,
      label: (l) => l.label,
      from: (l) => bound(l.min),
      to: (l) => bound(l.max),
      interpretation: (l) => l.interpretation,
    },
    'No levels yet. Add one with: svc-cli scale level set --app <appId> --scale <key> --level low --label Low --min 0 --max 10',
  )

/** One scale: its settings, items, levels and what still keeps it from scoring. */
export const scaleDetails = (scale: Scale) => (style: Style) => {
  const parts = [
    details(style, {
      id: scale.id,
      key: scale.key,
      name: scale.name,
      description: scale.description || '-',
      method: scale.method,
      range: rangeText(scale.range),
      complete: scale.complete ? 'yes' : 'no',
    }),
    `${bold(style, 'Items')}\n${itemTable(style, scale.items)}`,
    `${bold(style, 'Levels')}\n${levelTable(style, scale.levels)}`,
  ]
  if (scale.problems.length > 0)
    parts.push(
      `${bold(style, 'Problems')}\n${scale.problems.map((p) => `  - ${p.path ? `${p.path}: ` : ''}${p.message}`).join('\n')}`,
    )
  return parts.join('\n\n')
}

/** One line per scale. */
export const scaleTable = (scales: Scale[]) => (style: Style) =>
  table(
    style,
    scales,
    {
      key: (s) => s.key,
      name: (s) => s.name,
      method: (s) => s.method,
      items: (s) => s.items.length,
      levels: (s) => s.levels.map((l) => l.key),
      range: (s) => rangeText(s.range),
      complete: (s) => (s.complete ? 'yes' : 'no'),
      id: (s) => s.id,
    },
    'No scales yet. Add one with: svc-cli scale add --app <appId> --key mood --name Mood',
  )
