/**
 * @module The point-and-click filter's conditions (field, operator, value) written in the
 * expression language the server reads (server/core/records/filter.ts), so the builder and
 * the expression field are one filter: a condition is added to the expression as text.
 * Which operators a field offers follows its type's spec in the registry (its summary
 * section, options and control), never a list of type names.
 */
import type { Field } from '../../api.ts'
import { fieldTypeSpec, type FieldType } from '../../../server/contract/fields/types/index.ts'

/** What a condition's value is entered as. */
export type ValueKind = 'none' | 'text' | 'number' | 'date' | 'option'

/** One operator a field offers: its words, the expression's operator and, for `none`, the value it compares with. */
export interface Operator {
  /** A stable key (the select's value). */
  key: string
  label: string
  op: '=' | '!=' | '>' | '>=' | '<' | '<=' | '~' | '!~'
  value: ValueKind
  /** The value written for an operator that takes none (`null`, `true`, `false`). */
  fixed?: 'null' | 'true' | 'false'
}

const EMPTY: Operator[] = [
  { key: 'empty', label: 'is empty', op: '=', value: 'none', fixed: 'null' },
  { key: 'present', label: 'is not empty', op: '!=', value: 'none', fixed: 'null' },
]
const NUMBERS: Operator[] = [
  { key: 'eq', label: 'is', op: '=', value: 'number' },
  { key: 'ne', label: 'is not', op: '!=', value: 'number' },
  { key: 'gt', label: 'is more than', op: '>', value: 'number' },
  { key: 'ge', label: 'is at least', op: '>=', value: 'number' },
  { key: 'lt', label: 'is less than', op: '<', value: 'number' },
  { key: 'le', label: 'is at most', op: '<=', value: 'number' },
]
const BOOLEANS: Operator[] = [
  { key: 'yes', label: 'is yes', op: '=', value: 'none', fixed: 'true' },
  { key: 'no', label: 'is no', op: '=', value: 'none', fixed: 'false' },
]
const ITEMS: Operator[] = [
  { key: 'has', label: 'includes', op: '=', value: 'option' },
  { key: 'lacks', label: 'does not include', op: '!=', value: 'option' },
]
const OPTIONS: Operator[] = [
  { key: 'eq', label: 'is', op: '=', value: 'option' },
  { key: 'ne', label: 'is not', op: '!=', value: 'option' },
]
const DATES: Operator[] = [
  { key: 'eq', label: 'is', op: '=', value: 'date' },
  { key: 'lt', label: 'is before', op: '<', value: 'date' },
  { key: 'gt', label: 'is after', op: '>', value: 'date' },
]
const TEXT: Operator[] = [
  { key: 'has', label: 'contains', op: '~', value: 'text' },
  { key: 'lacks', label: 'does not contain', op: '!~', value: 'text' },
  { key: 'eq', label: 'is', op: '=', value: 'text' },
  { key: 'ne', label: 'is not', op: '!=', value: 'text' },
]

/**
 * The operators that fit `field`'s type, then "is empty" and "is not empty" (alone for a
 * consent, whose only answer is agreeing).
 */
export function operatorsFor(field: Pick<Field, 'type'>): Operator[] {
  const spec = fieldTypeSpec(field.type as FieldType)
  const control = spec.control
  if (spec.alwaysRequired) return [...EMPTY]
  const fitting =
    spec.summary === 'numbers'
      ? NUMBERS
      : spec.summary === 'booleans'
        ? BOOLEANS
        : spec.summary === 'items'
          ? ITEMS
          : spec.hasOptions
            ? OPTIONS
            : control.kind === 'input' && control.type === 'date'
              ? DATES
              : TEXT
  return [...fitting, ...EMPTY]
}

// A name the expression reads bare: letters, digits and _ (filter.ts NAME), not a word of the language.
const BARE_NAME = /^[\p{L}\p{N}_]+$/u
const RESERVED = new Set(['created', 'id', 'true', 'false', 'null'])
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/

/** `name` as the expression writes a field: bare, or in backticks; null when it holds a backtick (no way to write it). */
export function fieldRef(name: string): string | null {
  if (name.includes('`')) return null
  return BARE_NAME.test(name) && !RESERVED.has(name) && !/^\d/.test(name) ? name : `\`${name}\``
}

/** Text as a quoted value of the expression: single quotes, a backslash before a quote or backslash. */
export const quoteText = (text: string): string => `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`

/** One condition as expression text, or why the value cannot be used. */
export function conditionText(
  field: Pick<Field, 'name'>,
  operator: Operator,
  value: string,
): { text: string } | { problem: string } {
  const ref = fieldRef(field.name)
  if (ref === null)
    return { problem: 'This field’s name holds a backtick; write its condition in the expression field' }
  if (operator.value === 'none') return { text: `${ref} ${operator.op} ${operator.fixed}` }
  if (operator.value === 'number') {
    const number = value.trim()
    if (!NUMBER.test(number)) return { problem: 'Enter a number, like 42 or -1.5' }
    return { text: `${ref} ${operator.op} ${number}` }
  }
  if (value === '') return { problem: operator.value === 'date' ? 'Choose a date' : 'Enter a value' }
  return { text: `${ref} ${operator.op} ${quoteText(value)}` }
}

/** `expression` and `condition` joined by && (an expression with || wrapped, so the condition applies to all of it). */
export function addCondition(expression: string, condition: string): string {
  const current = expression.trim()
  if (current === '') return condition
  return `${current.includes('||') ? `(${current})` : current} && ${condition}`
}
