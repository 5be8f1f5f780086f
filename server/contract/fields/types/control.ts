/**
 * @module The control a field type gets on a form, described once and drawn by both the
 * fill-in page (server/pages/fill-in.ts) and the HTML form snippet of `?help` and the
 * admin (server/contract/help/form-snippet.ts), so the two cannot drift apart.
 */
import type { TypeSettings } from '../type-settings.ts'

/** One choice of a picking control: what the form posts and what a person reads. */
export interface Choice {
  value: string
  label: string
}

/** The `type` of a one-line `<input>`. */
export type InputType = 'text' | 'email' | 'tel' | 'url' | 'number' | 'date' | 'time' | 'datetime-local' | 'file'

export type FieldControl =
  /** A one-line `<input>`; `decimal` adds `step="any"` (any number, not just integers). */
  | { kind: 'input'; type: InputType; decimal?: boolean; autocomplete?: string }
  /** A `<textarea>`; `json` marks one whose text must be JSON. */
  | { kind: 'textarea'; json: boolean }
  /**
   * Picking among choices: one (radio buttons, or a select list past MAX_RADIOS) or several
   * (checkboxes). `inline`: the points of a scale (rating, NPS), laid out in a row where it fits.
   */
  | {
      kind: 'choices'
      multiple: boolean
      inline?: boolean
      choices(options: readonly string[] | null, settings?: TypeSettings): Choice[]
    }
  /**
   * One checkbox labelled with the field's label, posting `value` when ticked and nothing
   * when not (consent: the label is the text agreed to, and the field is always required).
   */
  | { kind: 'checkbox'; value: string }

/** Radio buttons up to this many choices, a select list beyond. */
export const MAX_RADIOS = 12

/** How a picking control is laid out for `count` choices. */
export function choiceLayout(multiple: boolean, count: number): 'checkboxes' | 'radios' | 'select' {
  if (multiple) return 'checkboxes'
  return count > MAX_RADIOS ? 'select' : 'radios'
}

/** Choices that are the field's own options, shown as they are. */
export const optionChoices = (options: readonly string[] | null): Choice[] =>
  (options ?? []).map((option) => ({ value: option, label: option }))
