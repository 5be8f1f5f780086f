/**
 * @module A field's placeholder and rules as the HTML attributes of its input or text area
 * (minlength, maxlength, pattern, min, max, step), so a browser checks before anything is
 * sent. The fill-in page and the HTML form snippet both draw them from here.
 */
import { longestAnswer } from './rule-check.ts'
import { TEXT_RULE_TYPES, type FieldRules } from './rules.ts'
import type { FieldType } from './types/index.ts'

/** What the attributes are drawn from. */
export interface AttributeField {
  type: FieldType
  placeholder?: string
  rules?: FieldRules
}

/** A `datetime-local` bound: a date alone is the start (earliest) or the end (latest) of its day. */
const localBound = (bound: string, end: boolean): string =>
  bound.length === 10 ? `${bound}T${end ? '23:59' : '00:00'}` : bound.slice(0, 16)

/**
 * The attributes, as name and value, of a field's control; `inputType` is the input's type,
 * or null for a text area. The step is left to the caller (a decimal type's `any` otherwise).
 */
export function ruleAttributes(field: AttributeField, inputType: string | null): Array<[string, string]> {
  const rules = field.rules ?? {}
  const attributes: Array<[string, string]> = []
  if (field.placeholder) attributes.push(['placeholder', field.placeholder])
  if (TEXT_RULE_TYPES.includes(field.type)) {
    const longest = longestAnswer(rules)
    if (rules.minLength !== undefined) attributes.push(['minlength', String(rules.minLength)])
    if (longest !== undefined) attributes.push(['maxlength', String(longest)])
    // A browser anchors the pattern itself and skips one it cannot compile (the server checks anyway).
    if (rules.pattern !== undefined && inputType !== null) attributes.push(['pattern', rules.pattern])
  }
  if (field.type === 'number') {
    if (rules.min !== undefined) attributes.push(['min', String(rules.min)])
    if (rules.max !== undefined) attributes.push(['max', String(rules.max)])
  }
  const bound = (value: string, end: boolean) =>
    inputType === 'datetime-local' ? localBound(value, end) : value.slice(0, 10)
  if (inputType === 'date' || inputType === 'datetime-local') {
    if (rules.earliest !== undefined) attributes.push(['min', bound(rules.earliest, false)])
    if (rules.latest !== undefined) attributes.push(['max', bound(rules.latest, true)])
  }
  return attributes
}
