/**
 * @module The flags of a field's form settings (server/contract/fields/form.ts), shared by
 * `field add` and `field update`: help text, placeholder, each rule, hidden, prefill and page.
 * On update an empty value (`--pattern ""`) removes the setting.
 */
import { usageError } from '../../errors.ts'
import type { RuleKey } from '../../../server/contract/fields/rules.ts'
import type { Field } from '../../../server/contract/api/fields.ts'

const text = (description: string, valueHint = 'text') => ({ type: 'string' as const, description, valueHint })

/** Each rule's flag: its name, and whether its value is a number. */
const RULE_FLAGS: Record<RuleKey, { flag: string; number: boolean; description: string }> = {
  minLength: { flag: 'min-length', number: true, description: 'Text types: the fewest characters an answer may have' },
  maxLength: { flag: 'max-length', number: true, description: 'Text types: the most characters an answer may have' },
  pattern: {
    flag: 'pattern',
    number: false,
    description: 'Text types: a regular expression the whole answer must match, e.g. "[A-Z]{2}[0-9]{4}"',
  },
  patternMessage: {
    flag: 'pattern-message',
    number: false,
    description: 'Text types: what the respondent is told when the answer does not match --pattern',
  },
  min: { flag: 'min', number: true, description: 'Number fields: the lowest answer' },
  max: { flag: 'max', number: true, description: 'Number fields: the highest answer' },
  step: { flag: 'step', number: true, description: 'Number fields: answers are --min (or 0) plus whole steps' },
  earliest: {
    flag: 'earliest',
    number: false,
    description: 'Date and datetime fields: the earliest answer, 2026-01-31',
  },
  latest: { flag: 'latest', number: false, description: 'Date and datetime fields: the latest answer, 2026-12-31' },
  minPicks: { flag: 'min-picks', number: true, description: 'Multichoice fields: the fewest options an answer picks' },
  maxPicks: { flag: 'max-picks', number: true, description: 'Multichoice fields: the most options an answer picks' },
}

const RULE_KEYS = Object.keys(RULE_FLAGS) as RuleKey[]

/** The form flags, for add and update. */
export const formArgs = {
  'help-text': text('Text shown under the question on the form (update: "" removes it)'),
  placeholder: text('Text shown in the empty input (update: "" removes it)'),
  ...(Object.fromEntries(
    RULE_KEYS.map((key) => [
      RULE_FLAGS[key].flag,
      text(
        `${RULE_FLAGS[key].description} (update: "" removes it)`,
        RULE_FLAGS[key].number ? 'n' : key === 'pattern' ? 'regex' : 'text',
      ),
    ]),
  ) as Record<string, ReturnType<typeof text>>),
  hidden: {
    type: 'boolean' as const,
    description: "Never shown: filled from the form's link (/f/<token>?name=value); --no-hidden shows it again",
  },
  prefill: {
    type: 'boolean' as const,
    description: "Shown, and its first value may come from the form's link; --no-prefill turns it off",
  },
  page: text(
    'The page of the fill-in form this question starts or is on (1, 2, …; pages run in order; update: "" removes it)',
    'n',
  ),
}

/** Problem paths of the body as the flags that carry them (`rules.minLength` is `--min-length`). */
export const formFlagFor: Record<string, string> = {
  help: '--help-text',
  ...Object.fromEntries(RULE_KEYS.map((key) => [`rules.${key}`, `--${RULE_FLAGS[key].flag}`])),
}

type FormFlags = { [flag: string]: unknown }

/** A rule flag's value for the body: a number or text, null to remove ("" on update), absent when not given. */
function ruleValue(key: RuleKey, raw: string | undefined, update: boolean): unknown {
  if (raw === undefined || (raw === '' && !update)) return undefined
  if (raw === '') return null
  if (!RULE_FLAGS[key].number) return raw
  const value = Number(raw)
  if (raw.trim() === '' || !Number.isFinite(value))
    throw usageError(`--${RULE_FLAGS[key].flag} must be a number; got "${raw}"`)
  return value
}

/** The body keys of the form flags that were given; on update "" removes a setting. */
export function formBodyOf(args: FormFlags, update: boolean) {
  const rules: Record<string, unknown> = {}
  for (const key of RULE_KEYS) {
    const value = ruleValue(key, args[RULE_FLAGS[key].flag] as string | undefined, update)
    if (value !== undefined) rules[key] = value
  }
  const textOf = (raw: unknown) => (raw === undefined || (raw === '' && !update) ? undefined : raw === '' ? null : raw)
  return {
    ...(textOf(args['help-text']) === undefined ? {} : { help: textOf(args['help-text']) as string | null }),
    ...(textOf(args.placeholder) === undefined ? {} : { placeholder: textOf(args.placeholder) as string | null }),
    ...(Object.keys(rules).length > 0 ? { rules } : {}),
    ...(args.hidden === undefined ? {} : { hidden: args.hidden as boolean }),
    ...(args.prefill === undefined ? {} : { prefill: args.prefill as boolean }),
    ...pageOf(args.page as string | undefined, update),
  }
}

/** The `page` key of the body: a whole number, null to remove it ("" on update), nothing when not given. */
function pageOf(raw: string | undefined, update: boolean): { page?: number | null } {
  if (raw === undefined || (raw === '' && !update)) return {}
  if (raw === '') return { page: null }
  const page = Number(raw)
  if (!Number.isInteger(page) || page < 1) throw usageError(`--page must be a whole number from 1; got "${raw}"`)
  return { page }
}

/** The form settings of a field as `field get` shows them (nothing when it has none). */
export function formDetails(field: Field): Record<string, string> {
  const rules = RULE_KEYS.filter((key) => field.rules?.[key] !== undefined).map(
    (key) => `${key} ${String(field.rules![key])}`,
  )
  return {
    ...(field.help ? { help: field.help } : {}),
    ...(field.placeholder ? { placeholder: field.placeholder } : {}),
    ...(rules.length > 0 ? { rules: rules.join(', ') } : {}),
    ...(field.hidden ? { hidden: 'yes (filled from the link)' } : {}),
    ...(field.prefill ? { prefill: 'yes (the link may fill it)' } : {}),
    ...(field.page === undefined ? {} : { page: String(field.page) }),
  }
}

/** A field's form settings in a word each, for the field table: `hidden, rules`. */
export const formSummary = (field: Field): string =>
  (['hidden', 'prefill', 'help', 'placeholder', 'rules'] as const).filter((key) => field[key] !== undefined).join(', ')
