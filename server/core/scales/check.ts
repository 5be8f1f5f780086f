/**
 * @module The rules of a scale that need the app's fields and the whole level list:
 * items must point at existing fields of a scorable type with consistent scores and
 * bounds; levels must be well formed and must not overlap; a full level list given in
 * one request must also tile the possible score range. Every problem is listed.
 */
import type { FieldRow } from '../fields/view.ts'
import type { Problem } from '../../contract/errors.ts'
import type { FieldType } from '../../contract/fields/types/index.ts'
import { gapProblems, overlapProblems, unreachableProblems } from '../../contract/scales/coverage.ts'
import {
  itemFitsType,
  itemRange,
  SCORABLE_TYPES,
  scaleRange,
  scoringOf,
  type Level,
  type Range,
  type ScaleMethod,
  type StoredItem,
} from '../../contract/scales/model.ts'
import type { ScaleItemInput } from '../../contract/scales/schemas.ts'
import type { ScoringSpec } from '../../contract/fields/types/spec.ts'
import { storedTypeSettings } from '../fields/type-settings.ts'

/** A parsed item input (defaults applied). */
export type ItemInput = Required<Pick<ScaleItemInput, 'field'>> & {
  weight: number
  reverse: boolean
  scores?: Record<string, number>
  min?: number
  max?: number
}

const fieldByRef = (fields: readonly FieldRow[], ref: string): FieldRow | undefined =>
  fields.find((field) => field.id === ref) ?? fields.find((field) => field.name === ref)

/** `a, b or c`. */
const orList = (words: readonly string[]): string =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`

/** `a, b and c`. */
const andList = (words: readonly string[]): string =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`

const optionsOf = (field: FieldRow): string[] => (field.options ? (JSON.parse(field.options) as string[]) : [])

/** Resolves item inputs to stored items, listing every problem under `path`. */
export function resolveItems(
  inputs: readonly ItemInput[],
  fields: readonly FieldRow[],
  path: (index: number) => string,
): { items: StoredItem[]; problems: Problem[] } {
  const problems: Problem[] = []
  const items: StoredItem[] = []
  const seen = new Set<string>()
  inputs.forEach((input, index) => {
    const at = path(index)
    const field = fieldByRef(fields, input.field)
    if (!field) {
      problems.push({ path: `${at}.field`, message: `no field ${JSON.stringify(input.field)} in this app` })
      return
    }
    if (field.proposed) {
      problems.push({
        path: `${at}.field`,
        message: `field "${field.name}" is only proposed (made by an anonymous submission): accept it first (svc-cli field accept)`,
      })
      return
    }
    if (seen.has(field.id)) {
      problems.push({ path: `${at}.field`, message: `field "${field.name}" is already an item of this scale` })
      return
    }
    seen.add(field.id)
    const scoring = scoringOf(field.type)
    if (!scoring) {
      problems.push({
        path: `${at}.field`,
        message: `field "${field.name}" is a ${field.type} field; items score ${orList(SCORABLE_TYPES)} fields`,
      })
      return
    }
    const byValue = scoring.by === 'value'
    const given = withDefaults(input, field, scoring.itemDefaults)
    const before = problems.length
    problems.push(...(byValue ? numberItemProblems(given, field, at) : choiceItemProblems(given, field, at)))
    if (problems.length > before) return
    items.push({
      fieldId: field.id,
      weight: given.weight,
      reverse: given.reverse,
      scores: byValue ? null : { ...given.scores },
      min: byValue ? (given.min ?? null) : null,
      max: byValue ? (given.max ?? null) : null,
    })
  })
  return { items, problems }
}

/**
 * The item as given, what it leaves out taken from its type's defaults (a rating's bounds, a
 * Likert item's scores by position); a key given wins.
 */
function withDefaults(input: ItemInput, field: FieldRow, defaults: ScoringSpec['itemDefaults']): ItemInput {
  if (!defaults) return input
  const made = defaults({ options: optionsOf(field), ...storedTypeSettings(field.type as FieldType, field.settings) })
  return {
    ...input,
    scores: input.scores ?? made.scores ?? undefined,
    min: input.min ?? made.min ?? undefined,
    max: input.max ?? made.max ?? undefined,
  }
}

/** Types a scale item scores per option, and those whose value it scores, as messages list them. */
const OPTION_SCORED = SCORABLE_TYPES.filter((type) => scoringOf(type)?.by === 'options')
const VALUE_SCORED = SCORABLE_TYPES.filter((type) => scoringOf(type)?.by === 'value')

function numberItemProblems(input: ItemInput, field: FieldRow, at: string): Problem[] {
  const problems: Problem[] = []
  if (input.scores !== undefined)
    problems.push({
      path: `${at}.scores`,
      message: `only ${andList(OPTION_SCORED)} items have scores; ${field.type} items score their value`,
    })
  if (input.min !== undefined && input.max !== undefined && input.min >= input.max)
    problems.push({ path: `${at}.min`, message: `must be less than max (${input.max})` })
  if (input.reverse && (input.min === undefined || input.max === undefined))
    problems.push({
      path: `${at}.reverse`,
      message: `a reversed ${field.type} item needs both min and max (it scores max + min − value)`,
    })
  return problems
}

function choiceItemProblems(input: ItemInput, field: FieldRow, at: string): Problem[] {
  const problems: Problem[] = []
  if (input.min !== undefined || input.max !== undefined)
    problems.push({
      path: `${at}.min`,
      message: `min and max are for items that score a value (${andList(VALUE_SCORED)}); "${field.name}" is a ${field.type} field scored per option`,
    })
  const options = optionsOf(field)
  const scores = input.scores ?? {}
  const missing = options.filter((option) => !Object.hasOwn(scores, option))
  const unknown = Object.keys(scores).filter((option) => !options.includes(option))
  if (missing.length > 0)
    problems.push({
      path: `${at}.scores`,
      message: `needs a score for every option of "${field.name}"; missing: ${missing.map((o) => JSON.stringify(o)).join(', ')}`,
    })
  if (unknown.length > 0)
    problems.push({
      path: `${at}.scores`,
      message: `"${field.name}" has no options ${unknown.map((o) => JSON.stringify(o)).join(', ')}; its options are ${options.map((o) => JSON.stringify(o)).join(', ')}`,
    })
  return problems
}

/** Problems of single levels and of the list (duplicate keys, open bounds, overlaps). */
export function levelListProblems(levels: readonly Level[], path: (index: number) => string): Problem[] {
  const problems: Problem[] = []
  const keys = new Set<string>()
  levels.forEach((level, index) => {
    if (keys.has(level.key))
      problems.push({ path: `${path(index)}.key`, message: `repeats the level key "${level.key}"` })
    keys.add(level.key)
    if (level.min !== null && level.max !== null && level.min >= level.max) {
      problems.push({ path: `${path(index)}.min`, message: `must be less than max (${level.max})` })
    }
  })
  return [...problems, ...overlapProblems(levels)]
}

/** The possible range of a scale given its stored items and the app's fields (items whose field is gone or changed type are skipped). */
export function rangeOf(method: ScaleMethod, items: readonly StoredItem[], fields: readonly FieldRow[]): Range | null {
  const live = items.flatMap((item) => {
    const field = fields.find((f) => f.id === item.fieldId)
    if (!field || !scoringOf(field.type)) return []
    return [{ weight: item.weight, range: itemRange(item, field.type as FieldType) }]
  })
  return scaleRange(method, live)
}

/** Everything that keeps a stored scale from scoring as designed: broken items, gaps, uncovered ends. */
export function scaleHealth(
  method: ScaleMethod,
  items: readonly StoredItem[],
  levels: readonly Level[],
  fields: readonly FieldRow[],
): Problem[] {
  const problems: Problem[] = []
  items.forEach((item, index) => {
    const field = fields.find((f) => f.id === item.fieldId)
    if (!field)
      problems.push({ path: `items.${index}.field`, message: 'the field of this item was deleted; remove the item' })
    else if (!itemFitsType(item, field.type)) {
      problems.push({
        path: `items.${index}.field`,
        message: `field "${field.name}" changed type to ${field.type}; remove and add the item again`,
      })
    } else if (item.scores) {
      const missing = optionsOf(field).filter((option) => !Object.hasOwn(item.scores!, option))
      if (missing.length > 0)
        problems.push({
          path: `items.${index}.scores`,
          message: `no score for the options ${missing.map((o) => JSON.stringify(o)).join(', ')} of "${field.name}" (they count as unanswered)`,
        })
    }
  })
  const range = rangeOf(method, items, fields)
  return [...problems, ...gapProblems(levels, range), ...unreachableProblems(levels, range)]
}
