/**
 * @module A filter on an app's records as the stores take it: a tree core parsed and
 * checked (core/records/filter.ts), which each store turns into the WHERE clause of its
 * query language with bound parameters. Every test is true or false, never unknown: a
 * record without the field fails a comparison and passes its negation.
 */

/** The comparisons a test makes; `~` is "contains, ignoring case". */
export type FilterOp = '=' | '>' | '>=' | '<' | '<=' | '~'

export type FilterNode = { all: FilterNode[] } | { any: FilterNode[] } | { not: FilterNode } | FilterTest

export type FilterTest =
  /** The record's arrival time (epoch ms). */
  | { on: 'created'; op: Exclude<FilterOp, '~'>; value: number }
  /** The record's id. */
  | { on: 'id'; op: '='; value: string }
  /**
   * A field's value. `=` matches the value itself or an array holding it (multichoice);
   * the order comparisons match numbers with a number, text with text (by code point);
   * `~` matches text (or an array's text) containing the value.
   */
  | { on: 'field'; name: string; op: FilterOp; value: string | number | boolean }
  /** The field is missing: absent, null or "" (as the summary counts `missing`). */
  | { on: 'field'; name: string; op: 'missing' }

/**
 * A filter as one SQL condition: `test` writes each test (binding its values as it goes),
 * and each is defaulted to `no` where it would be NULL, so NOT keeps its meaning.
 */
export function conditionOf(node: FilterNode, test: (test: FilterTest) => string, no: string): string {
  const walk = (n: FilterNode): string => {
    if ('all' in n) return `(${n.all.map(walk).join(' AND ')})`
    if ('any' in n) return `(${n.any.map(walk).join(' OR ')})`
    if ('not' in n) return `(NOT ${walk(n.not)})`
    return `COALESCE(${test(n)}, ${no})`
  }
  return walk(node)
}
