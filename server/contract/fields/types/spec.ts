/**
 * @module What a field type is, in one place: how a value is checked, how the strings of
 * an HTML form become a value, the example the help pages show, the control a form gives
 * it, which summary section counts it and how a scale scores it. Each type is one module
 * beside this one (text.ts, number.ts, …) and index.ts is the registry every caller reads.
 * Pure: no I/O and no server-only imports, so the admin page bundles it too.
 */
import { quoteList, quoteValue } from '../../errors.ts'
import type { FieldControl } from './control.ts'
import type { TypeSettings } from '../type-settings.ts'

export type { TypeSettings }

/** The summary section that counts a type's values even before any arrived (server/core/stats/summary.ts). */
export type SummaryKind = 'numbers' | 'values' | 'booleans' | 'items' | 'files'

/** Inclusive bounds of a score (an item's, a scale's); ±Infinity when an item is unbounded. */
export interface Range {
  min: number
  max: number
}

/** What a scale item holds: option scores, or clamp bounds for a value. */
export interface ScoredItem {
  scores: Record<string, number> | null
  min: number | null
  max: number | null
}

/** How a scale scores a field of this type (server/contract/scoring/score.ts). */
export interface ScoringSpec {
  /** `value`: the answer is the score, clamped to the item's min/max; `options`: each option has a score. */
  by: 'value' | 'options'
  /** The lowest and highest unweighted value one item can contribute. */
  range(item: ScoredItem): Range
  /** The unweighted value of an answer that was given (not absent, null or ""), or null when it scores nothing. */
  value(item: ScoredItem, answer: unknown): number | null
  /**
   * What an item of the type holds when it is added without it: a rating's min 1 and max its
   * field's max, an NPS's 0 and 10, a Likert item's score per option by position (1 for the first).
   */
  itemDefaults?(field: { options: readonly string[] | null } & TypeSettings): Partial<ScoredItem>
}

/** The part of a field a preview answer may use. */
export interface SampleField extends TypeSettings {
  name: string
  label: string | null
  options: readonly string[] | null
}

/** A short scale of whole numbers an answer picks one point of (rating, nps). */
export interface PointScale {
  /** The points in order: rating 1…max, nps 0…10. */
  of(settings?: TypeSettings): readonly number[]
  /** The summary also gives the Net Promoter Score (nps). */
  nps?: true
}

/**
 * What a respondent reads about an answer on the hosted pages, in the GOV.UK error-message
 * style (an instruction saying what to do, no "please", no full stop). Programs get the
 * check's precise message instead (the JSON answers).
 */
export interface RespondentWords {
  /** A required answer left out. */
  missing: string
  /** An answer the check refuses, whatever its reason (it must read right for every value refused). */
  invalid: string
}

/** The server's limits a form value is read within (the same as for a JSON body). */
export interface FormLimits {
  /** Deepest nesting of a record (a field's value sits one level inside it). */
  maxDepth: number
}

export interface FieldTypeSpec<Name extends string = string> {
  readonly name: Name
  /** The type's name for people, as pickers and lists show it: "Long text", not `longtext`. */
  readonly label: string
  /** One line for people: what the type holds and how it is sent. */
  readonly description: string
  /** Values must come from the field's `options` (which are then required). */
  readonly hasOptions: boolean
  /** The type's own settings with their defaults (rating: `{max: 5}`); absent for a type without any. */
  readonly settings?: TypeSettings
  /** Why a given value (not absent, null or "") does not fit, or null when it does. */
  check(value: unknown, options: readonly string[] | null, settings?: TypeSettings): string | null
  /** HTML form posts (docs/design.md rule 9): values arrive as strings, one per occurrence of the name. */
  readonly form: {
    /** `""` is an answer (kept) rather than "not given" (left out). */
    keepsEmpty: boolean
    /** The value is always an array, however many strings arrived. */
    multiple: boolean
    /** One submitted string as a value; text that cannot be read is kept so the check reports it. */
    coerce(text: string, limits: FormLimits): unknown
    /** The strings a form posts for `value` (coerce's inverse). */
    texts(value: unknown): string[]
    /** A form sends the value as file parts (multipart), not as text: `texts` is empty and `coerce` only meets text sent by mistake. */
    files?: true
  }
  /** What a respondent is told when the answer is missing or refused (pages only). */
  readonly respondent: RespondentWords
  /** A plausible value, valid against `options` and `settings` (the help pages and snippets show it). */
  example(options: readonly string[] | null, settings?: TypeSettings): unknown
  /** A middle-of-the-road answer for the admin's report preview, or undefined for none. */
  previewAnswer(field: SampleField): unknown
  /** The control a form gives the type (control.ts; the fill-in page and the HTML snippets draw it). */
  readonly control: FieldControl
  /** The summary section the type always has, or null (json: only what was seen). */
  readonly summary: SummaryKind | null
  /** True when a value names a person (an e-mail address): the public summary counts the values but never lists them. */
  readonly identifying: boolean
  /** How scales score the type, or null when it cannot be a scale item. */
  readonly scoring: ScoringSpec | null
  /** The points an answer picks among (rating, nps): the summary counts each point (its `distribution`). */
  readonly points?: PointScale
  /** A field of the type is always required (consent: ticking its box is the answer), whatever `required` is sent. */
  readonly alwaysRequired?: true
  /** An accepted answer as it is stored, when not as sent (consent: `true` becomes `{agreed: true, text}`). */
  store?(value: unknown, field: { name: string; label?: string }): unknown
  /** The text of a stored value's CSV cell, when not the value's own (consent: the text agreed to); undefined: as any value. */
  csvText?(value: unknown): string | undefined
}

/** Declares a field type, keeping its name as a literal type (so FieldType is the union of names). */
export const defineFieldType = <Name extends string>(spec: FieldTypeSpec<Name>): FieldTypeSpec<Name> => spec

/** A value as an error message names it: `string "x"`, `number 3`, `an array`, `null`. */
export const describeValue = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'an array'
      : typeof value === 'object'
        ? 'an object'
        : typeof value === 'string'
          ? `string ${quoteValue(value)}`
          : `${typeof value} ${String(value)}`

/** Options quoted and joined, as messages list them. */
export const quoteAll = (values: readonly string[]): string => quoteList(values)

/** A form value as one string: text as it is, anything else as JSON. */
export const formText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value))

/** The strings of a single-valued type. */
export const oneText = (value: unknown): string[] => [formText(value)]

/** Keeps the submitted string as it is. */
export const keepText = (text: string): string => text
