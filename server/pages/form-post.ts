/**
 * @module The pages a browser lands on after posting a form to an endpoint (`/form`): the
 * hosted thank-you page, and the page that lists what to fix when the post was refused.
 * Both offer a way back to the form when the browser said where it was (Referer).
 */
import { DEFAULT_THEME, type Theme } from '../contract/connect/schemas.ts'
import type { FillInField } from '../core/connect/fill-in.ts'
import type { Problem } from '../contract/errors.ts'
import { html, type Html } from './html.ts'
import { document } from './layout.ts'
import { labelOf, respondentMessage } from './respondent-words.ts'

/** A link back to the page the form was on; nothing unless `back` is an http(s) URL. */
function backLink(back: string | null, text: string): Html | string {
  if (!back || !URL.canParse(back)) return ''
  const url = new URL(back)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return ''
  return html`<p><a href="${url.href}">${text} (${url.host})</a></p>`
}

export interface ThanksPage {
  appName: string
  /** The owner's text; '' for the default sentence. */
  message: string
  back: string | null
  /** A `_redirect` the owner has not allowed, which was therefore not followed. */
  refusedRedirect: string | null
  theme?: Theme
}

/** The hosted thank-you page. */
export function thanksDocument(page: ThanksPage): string {
  const text = page.message === '' ? `Your answers to “${page.appName}” were saved.` : page.message
  const paragraphs = text.split(/\n{2,}/).map((paragraph) => html`<p class="pre-line">${paragraph}</p>`)
  const refused = page.refusedRedirect
    ? html`<p class="note">This form asked to send you on to ${page.refusedRedirect}, an address its owner has not allowed, so you are seeing this page instead.</p>`
    : ''
  return document({
    title: 'Thank you',
    theme: page.theme ?? DEFAULT_THEME,
    body: html`<h1>Thank you</h1>${paragraphs}${refused}${backLink(page.back, 'Back to the form')}`,
  })
}

export interface RefusedPostPage {
  appName: string | null
  status: number
  message: string
  problems: Problem[]
  /** Problems beyond the listed ones (an error answer lists the first few and counts the rest). */
  more?: number
  /** The app's fields: a problem about one is named by its label, in a respondent's words. */
  fields: FillInField[]
  back: string | null
  theme?: Theme
}

/** The page of a refused post: every problem in words, and the way back to fix them. */
export function refusedPostDocument(page: RefusedPostPage): string {
  const list =
    page.problems.length > 0
      ? html`<ul>${page.problems.map((problem) => {
          const field = page.fields.find((candidate) => candidate.name === problem.path)
          const name = field ? labelOf(field) : problem.path
          return html`<li>${name ? html`<strong>${name}</strong>: ` : ''}${field ? respondentMessage(field, problem.message) : problem.message}</li>`
        })}${page.more ? html`<li>and ${String(page.more)} more</li>` : ''}</ul>`
      : html`<p>${page.message}</p>`
  const intro =
    page.problems.length > 0
      ? html`<p>Your answers were not saved. Please fix the following and send the form again:</p>`
      : ''
  return document({
    title: page.appName ? `Not sent: ${page.appName}` : 'Not sent',
    theme: page.theme ?? DEFAULT_THEME,
    body: html`<h1>Your answers were not sent</h1>${intro}${list}${backLink(page.back, 'Back to the form')}`,
  })
}
