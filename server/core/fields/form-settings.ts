/**
 * @module A field's stored `form` column (contract/fields/form.ts): read as the field's
 * top-level keys, and changed by a field add or update. Text set to '' or null, a flag set
 * to false or null, and `rules: null` remove their key; rules merge key by key (a rule sent
 * as null is removed). Rules that no longer fit after a change of type are dropped, as a
 * change of type drops options; rules sent that do not fit are refused (rule-problems.ts).
 */
import type { Problem } from '../../contract/errors.ts'
import { FORM_KEYS, type FieldForm, type FormPatch } from '../../contract/fields/form.ts'
import { ruleProblems } from '../../contract/fields/rule-problems.ts'
import { RULE_KEYS, RULE_TYPES, type FieldRules } from '../../contract/fields/rules.ts'
import type { FieldType } from '../../contract/fields/types/index.ts'
import type { ShowIf } from '../../contract/fields/show-if.ts'

/** Reads the stored `form` column (JSON text or null) as the field's form keys; {} when none. */
export function storedForm(form: string | null): FieldForm {
  return form === null ? {} : (JSON.parse(form) as FieldForm)
}

/** What the ingest checks read of a stored `form`: the rules, whether the field is hidden, its condition and its page (keys left out when unset). */
export function formChecks(form: string | null): { rules?: FieldRules; hidden?: true; showIf?: ShowIf; page?: number } {
  const { rules, hidden, showIf, page } = storedForm(form)
  return {
    ...(rules ? { rules } : {}),
    ...(hidden ? { hidden } : {}),
    ...(showIf ? { showIf } : {}),
    ...(page === undefined ? {} : { page }),
  }
}

/** Types a link cannot fill: a file is chosen by the respondent, and a consent is the respondent's own tick. */
const UNLINKED_TYPES: readonly FieldType[] = ['file', 'consent']

/** Problems with `hidden` or `prefill` on a type a link cannot fill. */
function linkProblems(type: FieldType, form: Record<string, unknown>): Problem[] {
  if (!UNLINKED_TYPES.includes(type)) return []
  return (['hidden', 'prefill'] as const)
    .filter((key) => form[key] === true)
    .map((key) => ({
      path: key,
      message: `cannot be true for a ${type} field: ${type === 'file' ? 'a link cannot choose files' : 'only the respondent can tick a consent'}`,
    }))
}

/** The rules after `patch` on `stored`, keeping only those that fit `type`. */
function rulesAfter(type: FieldType, stored: FieldRules | undefined, patch: FormPatch['rules']): FieldRules {
  const next: Record<string, unknown> = patch === null ? {} : { ...stored }
  for (const key of RULE_KEYS) {
    const value = patch?.[key]
    if (value === null) delete next[key]
    else if (value !== undefined) next[key] = value
  }
  for (const key of RULE_KEYS) if (!RULE_TYPES[key].includes(type)) delete next[key]
  return next as FieldRules
}

/**
 * The stored `form` of a field of `type` after `patch` on its stored `form` (null for a new
 * field): JSON text, or null when no key is set; and the problems with what was sent.
 */
export function formAfter(
  type: FieldType,
  stored: string | null,
  patch: FormPatch,
): { form: string | null; problems: Problem[] } {
  const before = storedForm(stored)
  const next: Record<string, unknown> = { ...before }
  for (const key of FORM_KEYS) {
    const value = patch[key]
    if (value === undefined || key === 'rules') continue
    if (value === null || value === '' || value === false) delete next[key]
    else next[key] = value
  }
  const rules = rulesAfter(type, before.rules, patch.rules)
  if (Object.keys(rules).length > 0) next.rules = rules
  else delete next.rules
  const problems = [...ruleProblems(type, patch.rules ?? {}, rules), ...linkProblems(type, next)]
  return { form: Object.keys(next).length === 0 ? null : JSON.stringify(next), problems }
}
