/**
 * @module The way back from a page a form post led to (a refusal, a thank-you) to the very
 * page the form was on, with what the respondent typed still in it. Only the browser's
 * history has that page with its answers: a link to the Referer would load it empty, and
 * across origins the Referer is only the site's address (file:// pages send none). So the
 * page script (assets/way-back.client.js, served by this server under the pages' CSP: no
 * inline script) turns the block into a button that goes back in history; without
 * JavaScript the block says to use the browser's Back button and links to the site when
 * the browser named it.
 */
import { html, type Html } from './html.ts'

export const WAY_BACK_SCRIPT = '/f/assets/way-back.js'

export interface WayBack {
  /** The button's text (the way back with JavaScript). */
  label: string
  /** What to do without JavaScript. */
  sentence: string
  /** The page the browser said the form was on (Referer), when it said; only an http(s) URL is linked. */
  back: string | null
}

/** A link to the site the form was on; nothing unless `back` is an http(s) URL. */
function siteLink(back: string | null): Html | string {
  if (!back || !URL.canParse(back)) return ''
  const url = new URL(back)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return ''
  return html`<p><a href="${url.href}">Go to ${url.host}</a></p>`
}

/** The way-back block (the page must load WAY_BACK_SCRIPT). */
export const wayBackHtml = (way: WayBack): Html =>
  html`<div class="way-back" data-way-back="${way.label}"><p>${way.sentence}</p>${siteLink(way.back)}</div>`
