/**
 * @module A field's texts in other languages, its form setting `translations`:
 * `{"fr": {"label": "Votre nom", "help": "…", "placeholder": "…", "options": ["Rouge", "Bleu"]}}`.
 * Each text is bounded as the untranslated one is; `options` are the labels shown for the
 * field's options, one per option in the field's order (translation-check.ts), while answers
 * keep storing the options themselves. The fill-in page picks the language (languages/choose.ts).
 */
import { z } from 'zod'
import { expect } from '../apps/input.ts'
import { LIMITS } from '../limits.ts'
import { MAX_LANGUAGES, translationsSchema } from '../languages/tags.ts'
import { FORM_TEXT_LIMITS, formText } from './form-text.ts'

/** The keys a field's translation may hold. */
export const TRANSLATION_KEYS = ['label', 'help', 'placeholder', 'options'] as const

/** One language's texts of a field, as stored and shown. */
export interface FieldTranslation {
  label?: string
  help?: string
  placeholder?: string
  options?: string[]
}

/** A field's translations by language tag. */
export type FieldTranslations = Record<string, FieldTranslation>

const optionLabel = formText(LIMITS.maxOptionLength, false).refine((text) => text !== '', 'cannot be empty')

const entrySchema = z.strictObject(
  {
    label: formText(LIMITS.maxLabelLength, false).optional(),
    help: formText(FORM_TEXT_LIMITS.help, true).optional(),
    placeholder: formText(FORM_TEXT_LIMITS.placeholder, false).optional(),
    options: z
      .array(optionLabel, { error: expect('an array of strings, one per option of the field') })
      .max(LIMITS.maxOptions, `can have at most ${LIMITS.maxOptions} entries`)
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `takes only ${TRANSLATION_KEYS.join(', ')}`
        : 'must be an object such as {"label": "…"}',
  },
)

export const translationsPatchSchema = translationsSchema(entrySchema).meta({
  description:
    `The field's texts in other languages, by language tag (at most ${MAX_LANGUAGES}): {"fr": {"label", "help", "placeholder", "options"}}; ` +
    "`options` lists one label per option of the field, in the field's order (answers still store the options themselves). " +
    "Each language sent merges key by key ('' or [] removes a key), a language sent as null is removed, the others stay; null removes them all. The fill-in page shows a language chosen by ?lang=, then Accept-Language, then the form's default (share setting language)",
  example: { fr: { label: 'Votre couleur', options: ['Rouge', 'Bleu'] } },
})

export const translationsViewSchema = z
  .record(
    z.string(),
    z.object({
      label: z.string().optional(),
      help: z.string().optional(),
      placeholder: z.string().optional(),
      options: z.array(z.string()).optional(),
    }),
  )
  .meta({ description: "The field's texts in other languages, by language tag; options in the field's order" })

/** Texts left out when empty: '' or [] removes a key. */
const given = (value: unknown): boolean =>
  value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)

/**
 * The translations after `patch` on `stored`: each language sent merges key by key ('' or []
 * removes a key), a language sent as null is removed, the others stay; a null patch removes them all.
 */
export function translationsAfter(
  stored: FieldTranslations | undefined,
  patch: Record<string, FieldTranslation | null> | null,
): FieldTranslations {
  const next: FieldTranslations = patch === null ? {} : { ...stored }
  for (const [tag, entry] of Object.entries(patch ?? {})) {
    const merged = entry === null ? {} : { ...next[tag], ...entry }
    delete next[tag]
    const kept = Object.fromEntries(Object.entries(merged).filter(([, value]) => given(value))) as FieldTranslation
    if (Object.keys(kept).length > 0) next[tag] = kept
  }
  return next
}
