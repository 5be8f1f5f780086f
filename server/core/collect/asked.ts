/**
 * @module Conditional questions at ingest: which of the app's fields the respondent was asked,
 * by the same evaluator the fill-in page runs (contract/fields/show-if-eval.ts). Answers to
 * questions the rules hide are dropped before anything is checked, so the record says what
 * the respondent was asked, and a required question is required only when asked.
 */
import { shownFields } from '../../contract/fields/show-if-eval.ts'
import type { FieldMap } from './field-cache-types.ts'
import type { DataObject } from './shape.ts'

const NONE: ReadonlySet<string> = new Set()

/** Takes the answers to the questions not asked out of `data`; the names of those questions. */
export function dropUnasked(fields: FieldMap, data: DataObject): ReadonlySet<string> {
  const all = [...fields.values()]
  if (!all.some((field) => field.showIf)) return NONE
  const shown = shownFields(all, data)
  const unasked = new Set(all.filter((field) => !shown.has(field.name)).map((field) => field.name))
  for (const name of unasked) delete data[name]
  return unasked
}
