/**
 * @module A field's rules applied to an answer that already fits its type: at ingest on every
 * route (core/fields/values.ts) and, in a respondent's words, on the fill-in page. The message
 * names the rule (`rules.minLength`), never the value, so the page can tell which rule refused
 * an answer from the message alone (`ruleWords`).
 */
import { characterCount } from './names.ts'
import { compilePattern, PATTERN_LIMITS } from './pattern.ts'
import type { FieldRules, RuleKey } from './rules.ts'

/** A rule that refused an answer: the message for programs and the words for a respondent. */
interface Refusal {
  message: string
  words: string
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** The longest answer a text field with these rules takes: its maxLength, and with a pattern at most the pattern's limit. */
const longest = (rules: FieldRules): number | undefined =>
  rules.pattern === undefined
    ? rules.maxLength
    : Math.min(rules.maxLength ?? PATTERN_LIMITS.maxCheckedLength, PATTERN_LIMITS.maxCheckedLength)

/** The answer's text up to a bound's precision, so `2026-01-31T09:30Z` compares with `2026-01-31` by its date. */
const dateText = (value: string, bound: string) => value.replace(' ', 'T').slice(0, bound.length)

/** A rule an answer is checked against: whether it holds for a value of the right type, and what is said when not. */
interface RuleCheck {
  key: Exclude<RuleKey, 'patternMessage'>
  /** The rule applies (its key is set; maxLength also applies through a pattern's bound). */
  applies(rules: FieldRules): boolean
  holds(rules: FieldRules, value: unknown): boolean
  refusal(rules: FieldRules): Refusal
}

const str = (value: unknown): value is string => typeof value === 'string'
const num = (value: unknown): value is number => typeof value === 'number'

/** The checks, in the order they run: lengths first, so a pattern only runs on an answer of bounded length. */
const CHECKS: RuleCheck[] = [
  {
    key: 'minLength',
    applies: (rules) => rules.minLength !== undefined,
    holds: (rules, value) => !str(value) || characterCount(value) >= rules.minLength!,
    refusal: ({ minLength: n = 0 }) => ({
      message: `must have at least ${plural(n, 'character', 'characters')} (rules.minLength)`,
      words: `Enter at least ${plural(n, 'character', 'characters')}`,
    }),
  },
  {
    key: 'maxLength',
    applies: (rules) => longest(rules) !== undefined,
    holds: (rules, value) => !str(value) || characterCount(value) <= longest(rules)!,
    refusal: (rules) => {
      const n = longest(rules)!
      const why = n === rules.maxLength ? '(rules.maxLength)' : '(the most a field with rules.pattern checks)'
      return {
        message: `can have at most ${plural(n, 'character', 'characters')} ${why}`,
        words: `Enter at most ${plural(n, 'character', 'characters')}`,
      }
    },
  },
  {
    key: 'pattern',
    applies: (rules) => rules.pattern !== undefined,
    holds: (rules, value) => !str(value) || compiled(rules.pattern!).test(value),
    refusal: ({ pattern, patternMessage }) =>
      patternMessage === undefined
        ? {
            message: `does not match the pattern ${pattern} (rules.pattern)`,
            words: 'Enter the answer in the form asked for',
          }
        : { message: `does not match the pattern (rules.pattern): ${patternMessage}`, words: patternMessage },
  },
  {
    key: 'min',
    applies: (rules) => rules.min !== undefined,
    holds: (rules, value) => !num(value) || value >= rules.min!,
    refusal: ({ min }) => ({
      message: `must be at least ${min} (rules.min)`,
      words: `Enter a number that is ${min} or more`,
    }),
  },
  {
    key: 'max',
    applies: (rules) => rules.max !== undefined,
    holds: (rules, value) => !num(value) || value <= rules.max!,
    refusal: ({ max }) => ({
      message: `must be at most ${max} (rules.max)`,
      words: `Enter a number that is ${max} or less`,
    }),
  },
  {
    key: 'step',
    applies: (rules) => rules.step !== undefined,
    holds: ({ step, min }, value) => {
      if (!num(value)) return true
      const steps = (value - (min ?? 0)) / step!
      return Math.abs(steps - Math.round(steps)) < 1e-9
    },
    refusal: ({ step, min }) => {
      const from = min === undefined ? '' : ` from ${min}`
      return {
        message: `must be a whole number of steps of ${step}${from} (rules.step)`,
        words: `Enter a number in steps of ${step}${from}`,
      }
    },
  },
  {
    key: 'earliest',
    applies: (rules) => rules.earliest !== undefined,
    holds: ({ earliest }, value) => !str(value) || dateText(value, earliest!) >= earliest!,
    refusal: ({ earliest }) => ({
      message: `must be on or after ${earliest} (rules.earliest)`,
      words: `Enter ${earliest} or later`,
    }),
  },
  {
    key: 'latest',
    applies: (rules) => rules.latest !== undefined,
    holds: ({ latest }, value) => !str(value) || dateText(value, latest!) <= latest!,
    refusal: ({ latest }) => ({
      message: `must be on or before ${latest} (rules.latest)`,
      words: `Enter ${latest} or earlier`,
    }),
  },
  {
    key: 'minPicks',
    applies: (rules) => rules.minPicks !== undefined,
    // Nothing picked is no answer (required says whether one is needed), not too few.
    holds: (rules, value) => !Array.isArray(value) || value.length === 0 || value.length >= rules.minPicks!,
    refusal: ({ minPicks: n = 0 }) => ({
      message: `must pick at least ${plural(n, 'option', 'options')} (rules.minPicks)`,
      words: `Select at least ${plural(n, 'answer', 'answers')}`,
    }),
  },
  {
    key: 'maxPicks',
    applies: (rules) => rules.maxPicks !== undefined,
    holds: (rules, value) => !Array.isArray(value) || value.length <= rules.maxPicks!,
    refusal: ({ maxPicks: n = 0 }) => ({
      message: `can pick at most ${plural(n, 'option', 'options')} (rules.maxPicks)`,
      words: `Select at most ${plural(n, 'answer', 'answers')}`,
    }),
  },
]

/** Patterns compiled once each (an owner's few patterns, a bounded cache). */
const patterns = new Map<string, RegExp>()
function compiled(pattern: string): RegExp {
  let regex = patterns.get(pattern)
  if (!regex) {
    if (patterns.size >= 1000) patterns.clear()
    regex = compilePattern(pattern)
    patterns.set(pattern, regex)
  }
  return regex
}

/** Why `value` (given, and of the field's type) breaks the field's rules, or null: the first rule it breaks. */
export function ruleProblem(rules: FieldRules | undefined, value: unknown): string | null {
  if (!rules) return null
  const broken = CHECKS.find((check) => check.applies(rules) && !check.holds(rules, value))
  return broken ? broken.refusal(rules).message : null
}

/**
 * A respondent's words for a problem `message` about an answer to a field with `rules`, when
 * one of its rules made it (the messages name the rule, never the value), else null.
 */
export function ruleWords(rules: FieldRules | undefined, message: string): string | null {
  if (!rules) return null
  for (const check of CHECKS) {
    if (!check.applies(rules)) continue
    const refusal = check.refusal(rules)
    if (refusal.message === message) return refusal.words
  }
  return null
}

/** A rule as a form's script reads it: its bound (maxLength: the one that holds), the server's message and a respondent's words. */
export interface RuleRefusal extends Refusal {
  value: unknown
}

/** Each rule of a field that applies, by key, as a form's script reads it. */
export function ruleRefusals(rules: FieldRules | undefined): Record<string, RuleRefusal> {
  const result: Record<string, RuleRefusal> = {}
  for (const check of CHECKS)
    if (rules && check.applies(rules)) {
      const value = check.key === 'maxLength' ? longest(rules) : rules[check.key]
      result[check.key] = { value, ...check.refusal(rules) }
    }
  return result
}

/** The longest answer a field with `rules` takes, when it has a bound (its maxLength, or its pattern's). */
export const longestAnswer = (rules: FieldRules | undefined): number | undefined => (rules ? longest(rules) : undefined)
