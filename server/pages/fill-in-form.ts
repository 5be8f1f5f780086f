/**
 * @module What the fill-in page draws of a field's form settings (contract/fields/form.ts):
 * the help under the question (linked to its control with aria-describedby), the placeholder,
 * the rules as HTML attributes (minlength, maxlength, pattern, min, max, step) so the browser
 * checks first, and, for fill-in.client.js, each rule's words (`data-rules`). Also the values a
 * link gives: hidden fields and prefilled ones from its query, and its UTM parameters, posted
 * back as hidden inputs.
 */
import type { FillInField } from '../core/connect/fill-in.ts'
import { MAX_UTM_LENGTH, UTM_KEYS, utmPair, utmParameter } from '../contract/fields/link.ts'
import { ruleRefusals } from '../contract/fields/rule-check.ts'
import { ruleAttributes } from '../contract/fields/rule-attributes.ts'
import { fieldTypeSpec } from '../contract/fields/types/index.ts'
import { html, trusted, type Html } from './html.ts'

/** The id of a question's help text. */
export const helpIdOf = (id: string): string => `${id}-help`

/** The help under a question on a line of its own, or nothing. */
export const helpHtml = (field: FillInField, id: string): Html | '' =>
  field.help
    ? html`
<p class="hint pre-line" id="${helpIdOf(id)}">${field.help}</p>`
    : ''

/** `aria-describedby`'s ids: the help's first when there is one, then `ids`. */
export const describedBy = (field: FillInField, id: string, ids: string): string =>
  field.help ? `${helpIdOf(id)} ${ids}` : ids

/** The HTML attributes of an input or text area for the field's placeholder and rules. */
export const inputAttributes = (field: FillInField, inputType: string | null): Html =>
  html`${ruleAttributes(field, inputType).map(([name, value]) => html` ${trusted(name)}="${value}"`)}`

/** The step of a number input: the rule's, else any number for a decimal type. */
export const stepAttribute = (field: FillInField, decimal: boolean): Html | '' =>
  field.rules?.step !== undefined
    ? html`step="${field.rules.step}" inputmode="decimal"`
    : decimal
      ? html`step="any" inputmode="decimal"`
      : ''

/** `data-rules`: each rule's bound and words, for the page's script to say what the browser found. */
export function rulesData(field: FillInField): Html | '' {
  const refusals = ruleRefusals(field.rules)
  return Object.keys(refusals).length === 0 ? '' : html` data-rules="${JSON.stringify(refusals)}"`
}

/** The link's query as the page reads it: each name's values in order. */
export type LinkQuery = URLSearchParams

/**
 * The answers a link gives (`/f/<token>?source=newsletter`): to hidden fields and to shown
 * fields with `prefill`, each as the strings a form would post (a repeated name for several).
 */
export function linkValues(fields: readonly FillInField[], query: LinkQuery): Map<string, string[]> {
  const values = new Map<string, string[]>()
  for (const field of fields) {
    if (!field.hidden && !field.prefill) continue
    const given = query.getAll(field.name).filter((value) => value !== '')
    if (given.length === 0) continue
    values.set(field.name, fieldTypeSpec(field.type).form.multiple ? given : given.slice(0, 1))
  }
  return values
}

/** The UTM parameters of the link, as the reserved pairs the form posts them in. */
export function linkUtm(query: LinkQuery): Map<string, string> {
  const utm = new Map<string, string>()
  for (const key of UTM_KEYS) {
    const value = query.get(utmParameter(key))
    if (value) utm.set(utmPair(key), value.slice(0, MAX_UTM_LENGTH))
  }
  return utm
}

/** The UTM pairs a refused post sent, to post them again. */
export function postedUtm(values: ReadonlyMap<string, string[]>): Map<string, string> {
  const utm = new Map<string, string>()
  for (const key of UTM_KEYS) {
    const value = values.get(utmPair(key))?.[0]
    if (value) utm.set(utmPair(key), value)
  }
  return utm
}

/** The hidden inputs of a form: each hidden field's values (from the link, or a refused post's), and the UTM pairs. */
export function hiddenInputs(
  fields: readonly FillInField[],
  values: ReadonlyMap<string, string[]> | undefined,
  utm: ReadonlyMap<string, string> | undefined,
): Html {
  const inputs: Html[] = []
  for (const field of fields)
    if (field.hidden)
      for (const value of values?.get(field.name) ?? [])
        inputs.push(html`<input type="hidden" name="${field.name}" value="${value}">`)
  for (const [name, value] of utm ?? []) inputs.push(html`<input type="hidden" name="${name}" value="${value}">`)
  return html`${inputs}`
}
