/**
 * @module The owner's notification e-mails: one per record, its fields as a plain-text table,
 * or a digest of several. Everything in them that came from the public is escaped: a value's
 * line breaks and control characters are shown as `\n`, `\u0007`…, so a value cannot add
 * lines that pass for other fields; the subject holds only the app's name with every
 * control character removed, so it cannot inject headers.
 */
import type { Mail } from '../mailer.ts'
import { filesOf, formatBytes, isFileObject } from '../../contract/files/model.ts'

/** Longest value shown; the rest is in the admin. */
const MAX_VALUE = 500
const MAX_NAME = 60
/** Records a digest lists at most; the rest are counted and left to the admin. */
const MAX_LISTED = 50

export interface NotifiedRecord {
  id: string
  /** The record's data (parsed). */
  data: unknown
  createdAt: number
}

export interface RecordMailInput {
  to: string
  appName: string
  records: NotifiedRecord[]
  /** Where the owner reads the records (the admin's Data tab). */
  dataUrl: string
  unsubscribeUrl: string
  /** The hourly cap, named in digests. */
  perHour: number
}

/** Control characters (C0, DEL, C1, line and paragraph separators) as visible escapes. */
export const escapeText = (text: string): string =>
  text.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (c) => ({ '\n': '\\n', '\r': '\\r', '\t': '\\t' })[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )

/** The app's name fit for a subject line: no control characters, one line, short. */
export const subjectName = (name: string): string => {
  const clean = name
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return clean.length > MAX_NAME ? `${clean.slice(0, MAX_NAME - 1)}…` : clean || 'an app'
}

/** A value as the mail shows it; files by name, size and type (their bytes stay with the owner's admin). */
const valueText = (value: unknown): string => {
  const files = filesOf(value)
  const shown =
    files.length > 0 && (isFileObject(value) || (Array.isArray(value) && files.length === value.length))
      ? files.map((file) => `${file.name} (${formatBytes(file.size)}, ${file.type})`).join(', ')
      : typeof value === 'string'
        ? value
        : JSON.stringify(value)
  const text = escapeText(shown)
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text
}

/** The record's fields as aligned `name  value` lines. */
export function fieldTable(parsed: unknown): string[] {
  const entries =
    parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? Object.entries(parsed)
      : [['value', parsed] as const]
  if (entries.length === 0) return ['  (no fields)']
  const names = entries.map(([name]) => escapeText(name))
  const width = Math.min(24, Math.max(...names.map((name) => name.length)))
  return entries.map(([, value], i) => `  ${names[i].padEnd(width)}  ${valueText(value)}`)
}

/** One record's mail, or a digest of several. */
export function recordMail(input: RecordMailInput): Mail {
  const name = subjectName(input.appName)
  const many = input.records.length > 1
  const lines: string[] = many
    ? [
        `${input.records.length} new records in "${escapeText(input.appName)}" (records that arrive together, or past ${input.perHour} e-mails an hour, come in one e-mail):`,
        '',
      ]
    : [`A new record in "${escapeText(input.appName)}":`, '']
  for (const record of input.records.slice(0, MAX_LISTED)) {
    if (many) lines.push(`Record ${record.id} · ${new Date(record.createdAt).toISOString()}`)
    lines.push(...fieldTable(record.data), '')
  }
  const unlisted = input.records.length - MAX_LISTED
  if (unlisted > 0) lines.push(`…and ${unlisted} more ${unlisted === 1 ? 'record' : 'records'}, in the admin.`, '')
  if (!many) lines.push(`Record ${input.records[0].id} · ${new Date(input.records[0].createdAt).toISOString()}`, '')
  lines.push(`All records: ${input.dataUrl}`, '', `Stop these e-mails: ${input.unsubscribeUrl}`)
  return {
    to: input.to,
    subject: many ? `${input.records.length} new records in "${name}"` : `New record in "${name}"`,
    text: `${lines.join('\n')}\n`,
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
}
