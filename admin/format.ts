/**
 * @module How values look on screen: numbers, dates, relative times and the compact form
 * of a record's value. Everything returns plain strings that templates bind as text.
 */

const numberFormat = new Intl.NumberFormat()

/** 1234567 → "1,234,567" in the reader's locale. */
export function formatCount(value: number): string {
  return numberFormat.format(value)
}

/** A number with at most `digits` fraction digits. */
export function formatNumber(value: number, digits = 2): string {
  return new Intl.NumberFormat(undefined, { maximumFractionDigits: digits }).format(value)
}

/** ISO time → "2026-11-22 04:31:07" in local time; stable and sortable to the eye. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return String(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
}

/** ISO time → "3 minutes ago"; `now` is injectable for tests. */
export function formatRelative(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return ''
  const then = new Date(iso).getTime()
  if (Number.isNaN(then)) return String(iso)
  const seconds = Math.round((then - now) / 1000)
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['year', 365 * 86400],
    ['month', 30 * 86400],
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
  ]
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.trunc(seconds / size), unit)
  }
  return Math.abs(seconds) < 10 ? 'just now' : rtf.format(seconds, 'second')
}

/** True for values shown as JSON with an expander (objects and arrays). */
export function isNested(value: unknown): value is object {
  return typeof value === 'object' && value !== null
}

/** The one-line text of a cell value; strings stay as they are, nested values as JSON. */
export function cellText(value: unknown): string {
  if (value === undefined) return ''
  if (typeof value === 'string') return value
  return JSON.stringify(value) ?? ''
}

/** A one-line preview cut to `max` characters. */
export function truncate(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/** Pretty JSON for the detail views. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? ''
}

/** What a field is called on screen: its label, or its name when it has none. */
export const fieldLabel = (field: { name: string; label: string }): string => field.label.trim() || field.name
