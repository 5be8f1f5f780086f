/**
 * @module A question's condition, `showIf`: it is asked only when earlier answers meet
 * `{all: [...]}` (every condition) or `{any: [...]}` (at least one). Each condition names an
 * earlier field, an operator and, for the operators that compare, a value. The shape is
 * checked here; whether the named fields exist and come earlier is checked against the app's
 * fields when a field is saved or moved.
 */
import { z } from 'zod'
import { expect } from '../apps/input.ts'

/** The operators a condition may use. */
export const SHOW_IF_OPS = ['eq', 'ne', 'in', 'contains', 'gt', 'lt', 'answered', 'unanswered'] as const
export type ShowIfOp = (typeof SHOW_IF_OPS)[number]

/** Operators that look only at whether the field has an answer, and so take no value. */
export const VALUELESS_OPS: ReadonlySet<ShowIfOp> = new Set(['answered', 'unanswered'])

/** The most conditions one `showIf` may hold. */
export const MAX_SHOW_IF_CONDITIONS = 20

/** One condition on an earlier answer. */
export interface ShowIfCondition {
  field: string
  op: ShowIfOp
  /** What the answer is compared with; absent for `answered` and `unanswered`, a list for `in`. */
  value?: string | number | boolean | Array<string | number | boolean>
}

/** A question's condition: all of the conditions, or any of them. */
export type ShowIf = { all: ShowIfCondition[] } | { any: ShowIfCondition[] }

const scalarSchema = z.union([z.string(), z.number(), z.boolean()], {
  error: expect('a string, a number or true/false'),
})

export const showIfConditionSchema = z
  .object(
    {
      field: z.string({ error: expect('the name of an earlier field') }).min(1, 'needs the name of an earlier field'),
      op: z.enum(SHOW_IF_OPS, { error: expect(`one of ${SHOW_IF_OPS.join(', ')}`) }),
      value: z.union([scalarSchema, z.array(scalarSchema).max(100, 'can list at most 100 values')]).optional(),
    },
    { error: expect('an object {field, op, value}') },
  )
  .strict()
  .superRefine((condition, issues) => {
    const valueless = VALUELESS_OPS.has(condition.op)
    if (valueless && condition.value !== undefined)
      issues.addIssue({ code: 'custom', path: ['value'], message: `takes no value with op ${condition.op}` })
    if (!valueless && condition.value === undefined)
      issues.addIssue({ code: 'custom', path: ['value'], message: `is needed with op ${condition.op}` })
    if (condition.op === 'in' && condition.value !== undefined && !Array.isArray(condition.value))
      issues.addIssue({ code: 'custom', path: ['value'], message: 'must be a list with op in' })
    if (condition.op !== 'in' && Array.isArray(condition.value))
      issues.addIssue({ code: 'custom', path: ['value'], message: 'can be a list only with op in' })
  })

const conditionsSchema = z
  .array(showIfConditionSchema, { error: expect('a list of conditions') })
  .min(1, 'needs at least one condition')
  .max(MAX_SHOW_IF_CONDITIONS, `can hold at most ${MAX_SHOW_IF_CONDITIONS} conditions`)

/** `{all: [...]}` or `{any: [...]}`, nothing else. */
export const showIfSchema = z
  .union([z.object({ all: conditionsSchema }).strict(), z.object({ any: conditionsSchema }).strict()], {
    error: expect('{"all": [conditions]} or {"any": [conditions]}'),
  })
  .meta({
    description:
      'Ask this question only when earlier answers meet all (or any) of the conditions: {field, op, value}, op one of eq, ne, in, contains, gt, lt, answered, unanswered',
    example: { all: [{ field: 'satisfied', op: 'eq', value: false }] },
  }) as z.ZodType<ShowIf>
