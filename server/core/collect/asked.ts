/**
 * @module Conditional questions at ingest: which of the app's fields the respondent was asked,
 * by the same evaluator the fill-in page runs (contract/fields/show-if-eval.ts). Answers to
 * questions the rules hide are dropped before anything is checked, so the record says what
 * the respondent was asked, and a required question is required only when asked.
 */
import { pagesOf } from '../../contract/fields/page-check.ts'
import type { ShowIf } from '../../contract/fields/show-if.ts'
import { shownFields } from '../../contract/fields/show-if-eval.ts'
import type { FieldMap } from './field-cache-types.ts'
import type { DataObject } from './shape.ts'

const NONE: ReadonlySet<string> = new Set()

/**
 * Takes the answers to the questions not asked out of `data`; the names of those questions.
 * `pageConditions` are the conditions of the form's pages (page i+1 at i, contract/share/pages.ts):
 * a page whose condition fails asks none of its questions.
 */
export function dropUnasked(
  fields: FieldMap,
  data: DataObject,
  pageConditions: readonly (ShowIf | null)[] = [],
): ReadonlySet<string> {
  const all = [...fields.values()]
  const paged = pageConditions.some((condition) => condition !== null)
  if (!paged && !all.some((field) => field.showIf)) return NONE
  // A proposed field is on no page: the pages are those of the fields on the form.
  const onForm = all.filter((field) => !field.proposed)
  const pages = paged ? pagesOf(onForm) : []
  const pageIfOf = new Map(onForm.map((field, i) => [field.name, pageConditions[pages[i] - 1] ?? null]))
  const shown = shownFields(
    all.map((field) => ({ name: field.name, showIf: field.showIf, pageIf: pageIfOf.get(field.name) ?? null })),
    data,
  )
  const unasked = new Set(all.filter((field) => !shown.has(field.name)).map((field) => field.name))
  for (const name of unasked) delete data[name]
  return unasked
}
