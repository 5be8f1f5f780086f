/**
 * @module The checks of `showIf` against the app's fields, when a field is saved, moved or
 * the fields reordered: each condition names a field of the form that comes earlier (never
 * the field itself, so no rule can go round in a circle), the operator fits that field's
 * type, and the values compared are values that field can hold (an option of a choice field,
 * a number for a rating). Pure: core gives it the fields as they would be after the change.
 */
import type { Problem } from '../errors.ts'
import type { ShowIf, ShowIfCondition, ShowIfOp } from './show-if.ts'
import type { TypeSettings } from './type-settings.ts'
import { fieldTypeSpec, type FieldType } from './types/index.ts'

/** What the checks read of a field. */
export interface ConditionedField extends TypeSettings {
  name: string
  type: FieldType
  options: readonly string[] | null
  /** A stranger's key waiting for the owner: on no form, so no condition can name it. */
  proposed?: boolean
  showIf?: ShowIf | null
  /** Its page, when set (page-check.ts). */
  page?: number
}

const TEXT_TYPES: readonly FieldType[] = ['text', 'longtext', 'email', 'phone', 'url']
const NUMBER_TYPES: readonly FieldType[] = ['number', 'rating', 'nps']
const ORDERED_TYPES: readonly FieldType[] = [...NUMBER_TYPES, 'date', 'time', 'datetime']
/** Types whose answers only `answered` and `unanswered` can look at. */
const OPAQUE_TYPES: readonly FieldType[] = ['file', 'json']

/** The types each comparing operator takes; `answered` and `unanswered` take every type. */
const OP_TYPES: Partial<Record<ShowIfOp, (type: FieldType) => boolean>> = {
  eq: (type) => !OPAQUE_TYPES.includes(type),
  ne: (type) => !OPAQUE_TYPES.includes(type),
  in: (type) => !OPAQUE_TYPES.includes(type) && type !== 'consent',
  contains: (type) => TEXT_TYPES.includes(type) || type === 'multichoice',
  gt: (type) => ORDERED_TYPES.includes(type),
  lt: (type) => ORDERED_TYPES.includes(type),
}

/** What the operators that fit `type` are, as a message says it. */
function fittingOps(type: FieldType): string {
  const ops = Object.entries(OP_TYPES)
    .filter(([, fits]) => fits(type))
    .map(([op]) => op)
  return [...ops, 'answered', 'unanswered'].join(', ')
}

/** The conditions of a `showIf` and the key they sit under (`all` or `any`). */
export const conditionsOf = (showIf: ShowIf): { key: 'all' | 'any'; conditions: ShowIfCondition[] } =>
  'all' in showIf ? { key: 'all', conditions: showIf.all } : { key: 'any', conditions: showIf.any }

/** Why `value` is not a value of `named` to compare with, or null when it is. */
function valueProblem(named: ConditionedField, op: ShowIfOp, value: unknown): string | null {
  if (typeof value === 'string' && TEXT_TYPES.includes(named.type)) return null
  // A rating or an NPS compares with any number (gt 0 reads fine), a number field with any number.
  if (typeof value === 'number' && (op === 'gt' || op === 'lt') && NUMBER_TYPES.includes(named.type))
    return Number.isFinite(value) ? null : 'must be a finite number'
  // A multichoice answer is a list of options; a condition names one option of it.
  const answer = named.type === 'multichoice' ? [value] : value
  const problem = fieldTypeSpec(named.type).check(answer, named.options, named)
  return problem === null ? null : problem.replace(/^must be an array of option texts/, 'must be an option text')
}

/** The problems of one condition of `field` at `at` in `fields`, with paths under `path`. */
function conditionProblems(
  fields: readonly ConditionedField[],
  at: number,
  condition: ShowIfCondition,
  path: string,
): Problem[] {
  const field = fields[at]
  const where = fields.findIndex((other) => other.name === condition.field)
  const name = JSON.stringify(condition.field)
  if (condition.field === field.name)
    return [{ path: `${path}.field`, message: `names this field itself; a condition looks at an earlier question` }]
  if (where < 0) return [{ path: `${path}.field`, message: `names ${name}, which is not a field of this app` }]
  const named = fields[where]
  if (named.proposed)
    return [{ path: `${path}.field`, message: `names ${name}, a proposed field on no form yet; accept it first` }]
  if (where > at)
    return [
      {
        path: `${path}.field`,
        message: `names ${name}, which comes after this field; a condition can only look at earlier questions`,
      },
    ]
  const fits = OP_TYPES[condition.op]
  if (fits && !fits(named.type))
    return [
      {
        path: `${path}.op`,
        message: `cannot be ${condition.op} on ${name}, a ${named.type} field; use one of ${fittingOps(named.type)}`,
      },
    ]
  if (condition.value === undefined) return []
  const values = Array.isArray(condition.value) ? condition.value : [condition.value]
  return values.flatMap((value, index) => {
    const problem = valueProblem(named, condition.op, value)
    const at = Array.isArray(condition.value) ? `${path}.value.${index}` : `${path}.value`
    return problem === null ? [] : [{ path: at, message: `${problem} (the value of ${name}, a ${named.type} field)` }]
  })
}

/**
 * The problems of the condition of the field at `at` among `fields` (in form order, as they
 * would be after the change), with paths inside its `showIf` (`showIf.all.0.field`); none
 * when it has no condition.
 */
export function showIfProblems(fields: readonly ConditionedField[], at: number): Problem[] {
  const showIf = fields[at].showIf
  if (!showIf) return []
  const { key, conditions } = conditionsOf(showIf)
  return conditions.flatMap((condition, index) => conditionProblems(fields, at, condition, `showIf.${key}.${index}`))
}

/** The fields whose conditions name `name`, in form order. */
export const fieldsNaming = (fields: readonly ConditionedField[], name: string): string[] =>
  fields
    .filter(
      (field) =>
        field.name !== name && field.showIf && conditionsOf(field.showIf).conditions.some((c) => c.field === name),
    )
    .map((field) => field.name)
