/**
 * @module The pages a browser lands on after posting a form to an endpoint (`/form`): the
 * hosted thank-you page, and the page that lists what to fix when the post was refused.
 * Both offer a way back to the form when the browser said where it was (Referer).
 */
import { DEFAULT_THEME, type Theme } from '../contract/connect/schemas.ts'
import type { FillInField } from '../core/connect/fill-in.ts'
import { html, type Html } from './html.ts'
import { document } from './layout.ts'
import { labelOf, moreText, type RespondentRefusal } from './respondent-words.ts'

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
  /** The refusal in a respondent's words (respondent-words.ts). */
  refusal: RespondentRefusal
  /** The app's fields: a problem about one is named by its label. */
  fields: FillInField[]
  back: string | null
  theme?: Theme
}

/** The page of a refused post: what to fix in a respondent's words, and the way back to fix it. */
export function refusedPostDocument(page: RefusedPostPage): string {
  const { refusal } = page
  const answers = page.fields.flatMap((field) => {
    const message = refusal.fields.get(field.name)
    return message ? [html`<li><strong>${labelOf(field)}</strong>: ${message}</li>`] : []
  })
  const more = refusal.more > 0 ? html`<li>${moreText(refusal.more)}</li>` : ''
  const list =
    answers.length > 0
      ? html`<p>Your answers were not saved. Check these answers and send the form again:</p><ul>${answers}${more}</ul>`
      : ''
  const general = refusal.general.map((sentence) => html`<p>${sentence}</p>`)
  const forOwner =
    refusal.forOwner.length > 0
      ? html`<details><summary>Details for the form's owner</summary><ul>${refusal.forOwner.map((line) => html`<li>${line}</li>`)}</ul></details>`
      : ''
  return document({
    title: page.appName ? `Not sent: ${page.appName}` : 'Not sent',
    theme: page.theme ?? DEFAULT_THEME,
    body: html`<h1>Your answers were not sent</h1>${list}${general}${forOwner}${backLink(page.back, 'Back to the form')}`,
  })
}
