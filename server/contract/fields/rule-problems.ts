/**
 * @module Rules checked when a field is saved: each rule sent must fit the field's type, and
 * the rules as they end up must agree with one another (min ≤ max, a patternMessage goes with
 * a pattern). Problems name the key as `rules.<key>`.
 */
import type { Problem } from '../errors.ts'
import type { FieldType } from './types/index.ts'
import { RULE_KEYS, RULE_TYPES, type FieldRules } from './rules.ts'

/** Lower and upper bounds that must not cross. */
const PAIRS = [
  ['minLength', 'maxLength'],
  ['min', 'max'],
  ['earliest', 'latest'],
  ['minPicks', 'maxPicks'],
] as const satisfies ReadonlyArray<readonly [keyof FieldRules, keyof FieldRules]>

/** The types a rule fits, as a message lists them. */
const typeList = (types: readonly string[]) =>
  types.length < 2 ? types.join('') : `${types.slice(0, -1).join(', ')} and ${types.at(-1)}`

/**
 * Problems with `sent` (the rules of an add or change, null values included) on a field of
 * `type` whose rules become `after`.
 */
export function ruleProblems(type: FieldType, sent: Record<string, unknown>, after: FieldRules): Problem[] {
  const problems: Problem[] = []
  for (const key of RULE_KEYS) {
    if (sent[key] === undefined || sent[key] === null || RULE_TYPES[key].includes(type)) continue
    problems.push({
      path: `rules.${key}`,
      message: `only ${typeList(RULE_TYPES[key])} fields have ${key}, not ${type} fields`,
    })
  }
  if (problems.length > 0) return problems
  for (const [low, high] of PAIRS) {
    const [a, b] = [after[low], after[high]]
    if (a !== undefined && b !== undefined && (a as number) > (b as number))
      problems.push({ path: `rules.${low}`, message: `cannot be more than ${high} (${String(b)})` })
  }
  if (type === 'date')
    for (const key of ['earliest', 'latest'] as const)
      if ((after[key]?.length ?? 0) > 10)
        problems.push({
          path: `rules.${key}`,
          message: 'must be a date like "2026-01-31" for a date field (a time goes with datetime fields)',
        })
  if (after.patternMessage !== undefined && after.pattern === undefined)
    problems.push({ path: 'rules.patternMessage', message: 'goes with a pattern: set rules.pattern too' })
  if (type === 'multichoice' && after.maxPicks === 0)
    problems.push({ path: 'rules.maxPicks', message: 'must be at least 1' })
  return problems
}
