/**
 * @module The form's languages in its share settings: `language`, the language its own texts
 * are written in (default `en`), and `translations`, its thank-you and closed texts in other
 * languages (`{"fr": {"thankYouMessage": "Merci !", "closedMessage": "…"}}`). The languages a
 * form offers are its `language` and every language its or its fields' translations name
 * (languages/choose.ts).
 */
import { z } from 'zod'
import { expect } from '../apps/input.ts'
import { LIMITS } from '../limits.ts'
import { DEFAULT_LANGUAGE, languageTagSchema, MAX_LANGUAGES, translationsSchema } from '../languages/tags.ts'

/** One language's texts of a form's share settings. */
export interface ShareTranslation {
  thankYouMessage?: string
  closedMessage?: string
}

export type ShareTranslations = Record<string, ShareTranslation>

export const LANGUAGE_MEANING = `The language the form's own texts (labels, help, options, thank-you and closed texts) are written in; the fill-in page shows it when the respondent asks for no language the form offers; default ${DEFAULT_LANGUAGE}`

export const shareLanguageSchema = languageTagSchema.meta({ description: LANGUAGE_MEANING, example: 'en' })

const message = (max: number) =>
  z
    .string({ error: expect('a string') })
    .trim()
    .max(max, `can have at most ${max} characters`)
    .optional()

export const shareTranslationsSchema = translationsSchema(
  z.strictObject(
    { thankYouMessage: message(LIMITS.maxThankYouMessage), closedMessage: message(LIMITS.maxClosedMessage) },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'takes only thankYouMessage and closedMessage'
          : 'must be an object such as {"thankYouMessage": "…"}',
    },
  ),
)
  .nullable()
  .meta({
    description:
      `The thank-you and closed texts in other languages, by language tag (at most ${MAX_LANGUAGES}): {"fr": {"thankYouMessage", "closedMessage"}}. ` +
      'A language listed here is offered even with no texts ({"fr": {}}); each language sent merges key by key ("" removes a text), null removes a language, null for the whole setting removes them all',
    example: { fr: { thankYouMessage: 'Merci, vos réponses sont enregistrées.' } },
  })

/** The share translations after `patch` on `stored`: each language sent merges key by key ('' removes a text), null removes a language. */
export function shareTranslationsAfter(
  stored: ShareTranslations,
  patch: Record<string, ShareTranslation | null> | null,
): ShareTranslations {
  const next: ShareTranslations = patch === null ? {} : { ...stored }
  for (const [tag, entry] of Object.entries(patch ?? {})) {
    if (entry === null) {
      delete next[tag]
      continue
    }
    const merged = { ...next[tag], ...entry }
    next[tag] = Object.fromEntries(Object.entries(merged).filter(([, text]) => text !== undefined && text !== ''))
  }
  return next
}
