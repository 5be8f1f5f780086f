/**
 * @module A field's translated options against its options: one label per option, in the
 * field's order. A field change that leaves a translation with the wrong number of options
 * (options added or removed without sending `translations` that fit) is refused with 422,
 * naming the field and the language; a change to a type without options drops them.
 */
import type { Problem } from '../errors.ts'
import type { FieldTranslations } from './translations.ts'

/** The problems of `translations`' options for field `name` with `options` (null: a type without options). */
export function translationProblems(
  name: string,
  options: readonly string[] | null,
  translations: FieldTranslations,
  cause: 'translations' | 'options',
): Problem[] {
  const problems: Problem[] = []
  for (const [tag, entry] of Object.entries(translations)) {
    if (entry.options === undefined) continue
    if (options === null) {
      problems.push({
        path: `translations.${tag}.options`,
        message: `field ${JSON.stringify(name)}, language ${JSON.stringify(tag)}: the field has no options to translate; leave options out`,
      })
    } else if (entry.options.length !== options.length) {
      problems.push({
        path: cause === 'options' ? 'options' : `translations.${tag}.options`,
        message:
          cause === 'options'
            ? `field ${JSON.stringify(name)}, language ${JSON.stringify(tag)}: its translation lists ${entry.options.length} options and the field would have ${options.length}; send translations.${tag}.options with one label per option in the same change`
            : `field ${JSON.stringify(name)}, language ${JSON.stringify(tag)}: must list ${options.length} options, one per option of the field in its order (it lists ${entry.options.length})`,
      })
    }
  }
  return problems
}

/** `translations` without their options: what a change to a type without options keeps. */
export function withoutOptions(translations: FieldTranslations): FieldTranslations {
  const kept: FieldTranslations = {}
  for (const [tag, { options: _options, ...texts }] of Object.entries(translations))
    if (Object.keys(texts).length > 0) kept[tag] = texts
  return kept
}
