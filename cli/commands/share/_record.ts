/**
 * @module One record as a terminal shows it, shared by `share get` and `share edit`: its
 * values (keys aligned) and its history of edits, newest first, each field from → to.
 */
import { bold, cell, details, dim, type Style } from '../../output.ts'
import type { FieldChange, RecordDetail, RecordEdit } from '../../../server/contract/api/records.ts'

/** A value in a change line: JSON, so text and numbers read apart; "(none)" when there was none. */
const shown = (value: unknown, present: boolean, cut: boolean | undefined): string => {
  if (!present) return '(none)'
  const text = cut && typeof value === 'string' ? value : JSON.stringify(value)
  return cell(text.length > 60 ? `${text.slice(0, 59)}…` : text)
}

/** `email "a@x" → "b@x"` for one field of an edit. */
export const changeLine = (change: FieldChange): string =>
  `${change.field} ${shown(change.from, 'from' in change, change.fromCut)} → ${shown(change.to, 'to' in change, change.toCut)}`

/** One line per edit: `#2 2026-… by owner@example.com: a 1 → 2; b (none) → "x"`. */
export const editLine = (edit: RecordEdit): string =>
  `#${edit.n} ${edit.at} by ${edit.by.email}: ${edit.changes.map(changeLine).join('; ')}${edit.more ? `; and ${edit.more} more fields` : ''}`

/** The whole record: id, time, spam, each value, each scale's score, then the history. */
export function recordView(record: RecordDetail, style: Style): string {
  const entries: Record<string, unknown> = { id: record.id, createdAt: record.createdAt }
  if (record.spam) entries.spam = 'yes'
  for (const key of Object.keys(record.data)) entries[key] = record.data[key]
  for (const [key, score] of Object.entries(record.scores ?? {}))
    entries[`score.${key}`] =
      score.score === null ? null : `${score.score}${score.levelLabel ? ` · ${score.levelLabel}` : ''}`
  const lines = [details(style, entries)]
  if (record.edits === 0) lines.push('', dim(style, 'Never edited.'))
  else {
    const dropped = record.edits - record.history.length
    lines.push(
      '',
      bold(style, `History (${record.edits} edit${record.edits === 1 ? '' : 's'}, newest first)`),
      ...record.history.map(editLine),
      ...(dropped > 0 ? [dim(style, `and ${dropped} older edit${dropped === 1 ? '' : 's'}, no longer kept`)] : []),
    )
  }
  return lines.join('\n')
}
