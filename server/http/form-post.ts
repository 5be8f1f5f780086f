/**
 * @module What a browser sees around a form post to an endpoint (`/form`, share/ingest.ts),
 * as opposed to a script: whether a request is the browser's own post (a navigation), the
 * address of the hosted thank-you page it is sent to (signed, and tied to the posting
 * browser by a cookie: the page shows nothing from its URL that this server did not write
 * for that browser), and the page that lists what to fix when the post was refused.
 */
import { timingSafeEqual } from 'node:crypto'
import type { AppContext } from '../core/context.ts'
import { fillInForm } from '../core/connect/fill-in.ts'
import type { AppError } from '../contract/errors.ts'
import { randomToken } from '../core/ids.ts'
import { pageHeaders } from '../pages/layout.ts'
import { refusedPostDocument } from '../pages/form-post.ts'
import { respondentRefusal } from '../pages/respondent-words.ts'
import type { IngestCall } from '../core/collect/ingest.ts'
import { findEndpointByToken } from '../core/share/lookup.ts'
import { readCookie } from './auth-guard.ts'
import type { ShareTranslations } from '../contract/share/languages.ts'

/**
 * True for a form the browser posts itself (it will show the answer as a page): Sec-Fetch-Mode
 * `navigate`, or, from a browser that sends no Sec-Fetch-Mode, an Accept that asks for HTML.
 * fetch() from a page says `cors` or `no-cors`; curl and scripts ask for no HTML.
 */
export function isNavigation(request: Request): boolean {
  const mode = request.headers.get('sec-fetch-mode')
  if (mode !== null) return mode === 'navigate'
  return (request.headers.get('accept') ?? '').includes('text/html')
}

/** The page the browser came from, when it said (Referer); pages on file:// and private modes send none. */
const refererOf = (request: Request): string | null => request.headers.get('referer') || null

/**
 * The cookie that ties a signed thank-you link to the browser that posted the form: anyone
 * can post a form with a `_redirect` of their choosing and get a signed link back, but a
 * link passed on to someone else arrives without the cookie and shows the plain page.
 */
const THANKS_COOKIE = 'svc_thanks'
const THANKS_COOKIE_SECONDS = 600

const thanksPathOf = (token: string) => `/f/${encodeURIComponent(token)}/thanks`

/**
 * The MAC that shows this server sent the browser holding `nonce` to the thank-you page of
 * `token` from a form post to the endpoint, with `back` (the page it was on) and `redirect`
 * (a refused `_redirect`).
 */
const thanksMac = (
  ctx: AppContext,
  token: string,
  back: string | null,
  redirect: string | null,
  nonce: string,
): string => ctx.sealer.mac(JSON.stringify(['svc thank-you page v3', token, back, redirect, nonce]))

/**
 * The 303 to the hosted thank-you page of `token` after a browser's own post to the
 * endpoint: signed (`sig`) for this browser alone (a short-lived cookie holds the nonce the
 * signature covers), saying that the form was on a page of its own (a site's, or a file)
 * to go back to, which it was (`back`, when the browser said), and a refused `_redirect`.
 */
export function thanksRedirect(ctx: AppContext, token: string, request: Request, refused: boolean): Response {
  const path = thanksPathOf(token)
  const back = refererOf(request)
  const nonce = randomToken(16)
  const query = new URLSearchParams()
  if (back) query.set('back', back)
  // Only that a `_redirect` was refused, never its text: a cross-site form chooses it (the record keeps it for the owner).
  if (refused) query.set('redirect', 'refused')
  query.set('sig', thanksMac(ctx, token, back, refused ? 'refused' : null, nonce))
  const secure = ctx.config.baseUrl.startsWith('https:') ? '; Secure' : ''
  return new Response(null, {
    status: 303,
    headers: {
      location: `${path}?${query}`,
      // Lax: the browser sends it on the redirect it follows, also after a post from another site or a file:// page.
      'set-cookie': `${THANKS_COOKIE}=${nonce}; HttpOnly; SameSite=Lax; Path=${path}; Max-Age=${THANKS_COOKIE_SECONDS}${secure}`,
    },
  })
}

/** What the thank-you page may take from its URL: nothing, or what this server signed for this browser. */
export type SignedThanks = { site: false } | { site: true; back: string | null; redirectRefused: boolean }

/**
 * What the thank-you page of `token` may take from its URL: that a site's form led there,
 * with `back` and `redirect`, when `sig` proves this server wrote them for the browser that
 * sends the matching cookie (thanksRedirect); otherwise nothing, so a link crafted, or
 * obtained and passed on, by anyone else cannot put its text or links on the owner's page.
 */
export function signedThanksQuery(
  ctx: AppContext,
  token: string,
  query: Record<string, unknown>,
  request: Request,
): SignedThanks {
  const text = (name: string) =>
    typeof query[name] === 'string' && query[name] !== '' ? (query[name] as string) : null
  const back = text('back')
  const redirect = text('redirect')
  const sig = text('sig')
  const nonce = readCookie(request.headers.get('cookie'), THANKS_COOKIE)
  if (!sig || !nonce) return { site: false }
  const expected = Buffer.from(thanksMac(ctx, token, back, redirect, nonce))
  const given = Buffer.from(sig)
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { site: true, back, redirectRefused: redirect === 'refused' }
    : { site: false }
}

/**
 * The endpoint a refused post was sent to, so its page can be in the app's style with its
 * questions: the one ingest resolved, else the token's (a rate limit or closed writes refuse
 * before ingest hands it over); null for a form that is not found.
 */
export async function refusedEndpoint(
  ctx: AppContext,
  call: IngestCall<Request>,
  error: AppError,
): Promise<{
  appId: string
  honeypot: string
  submitAnother: boolean
  closedMessage: string
  language: string
  translations: string | ShareTranslations
} | null> {
  if (error.type === 'not_found') return null
  return call.endpoint ?? (await findEndpointByToken(ctx, call.token)) ?? null
}

/**
 * The HTML answer to a refused browser post: the error's status, every problem in words, a
 * way back; a closed form's (403 `closed`) says the owner's closed text when there is one.
 */
export async function refusedPostPage(
  ctx: AppContext,
  endpoint: { appId: string; closedMessage: string } | null,
  error: AppError,
  request: Request,
  headers: Record<string, string>,
): Promise<Response> {
  const form = endpoint ? await fillInForm(ctx, endpoint.appId).catch(() => null) : null
  const fields = form?.fields ?? []
  const refusal = respondentRefusal(error, fields)
  if (error.type === 'closed' && endpoint?.closedMessage) refusal.general = [endpoint.closedMessage]
  const body = refusedPostDocument({
    appName: form?.appName ?? null,
    refusal,
    fields,
    back: refererOf(request),
    theme: form?.theme,
  })
  const page = pageHeaders(error.status)
  return new Response(body, { ...page, headers: { ...headers, ...(page.headers as Record<string, string>) } })
}
