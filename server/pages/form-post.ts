/**
 * @module The pages a browser lands on after posting a form: the hosted thank-you page, and
 * the page that lists what to fix when a post to an endpoint (`/form`) was refused. Both
 * lead back to the very page the form was on, with its answers still typed (way-back.ts).
 */
import { DEFAULT_THEME, type Theme } from '../contract/connect/schemas.ts'
import type { FillInField } from '../core/connect/fill-in.ts'
import { html, type Html } from './html.ts'
import { document } from './layout.ts'
import {
  BACK_TO_THE_FORM,
  FILES_GONE_BACK,
  labelOf,
  labelSeparator,
  moreLine,
  SUBMIT_ANOTHER,
  type RespondentRefusal,
} from './respondent-words.ts'
import { WAY_BACK_SCRIPT, wayBackHtml } from './way-back.ts'

/** How a respondent reached the thank-you page, which decides the way back it offers. */
export type ThanksFrom =
  /** A site's own form posted to the endpoint (the server signed this for the posting browser): back in history, to that page. */
  | { site: true; back: string | null }
  /** The hosted fill-in page, at `fillIn` (or a thank-you link without the server's signature). */
  | { site: false; fillIn: string }

export interface ThanksPage {
  appName: string
  /** The owner's text; '' for the default sentence. */
  message: string
  from: ThanksFrom
  /** The owner offers "Submit another response". */
  submitAnother: boolean
  /** The post asked for a `_redirect` the owner has not allowed, which was therefore not followed (its text is never shown). */
  refusedRedirect: boolean
  theme?: Theme
  /** The language of the page: its built-in words (English when left out) and `<html lang>`. */
  lang?: string
  words?: { thanksTitle: string; thanksDefault: (appName: string) => string; submitAnother: string }
}

/**
 * Where the thank-you page leads: after a site's form, back to it (as "Submit another
 * response" when the owner offers it); after the hosted form, to a new one when offered.
 */
function thanksWay(page: ThanksPage): Html | string {
  if (!page.from.site)
    return page.submitAnother
      ? html`<p><a href="${page.from.fillIn}">${page.words?.submitAnother ?? SUBMIT_ANOTHER}</a></p>`
      : ''
  return wayBackHtml(
    page.submitAnother
      ? {
          label: SUBMIT_ANOTHER,
          sentence: "To send another response, go back to the form with your browser's Back button.",
          back: page.from.back,
        }
      : {
          label: BACK_TO_THE_FORM,
          sentence: "Your browser's Back button takes you back to the form.",
          back: page.from.back,
        },
  )
}

/** What the thank-you page says of a refused `_redirect`: never its address, which a cross-site form chooses. */
export const REFUSED_REDIRECT_NOTE =
  'This form asked to send you on to another address, one its owner has not allowed, so you are seeing this page instead.'

/** The hosted thank-you page. */
export function thanksDocument(page: ThanksPage): string {
  const fallback = page.words?.thanksDefault ?? ((name: string) => `Your answers to “${name}” were saved.`)
  const title = page.words?.thanksTitle ?? 'Thank you'
  const text = page.message === '' ? fallback(page.appName) : page.message
  const paragraphs = text.split(/\n{2,}/).map((paragraph) => html`<p class="pre-line">${paragraph}</p>`)
  const refused = page.refusedRedirect ? html`<p class="note">${REFUSED_REDIRECT_NOTE}</p>` : ''
  return document({
    title,
    lang: page.lang,
    theme: page.theme ?? DEFAULT_THEME,
    body: html`<h1>${title}</h1>${paragraphs}${refused}${thanksWay(page)}`,
    script: page.from.site ? WAY_BACK_SCRIPT : undefined,
  })
}

export interface RefusedPostPage {
  appName: string | null
  /** The refusal in a respondent's words (respondent-words.ts). */
  refusal: RespondentRefusal
  /** The app's fields: a problem about one is named by its label. */
  fields: FillInField[]
  /** The page the browser said the form was on (Referer), when it said. */
  back: string | null
  theme?: Theme
}

/** The page of a refused post: what to fix in a respondent's words, and the way back to fix it. */
export function refusedPostDocument(page: RefusedPostPage): string {
  const { refusal } = page
  const answers = page.fields.flatMap((field) => {
    const message = refusal.fields.get(field.name)
    const label = labelOf(field)
    return message ? [html`<li><strong>${label}</strong>${labelSeparator(label)}${message}</li>`] : []
  })
  // The count of problems past the listed ones ends the list it continues: the answers, else the owner's details.
  const counted = moreLine(refusal)
  const more = counted ? html`<li>${counted}</li>` : ''
  const list =
    answers.length > 0
      ? html`<p>Your answers were not saved. Check these answers and send the form again:</p><ul>${answers}${more}</ul>`
      : ''
  const general = refusal.general.map((sentence) => html`<p>${sentence}</p>`)
  const forOwner =
    refusal.forOwner.length > 0
      ? html`<details><summary>Details for the form's owner</summary><ul>${refusal.forOwner.map((line) => html`<li>${line}</li>`)}${answers.length === 0 ? more : ''}</ul></details>`
      : ''
  // A browser going back may keep the typed answers, but not always the files chosen.
  const files = page.fields.some((field) => field.type === 'file') ? ` ${FILES_GONE_BACK}` : ''
  return document({
    title: page.appName ? `Not sent: ${page.appName}` : 'Not sent',
    theme: page.theme ?? DEFAULT_THEME,
    body: html`<h1>Your answers were not sent</h1>${list}${general}${forOwner}${wayBackHtml({
      label: BACK_TO_THE_FORM,
      sentence: `Your answers are still in the form: go back to it with your browser's Back button.${files}`,
      back: page.back,
    })}`,
    script: WAY_BACK_SCRIPT,
  })
}
