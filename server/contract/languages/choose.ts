/**
 * @module Which language a respondent sees: the link's `?lang=`, then the browser's
 * `Accept-Language` (q-values, `fr-CA` matching an offered `fr`), then the form's default;
 * only languages the form offers count. The fill-in page, its post and anything else drawn in
 * a chosen language (a page's title) use `chooseLanguage` and `translated`.
 */
import { normalizeTag } from './tags.ts'

/** The longest Accept-Language header read; the rest is ignored. */
export const MAX_ACCEPT_LANGUAGE = 500
/** The most language ranges of an Accept-Language header read. */
const MAX_RANGES = 20

/** The languages a form offers: its default first, then each language its translations name, once. */
export function offeredLanguages(defaultLanguage: string, translated: Iterable<Iterable<string>>): string[] {
  const offered = new Set([defaultLanguage])
  for (const tags of translated) for (const tag of tags) offered.add(tag)
  return [...offered]
}

/** The offered language `raw` names: the same tag, else its language alone (`fr-CA` → `fr`); null when none. */
export function matchLanguage(raw: string, offered: readonly string[]): string | null {
  const tag = normalizeTag(raw)
  if (tag === null) return null
  if (offered.includes(tag)) return tag
  const language = tag.split('-')[0]
  return (
    offered.find((candidate) => candidate === language) ?? offered.find((c) => c.split('-')[0] === language) ?? null
  )
}

/** The ranges of an Accept-Language header, best first (by q-value, then order); q=0 and `*` left out. */
export function acceptedLanguages(header: string | null): string[] {
  if (!header) return []
  const ranges = header
    .slice(0, MAX_ACCEPT_LANGUAGE)
    .split(',')
    .slice(0, MAX_RANGES)
    .map((part, order) => {
      const [range, ...params] = part.trim().split(';')
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
      const weight = q === undefined ? 1 : Number(q.slice(2))
      return { range: range.trim(), weight: Number.isFinite(weight) ? weight : 0, order }
    })
    .filter((entry) => entry.range !== '' && entry.range !== '*' && entry.weight > 0 && entry.weight <= 1)
  return ranges.sort((a, b) => b.weight - a.weight || a.order - b.order).map((entry) => entry.range)
}

/** The language to show: `?lang=` when offered, else the best offered one of Accept-Language, else the default (offered[0]). */
export function chooseLanguage(
  offered: readonly string[],
  asked: { query?: string | null; acceptLanguage?: string | null },
): string {
  if (asked.query) {
    const match = matchLanguage(asked.query.slice(0, 50), offered)
    if (match) return match
  }
  for (const range of acceptedLanguages(asked.acceptLanguage ?? null)) {
    const match = matchLanguage(range, offered)
    if (match) return match
  }
  return offered[0]
}

/**
 * A text in `language`: its translation when there is one and it is not empty, else the text
 * itself (the default language's). `translations` is the `{fr: {label: …}}` map of a field, a
 * form or a page.
 */
export function translated<Key extends string>(
  text: string,
  translations: Readonly<Record<string, Partial<Record<Key, unknown>> | null | undefined>> | undefined,
  language: string,
  key: Key,
): string {
  const value = translations?.[language]?.[key]
  return typeof value === 'string' && value !== '' ? value : text
}
