/**
 * @module A field's stored `form` column (contract/fields/form.ts): read as the field's
 * top-level keys, and changed by a field add or update. Text set to '' or null, a flag set
 * to false or null, and `rules: null` remove their key; rules merge key by key (a rule sent
 * as null is removed), translations language by language. Rules that no longer fit after a change of type are dropped, as a
 * change of type drops options; rules sent that do not fit are refused (rule-problems.ts).
 */
import type { Problem } from '../../contract/errors.ts'
import { FORM_KEYS, type FieldForm, type FormPatch } from '../../contract/fields/form.ts'
import { ruleProblems } from '../../contract/fields/rule-problems.ts'
import { RULE_KEYS, RULE_TYPES, type FieldRules } from '../../contract/fields/rules.ts'
import type { FieldType } from '../../contract/fields/types/index.ts'
import type { ShowIf } from '../../contract/fields/show-if.ts'
import { translationsAfter, type FieldTranslations } from '../../contract/fields/translations.ts'
import { translationProblems, withoutOptions } from '../../contract/fields/translation-check.ts'

/** Reads the stored `form` column (JSON text or null) as the field's form keys; {} when none. */
export function storedForm(form: string | null): FieldForm {
  return form === null ? {} : (JSON.parse(form) as FieldForm)
}

/** What the ingest checks read of a stored `form`: the rules, whether the field is hidden, its condition, its page and its translations' languages (keys left out when unset). */
export function formChecks(form: string | null): {
  rules?: FieldRules
  hidden?: true
  showIf?: ShowIf
  page?: number
  languages?: string[]
} {
  const { rules, hidden, showIf, page, translations } = storedForm(form)
  return {
    ...(rules ? { rules } : {}),
    ...(hidden ? { hidden } : {}),
    ...(showIf ? { showIf } : {}),
    ...(page === undefined ? {} : { page }),
    ...(translations ? { languages: Object.keys(translations) } : {}),
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

/** The field a form change belongs to: its name and the options it ends up with (null for a type without). */
export interface FormOwner {
  name: string
  options: readonly string[] | null
}

/**
 * The translations after `patch`, checked against the field's options: a translation whose
 * options do not fit is refused, naming the field and the language (translation-check.ts);
 * a type without options drops translated ones, as it drops the options.
 */
function translationsFit(
  owner: FormOwner,
  before: FieldTranslations | undefined,
  patch: FormPatch['translations'],
): { translations: FieldTranslations; problems: Problem[] } {
  const after = patch === undefined ? { ...before } : translationsAfter(before, patch)
  if (owner.options === null && patch === undefined) return { translations: withoutOptions(after), problems: [] }
  const cause = patch === undefined ? 'options' : 'translations'
  return { translations: after, problems: translationProblems(owner.name, owner.options, after, cause) }
}

/**
 * The stored `form` of a field of `type` after `patch` on its stored `form` (null for a new
 * field): JSON text, or null when no key is set; and the problems with what was sent.
 */
export function formAfter(
  type: FieldType,
  stored: string | null,
  patch: FormPatch,
  owner: FormOwner,
): { form: string | null; problems: Problem[] } {
  const before = storedForm(stored)
  const next: Record<string, unknown> = { ...before }
  for (const key of FORM_KEYS) {
    const value = patch[key]
    if (value === undefined || key === 'rules' || key === 'translations') continue
    if (value === null || value === '' || value === false) delete next[key]
    else next[key] = value
  }
  const rules = rulesAfter(type, before.rules, patch.rules)
  if (Object.keys(rules).length > 0) next.rules = rules
  else delete next.rules
  const translations = translationsFit(owner, before.translations, patch.translations)
  if (Object.keys(translations.translations).length > 0) next.translations = translations.translations
  else delete next.translations
  const problems = [
    ...ruleProblems(type, patch.rules ?? {}, rules),
    ...linkProblems(type, next),
    ...translations.problems,
  ]
  return { form: Object.keys(next).length === 0 ? null : JSON.stringify(next), problems }
}
