/**
 * @module A field's `rules`: what an answer must also meet beyond its type. Text types take
 * `minLength`, `maxLength` and a `pattern` (with the owner's `patternMessage`); number
 * fields `min`, `max` and `step`; date and datetime fields `earliest` and `latest`;
 * multichoice fields `minPicks` and `maxPicks`. The shape is checked here; which rules fit
 * which type is RULE_TYPES, checked when a field is saved (rule-problems.ts).
 */
import { z } from 'zod'
import { expect } from '../apps/input.ts'
import { isIsoDate } from './types/date.ts'
import type { FieldType } from './types/index.ts'
import { patternProblem, PATTERN_LIMITS } from './pattern.ts'
import { characterCount, hasControlCharacters } from './names.ts'

/** The text types: their answers are strings, so length and pattern rules fit them. */
export const TEXT_RULE_TYPES: readonly FieldType[] = ['text', 'longtext', 'email', 'phone', 'url']

/** The longest `patternMessage`. */
export const MAX_PATTERN_MESSAGE = 200

const count = (what: string) =>
  z
    .int({ error: expect(`a whole number of ${what}`) })
    .min(0, 'cannot be negative')
    .max(1_000_000, 'can be at most 1000000')

const finite = z.number({ error: expect('a number') }).refine(Number.isFinite, 'must be a finite number')

const dateBound = z
  .string({ error: expect('a date like "2026-01-31" or a date and time like "2026-01-31T09:30"') })
  .trim()
  .refine(
    (text) => isIsoDate(text) && !/[zZ]|[+-]\d{2}:?\d{2}$/.test(text.slice(10)),
    'must be a date like "2026-01-31" or a date and time like "2026-01-31T09:30", without a zone',
  )

/** Each rule's own shape, and the types it fits. */
export const RULE_SCHEMAS = {
  minLength: count('characters').meta({ description: 'Text types: the fewest characters an answer may have' }),
  maxLength: count('characters').meta({ description: 'Text types: the most characters an answer may have' }),
  pattern: z
    .string({ error: expect('a regular expression as text') })
    .superRefine((pattern, issues) => {
      const problem = patternProblem(pattern)
      if (problem) issues.addIssue({ code: 'custom', message: problem })
    })
    .meta({
      description: `Text types: a JavaScript regular expression (u flag) the whole answer must match; at most ${PATTERN_LIMITS.maxPatternLength} characters, no quantified group holding a quantifier or |, and answers it checks are at most ${PATTERN_LIMITS.maxCheckedLength} characters`,
      example: '^[A-Z]{2}[0-9]{6}$',
    }),
  patternMessage: z
    .string({ error: expect('a string') })
    .trim()
    .min(1, 'cannot be empty')
    .refine((text) => characterCount(text) <= MAX_PATTERN_MESSAGE, `can have at most ${MAX_PATTERN_MESSAGE} characters`)
    .refine((text) => !hasControlCharacters(text), 'cannot contain control characters')
    .meta({ description: 'Text types: what the respondent is told when the answer does not match the pattern' }),
  min: finite.meta({ description: 'Number fields: the lowest answer' }),
  max: finite.meta({ description: 'Number fields: the highest answer' }),
  step: finite
    .refine((step) => step > 0, 'must be more than 0')
    .meta({ description: 'Number fields: answers are min (or 0) plus a whole number of steps' }),
  earliest: dateBound.meta({
    description: 'Date and datetime fields: the earliest answer (that day or time included)',
  }),
  latest: dateBound.meta({ description: 'Date and datetime fields: the latest answer (that day or time included)' }),
  minPicks: count('options').meta({ description: 'Multichoice fields: the fewest options an answer picks' }),
  maxPicks: count('options').meta({ description: 'Multichoice fields: the most options an answer picks' }),
} as const

export type RuleKey = keyof typeof RULE_SCHEMAS

/** A field's rules as stored and shown: each key left out when not set. */
export type FieldRules = { [Key in RuleKey]?: z.output<(typeof RULE_SCHEMAS)[Key]> }

/** The rule keys, in the order messages and forms list them. */
export const RULE_KEYS = Object.keys(RULE_SCHEMAS) as RuleKey[]

/** The types each rule fits. */
export const RULE_TYPES: Record<RuleKey, readonly FieldType[]> = {
  minLength: TEXT_RULE_TYPES,
  maxLength: TEXT_RULE_TYPES,
  pattern: TEXT_RULE_TYPES,
  patternMessage: TEXT_RULE_TYPES,
  min: ['number'],
  max: ['number'],
  step: ['number'],
  earliest: ['date', 'datetime'],
  latest: ['date', 'datetime'],
  minPicks: ['multichoice'],
  maxPicks: ['multichoice'],
}

const rulesError = { error: expect('an object of rules, e.g. {"maxLength": 200}') }

/** `rules` in a field add or change: each key set, or null to remove it. */
export const rulesPatchSchema = z
  .strictObject(
    Object.fromEntries(RULE_KEYS.map((key) => [key, RULE_SCHEMAS[key].nullable().optional()])) as {
      [Key in RuleKey]: z.ZodOptional<z.ZodNullable<(typeof RULE_SCHEMAS)[Key]>>
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `has unknown rules ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}; rules are ${RULE_KEYS.join(', ')}`
          : rulesError.error(issue as { input: unknown }),
    },
  )
  .meta({
    description:
      'What an answer must also meet, by type: text types minLength, maxLength, pattern, patternMessage; number min, max, step; date and datetime earliest, latest; multichoice minPicks, maxPicks. A key sent as null is removed, the others stay; rules: null removes them all',
    example: { maxLength: 200 },
  })
export type RulesPatch = z.input<typeof rulesPatchSchema>

/** `rules` as a field shows them. */
export const rulesViewSchema = z.object(
  Object.fromEntries(RULE_KEYS.map((key) => [key, RULE_SCHEMAS[key].optional()])) as {
    [Key in RuleKey]: z.ZodOptional<(typeof RULE_SCHEMAS)[Key]>
  },
)
