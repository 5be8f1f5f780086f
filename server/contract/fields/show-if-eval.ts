/**
 * @module The one evaluator of `showIf` (show-if.ts): which questions a respondent is asked,
 * given the answers so far. The server runs it on every submission and the fill-in page runs
 * the very same function, served as its own source (server/pages/assets.ts), so the two
 * cannot disagree. That is why `shownFields` is self-contained: everything it uses is
 * declared inside it, and this file imports nothing but types.
 *
 * Answers are read as the server checks them (a form's text already read by the field's
 * type: numbers, true/false, lists of options for a multichoice). What each operator means:
 *
 * - An answer is *missing* when absent, null, `""` or an empty list; a question the rules
 *   hide counts as unanswered whatever it holds, so conditions chain.
 * - `answered` / `unanswered`: whether the answer is there.
 * - `eq`: the same value (text exactly, numbers by value, true/false; a consent ticked is
 *   `true`). On a list (multichoice) it means exactly that one option was picked.
 * - `ne`: not `eq`, so also true when the question is unanswered (add `answered` beside it
 *   to ask for an answer).
 * - `in`: the answer is one of the listed values; on a list, at least one pick is listed.
 * - `contains`: on a list, the option is among the picks; on text, the text contains the
 *   value, ignoring case.
 * - `gt` / `lt`: after / before, on numbers (rating, NPS) by value, on dates and date-times
 *   by the moment (a date is its midnight, a date-time without a zone is read as UTC), on
 *   times of day by the clock.
 * - Every comparing operator (all but `ne` and `unanswered`) is false on a missing answer.
 */
import type { ShowIf } from './show-if.ts'

/** The part of a field the evaluator reads: its name, its condition and its page's, if any. */
export interface ShowIfField {
  name: string
  showIf?: ShowIf | null
  /** The condition of the page it is on (contract/share/pages.ts): false, the whole page is skipped. */
  pageIf?: ShowIf | null
}

/**
 * The names of the fields a respondent is asked, given `answers` by field name: a field
 * without `showIf` always, one with it when its condition holds over the answers of the
 * fields before it that are themselves asked, and in either case only when its page's
 * condition (`pageIf`) holds the same way. `fields` are in form order.
 */
// Self-contained on purpose: its source is served to the fill-in page as it is.
export function shownFields(fields: readonly ShowIfField[], answers: Readonly<Record<string, unknown>>): Set<string> {
  const missing = (value: unknown): boolean =>
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  // A stored consent ({agreed: true, text}) reads as the `true` that was sent.
  const plain = (value: unknown): unknown =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    (value as { agreed?: unknown }).agreed === true
      ? true
      : value
  const same = (a: unknown, b: unknown): boolean => plain(a) === b
  // The moment of a date or date-time (ms, UTC when it names no zone), the second of a time of day, else null.
  const instant = (value: unknown): number | null => {
    if (typeof value === 'number') return Number.isFinite(value) ? value : null
    if (typeof value !== 'string') return null
    const time = /^(\d{2}):(\d{2})(?::(\d{2}(?:\.\d+)?))?$/.exec(value)
    if (time) return Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3] ?? 0)
    if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return null
    const text = value.length === 10 ? `${value}T00:00Z` : /(?:Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`
    const ms = Date.parse(text.replace(' ', 'T'))
    return Number.isNaN(ms) ? null : ms
  }
  // Numbers compare with numbers, moments with moments, times of day with times of day.
  const kind = (value: unknown): string =>
    typeof value === 'number'
      ? 'number'
      : typeof value === 'string' && value.includes(':') && !value.includes('-')
        ? 'time'
        : 'moment'
  const order = (answer: unknown, value: unknown): number | null => {
    const a = instant(answer)
    const b = instant(value)
    return a === null || b === null || kind(answer) !== kind(value) ? null : a - b
  }
  const holds = (op: string, answer: unknown, value: unknown): boolean => {
    if (op === 'answered') return !missing(answer)
    if (op === 'unanswered') return missing(answer)
    if (op === 'ne') return !holds('eq', answer, value)
    if (missing(answer)) return false
    const list = Array.isArray(answer) ? answer : null
    switch (op) {
      case 'eq':
        return list ? list.length === 1 && same(list[0], value) : same(answer, value)
      case 'in':
        return Array.isArray(value) && (list ?? [answer]).some((item) => value.some((listed) => same(item, listed)))
      case 'contains':
        if (list) return list.some((item) => same(item, value))
        return (
          typeof answer === 'string' && typeof value === 'string' && answer.toLowerCase().includes(value.toLowerCase())
        )
      case 'gt':
      case 'lt': {
        if (list) return false
        const difference = order(answer, value)
        return difference !== null && (op === 'gt' ? difference > 0 : difference < 0)
      }
      default:
        return false
    }
  }
  const shown = new Set<string>()
  // Only the answers of questions asked so far: a hidden or later question reads as unanswered.
  const asked: Record<string, unknown> = Object.create(null)
  const meets = (rule: ShowIf | null | undefined): boolean => {
    if (!rule) return true
    const test = (c: { field: string; op: string; value?: unknown }) => holds(c.op, asked[c.field], c.value)
    return 'all' in rule ? rule.all.every(test) : rule.any.some(test)
  }
  for (const field of fields) {
    if (!meets(field.pageIf) || !meets(field.showIf)) continue
    shown.add(field.name)
    if (Object.hasOwn(answers, field.name)) asked[field.name] = answers[field.name]
  }
  return shown
}
