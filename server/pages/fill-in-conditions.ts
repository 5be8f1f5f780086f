/**
 * @module What the fill-in page carries for conditional questions (contract/fields/show-if.ts),
 * which show-if.client.js reads: on the form, every field in order (hidden fields too, whose
 * values come from the link) with its condition and, when a condition names it, the kind of
 * value its answer is as the server reads the form's text. A question asked only on a
 * condition carries no `required` but `data-required`, which the script turns into `required`
 * while it is asked: without JavaScript every question shows, so the browser must not insist
 * on one that may not apply (the server still requires it when the rules ask it).
 */
import type { FillInField } from '../core/connect/fill-in.ts'
import { fieldTypeSpec } from '../contract/fields/types/index.ts'
import { html, type Html } from './html.ts'

/** The kind of value an answer is, as the server reads the form's text: what the script compares. */
export type AnswerKind = 'list' | 'number' | 'boolean' | 'text'

function answerKind(field: FillInField): AnswerKind {
  const spec = fieldTypeSpec(field.type)
  if (spec.form.multiple) return 'list'
  if (spec.summary === 'numbers') return 'number'
  return spec.summary === 'booleans' || spec.control.kind === 'checkbox' ? 'boolean' : 'text'
}

/** True when the question is asked only on a condition: its own, or its page's. */
export const isConditional = (field: FillInField): boolean => Boolean(field.showIf || field.pageIf)

/** The fields a condition names. */
const namedBy = (showIf: FillInField['showIf']): string[] =>
  Object.values(showIf ?? {}).flatMap((conditions) => conditions.map((c) => c.field))

/** The form's `data-conditions` (every field in order: name, condition, its page's, kind of answer), or nothing when no field has a condition. */
export function conditionsData(fields: readonly FillInField[]): Html | '' {
  if (!fields.some(isConditional)) return ''
  const named = new Set(fields.flatMap((field) => [...namedBy(field.showIf), ...namedBy(field.pageIf)]))
  const list = fields.map((field) => ({
    name: field.name,
    ...(field.showIf ? { showIf: field.showIf } : {}),
    ...(field.pageIf ? { pageIf: field.pageIf } : {}),
    ...(named.has(field.name) ? { answer: answerKind(field) } : {}),
  }))
  return html` data-conditions="${JSON.stringify(list)}"`
}

/** `data-required` on a required question asked only on a condition. */
export const conditionalRequired = (field: FillInField): Html | '' =>
  isConditional(field) && field.required ? html` data-required` : ''

/** True when the question's controls carry `required` themselves (a required question always asked). */
export const requiredNow = (field: FillInField): boolean => field.required && !isConditional(field)

/** `required` for a required question that is always asked. */
export const requiredAttributes = (field: FillInField): Html | '' =>
  requiredNow(field) ? html`required aria-required="true"` : ''
