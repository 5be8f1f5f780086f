/**
 * @module The pages of a fill-in form (a field's `page`, contract/fields/page-check.ts): the
 * questions of each page in a section of their own, which fill-in.client.js shows one at a
 * time with Next and Back, each page checked before the next, and a progress bar. Without
 * JavaScript the sections are one long page. A form without pages is its questions as they are.
 */
import type { FillInField } from '../core/connect/fill-in.ts'
import { pagesOf } from '../contract/fields/page-check.ts'
import { html, type Html } from './html.ts'

/** The questions of `asked` (drawn by `draw`, with their index), in a section per page when `fields` (all, hidden ones too) have pages. */
export function questionsHtml(
  fields: readonly FillInField[],
  asked: readonly FillInField[],
  draw: (field: FillInField, index: number) => Html,
): Html {
  const drawn = asked.map(draw)
  if (!fields.some((field) => field.page !== undefined)) return html`${drawn}`
  const pages = pagesOf(fields)
  const pageOf = new Map(fields.map((field, i) => [field.name, pages[i]]))
  const sections: Html[][] = []
  let last: number | null = null
  asked.forEach((field, i) => {
    const page = pageOf.get(field.name)!
    if (page !== last) sections.push([])
    last = page
    sections.at(-1)!.push(drawn[i])
  })
  return html`${sections.map((questions, k) => html`<section class="page" data-page="${String(k + 1)}">\n${questions}\n</section>\n`)}`
}
