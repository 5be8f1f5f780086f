/**
 * @module The records filter the Data tab sends: what the owner typed, and the created
 * range of the two date inputs (whole local days, as the table shows times), joined by &&.
 */

/** A local calendar day ('2026-01-31') as the instant it starts, in UTC (the filter's created takes either). */
const startOf = (day: string): string => new Date(`${day}T00:00:00`).toISOString()

/** The day after a local calendar day, as the instant it starts. */
function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00`)
  date.setDate(date.getDate() + 1)
  return date.toISOString()
}

/** `text` and the created range from `from` to `to` (both days included), joined by && ('' for none). */
export function combinedFilter(text: string, from: string, to: string): string {
  const expression = text.trim()
  const range = [
    ...(from === '' ? [] : [`created >= '${startOf(from)}'`]),
    ...(to === '' ? [] : [`created < '${dayAfter(to)}'`]),
  ]
  if (range.length === 0) return expression
  // Wrapped, so an || in what was typed stays inside it.
  return [...(expression === '' ? [] : [`(${expression})`]), ...range].join(' && ')
}
