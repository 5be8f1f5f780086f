/**
 * @module Language tags as forms take them (`fr`, `pt-BR`, `zh-Hant`): a language of two or
 * three letters, optionally a script and a region, in their usual case. A form offers its
 * default language and every language its texts are translated into (choose.ts), at most
 * MAX_LANGUAGES of them besides the default.
 */
import { z } from 'zod'
import { expect } from '../apps/input.ts'

/** The most languages a field's or a form's translations may hold. */
export const MAX_LANGUAGES = 20

/** The language a form is in when its owner chose none. */
export const DEFAULT_LANGUAGE = 'en'

const TAG = /^[a-z]{2,3}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|[0-9]{3}))?$/

/** True for a tag such as `fr`, `pt-BR` or `zh-Hant-TW`. */
export const isLanguageTag = (tag: string): boolean => TAG.test(tag)

/** A language tag in its usual case: `pt-br` and `PT-BR` become `pt-BR`; null when it is no tag. */
export function normalizeTag(raw: string): string | null {
  const parts = raw.trim().split(/[-_]/)
  const tag = parts
    .map((part, i) =>
      i === 0
        ? part.toLowerCase()
        : part.length === 4
          ? part[0].toUpperCase() + part.slice(1).toLowerCase()
          : part.toUpperCase(),
    )
    .join('-')
  return isLanguageTag(tag) ? tag : null
}

export const LANGUAGE_TAG_HINT = 'a language tag such as "fr" or "pt-BR"'

/** A language tag as sent in a setting: `fr`, `pt-BR`. */
export const languageTagSchema = z
  .string({ error: expect(LANGUAGE_TAG_HINT) })
  .refine(isLanguageTag, `must be ${LANGUAGE_TAG_HINT} (lower-case language, upper-case region)`)
  .meta({
    description: 'A language tag: a two- or three-letter language, optionally a script and a region, e.g. fr or pt-BR',
    example: 'fr',
  })

/**
 * A map from language tag to that language's texts, at most MAX_LANGUAGES; each entry's
 * schema is `entry`; an entry sent as null removes that language.
 */
export const translationsSchema = <Entry extends z.ZodType>(entry: Entry) =>
  z
    .record(z.string(), entry.nullable(), { error: expect('an object of language tags, such as {"fr": {…}}') })
    .superRefine((map, issues) => {
      const tags = Object.keys(map)
      for (const tag of tags)
        if (!isLanguageTag(tag))
          issues.addIssue({ code: 'custom', path: [tag], message: `is not ${LANGUAGE_TAG_HINT}` })
      if (tags.length > MAX_LANGUAGES)
        issues.addIssue({ code: 'custom', message: `can hold at most ${MAX_LANGUAGES} languages` })
    })
