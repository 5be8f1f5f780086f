/**
 * @module A condition (`showIf`) in words, as the CLI's field views and the help pages say it:
 * `likes is false`, `color is one of "Red", "Green" or age is more than 17`.
 */
import { conditionsOf } from './show-if-check.ts'
import type { ShowIf, ShowIfCondition, ShowIfOp } from './show-if.ts'

const WORDS: Record<ShowIfOp, string> = {
  eq: 'is',
  ne: 'is not',
  in: 'is one of',
  contains: 'contains',
  gt: 'is more than',
  lt: 'is less than',
  answered: 'is answered',
  unanswered: 'is not answered',
}

const valueText = (value: ShowIfCondition['value']): string =>
  Array.isArray(value) ? value.map((item) => JSON.stringify(item)).join(', ') : JSON.stringify(value)

/** One condition in words: `age is more than 17`. */
export const conditionText = (condition: ShowIfCondition): string =>
  condition.value === undefined
    ? `${condition.field} ${WORDS[condition.op]}`
    : `${condition.field} ${WORDS[condition.op]} ${valueText(condition.value)}`

/** A whole `showIf` in words, its conditions joined by "and" (all) or "or" (any). */
export function showIfText(showIf: ShowIf): string {
  const { key, conditions } = conditionsOf(showIf)
  return conditions.map(conditionText).join(key === 'all' ? ' and ' : ' or ')
}
