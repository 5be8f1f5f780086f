/**
 * @module How a field is asked, beyond its type and label: the `help` under the question,
 * the `placeholder` in an empty input, the `rules` an answer must meet, `hidden` (never
 * shown, filled from the link), `prefill` (a visible field the link may fill) and `showIf`
 * (asked only when earlier answers meet its conditions, show-if.ts). They are
 * top-level keys of the field in the API and stored together as one JSON object, the field's
 * `form` column (core/fields/form-settings.ts). A new key is one line of FORM_SCHEMAS.
 */
import { z } from 'zod'
import { expect } from '../apps/input.ts'
import { FORM_TEXT_LIMITS, formText } from './form-text.ts'
import { translationsPatchSchema, translationsViewSchema } from './translations.ts'
import { rulesPatchSchema, rulesViewSchema, type FieldRules } from './rules.ts'
import { showIfSchema } from './show-if.ts'
import { LIMITS } from '../limits.ts'

export { FORM_TEXT_LIMITS } from './form-text.ts'

const flag = z.boolean({ error: expect('true or false') })

/**
 * Each form key: its schema in a field add or change (null, '' or false removes it) and in
 * the field as shown (left out when unset).
 */
export const FORM_SCHEMAS = {
  help: {
    patch: formText(FORM_TEXT_LIMITS.help, true).meta({
      description: `Text shown under the question (up to ${FORM_TEXT_LIMITS.help} characters; line breaks kept)`,
    }),
    view: z.string().meta({ description: 'Text shown under the question' }),
  },
  placeholder: {
    patch: formText(FORM_TEXT_LIMITS.placeholder, false).meta({
      description: `Text shown in the empty input, for input and text area types (up to ${FORM_TEXT_LIMITS.placeholder} characters)`,
    }),
    view: z.string().meta({ description: 'Text shown in the empty input' }),
  },
  rules: { patch: rulesPatchSchema, view: rulesViewSchema },
  hidden: {
    patch: flag.meta({
      description:
        "Never shown: filled from the link's query (/f/<token>?name=value) or the embedding snippet's data attributes; a bad value is dropped (the record's meta.dropped names it), not refused",
    }),
    view: z.literal(true).meta({ description: 'Never shown on the form; filled from the link' }),
  },
  prefill: {
    patch: flag.meta({
      description: "A shown field whose first value may come from the link's query (/f/<token>?name=value)",
    }),
    view: z.literal(true).meta({ description: 'Shown, and its first value may come from the link' }),
  },
  // Which fields it may name, and the values it may compare with, are checked against the app's fields (show-if-check.ts).
  showIf: { patch: showIfSchema, view: showIfSchema },
  // Pages run in order: a field's page is never lower than the page of the field before it (page-check.ts).
  // Options must list one entry per option of the field, in its order (translation-check.ts).
  translations: { patch: translationsPatchSchema, view: translationsViewSchema },
  page: {
    patch: z
      .int({ error: expect('a whole number') })
      .min(1, 'must be at least 1')
      .max(LIMITS.maxFields, `can be at most ${LIMITS.maxFields}`)
      .meta({
        description:
          'The page of the form this field starts or is on (1-based; fields without one are on the page of the field before them); pages run in order. The fill-in page shows one page at a time with Next and Back',
      }),
    view: z.int().meta({ description: 'The page of the form this field is on, when set' }),
  },
} as const

export type FormKey = keyof typeof FORM_SCHEMAS

/** The form keys, in the order the field shows them. */
export const FORM_KEYS = Object.keys(FORM_SCHEMAS) as FormKey[]

type Patches = { [Key in FormKey]: (typeof FORM_SCHEMAS)[Key]['patch'] }
type Views = { [Key in FormKey]: (typeof FORM_SCHEMAS)[Key]['view'] }

/** The form keys of a field add or change body. */
export const formPatchSchemas = Object.fromEntries(
  FORM_KEYS.map((key) => [key, FORM_SCHEMAS[key].patch.nullable().optional()]),
) as { [Key in FormKey]: z.ZodOptional<z.ZodNullable<Patches[Key]>> }

/** The form keys of a field as the API shows it. */
export const formViewSchemas = Object.fromEntries(FORM_KEYS.map((key) => [key, FORM_SCHEMAS[key].view.optional()])) as {
  [Key in FormKey]: z.ZodOptional<Views[Key]>
}

/** The form keys a field add or change may carry. */
export type FormPatch = { [Key in FormKey]?: z.output<Patches[Key]> | null }

/** A field's form settings as stored and shown: keys left out when unset. */
export type FieldForm = { [Key in FormKey]?: z.output<Views[Key]> } & { rules?: FieldRules }
