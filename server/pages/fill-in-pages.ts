/**
 * @module The pages of a fill-in form (a field's `page`, contract/fields/page-check.ts, and the
 * app's page layout, contract/share/pages.ts): the questions of each page in a section of their
 * own, headed by the page's title, which fill-in.client.js shows one at a time with Next and
 * Back, each page checked before the next, and a progress bar ("Page 2 of 3: Details").
 * Without JavaScript the sections are one long page, their titles its section headings. A
 * form without pages is its questions as they are.
 */
import type { FillInField } from '../core/connect/fill-in.ts'
import { pagesOf } from '../contract/fields/page-check.ts'
import type { PageLayout } from '../contract/share/pages.ts'
import { html, type Html } from './html.ts'

/** One page's section: its title as a heading (and `data-title` for the progress), then its questions. */
function sectionHtml(page: number, title: string, questions: Html[]): Html {
  if (!title) return html`<section class="page" data-page="${String(page)}">\n${questions}\n</section>\n`
  const id = `page-${page}-title`
  return html`<section class="page" data-page="${String(page)}" data-title="${title}" aria-labelledby="${id}">\n<h2 class="page-title" id="${id}">${title}</h2>\n${questions}\n</section>\n`
}

/** The questions of `asked` (drawn by `draw`, with their index), in a section per page when `fields` (all, hidden ones too) have pages or `layout` titles them. */
export function questionsHtml(
  fields: readonly FillInField[],
  asked: readonly FillInField[],
  draw: (field: FillInField, index: number) => Html,
  layout: readonly PageLayout[] = [],
): Html {
  const drawn = asked.map(draw)
  const titled = layout.some((page) => page.title !== '')
  if (!titled && !fields.some((field) => field.page !== undefined)) return html`${drawn}`
  const pages = pagesOf(fields)
  const pageOf = new Map(fields.map((field, i) => [field.name, pages[i]]))
  const sections: { page: number; questions: Html[] }[] = []
  asked.forEach((field, i) => {
    const page = pageOf.get(field.name)!
    if (sections.at(-1)?.page !== page) sections.push({ page, questions: [] })
    sections.at(-1)!.questions.push(drawn[i])
  })
  return html`${sections.map(({ page, questions }) => sectionHtml(page, layout[page - 1]?.title ?? '', questions))}`
}
