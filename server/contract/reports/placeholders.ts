/**
 * @module Placeholders in report text: `{{<field>}}` is the respondent's answer,
 * `{{score.<scale>}}` the score and `{{level.<scale>}}` the level label. Substitution
 * produces plain text; pages escape it like any other text, so an answer can never
 * become markup.
 */
import type { Problem } from '../errors.ts'

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g

/** What placeholders can resolve to. */
export interface PlaceholderValues {
  answers: Record<string, unknown>
  scores: Record<string, { score: number | null; levelLabel: string | null }>
}

function answerText(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (Array.isArray(value)) return value.map(answerText).join(', ')
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** `text` with every placeholder replaced; unknown ones become empty. */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const [kind, key] = name.split(/\.(.*)/s, 2)
    if ((kind === 'score' || kind === 'level') && key !== undefined && Object.hasOwn(values.scores, key)) {
      const score = values.scores[key]
      return kind === 'score' ? (score.score === null ? '–' : String(score.score)) : (score.levelLabel ?? '')
    }
    return Object.hasOwn(values.answers, name) ? answerText(values.answers[name]) : ''
  })
}

/** Placeholders in `text` that name no field or scale of the app. */
export function placeholderProblems(
  text: string,
  fieldNames: readonly string[],
  scaleKeys: readonly string[],
  path: string,
): Problem[] {
  const problems: Problem[] = []
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1]
    const [kind, key] = name.split(/\.(.*)/s, 2)
    if ((kind === 'score' || kind === 'level') && key !== undefined && !fieldNames.includes(name)) {
      if (!scaleKeys.includes(key))
        problems.push({ path, message: `{{${name}}} names no scale; scales: ${scaleKeys.join(', ') || '(none yet)'}` })
    } else if (!fieldNames.includes(name)) {
      problems.push({ path, message: `{{${name}}} names no field; use a field name, score.<scale> or level.<scale>` })
    }
  }
  return problems
}
