/**
 * @module Pages of a form (a field's `page`, form.ts): a field without one is on the page of
 * the field before it (the first page at the start), and pages run in order, so a field's
 * page is never lower than the page of the field before it. Checked when a field is saved or
 * moved and when the fields are reordered; pure, like the conditions' checks.
 */
import type { Problem } from '../errors.ts'

/** What the page checks and the fill-in page read of a field. */
export interface PagedField {
  name: string
  page?: number
}

/** The page each field is on, in form order. */
export function pagesOf(fields: readonly PagedField[]): number[] {
  let page = 1
  return fields.map((field) => {
    page = field.page ?? page
    return page
  })
}

/** The problem of the field at `at` among `fields` (form order, as after the change), path `page`; null when its page is in order. */
export function pageProblem(fields: readonly PagedField[], at: number): Problem | null {
  const own = fields[at].page
  if (own === undefined || at === 0) return null
  const before = pagesOf(fields)[at - 1]
  return own >= before
    ? null
    : {
        path: 'page',
        message: `cannot be ${own}: ${JSON.stringify(fields[at - 1].name)} before it is on page ${before}, and pages run in order; use page ${before} or more, or move the field`,
      }
}
