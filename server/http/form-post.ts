/**
 * @module What a browser sees around a form post to an endpoint (`/form`, share/ingest.ts),
 * as opposed to a script: whether a request is the browser's own post (a navigation), the
 * address of the hosted thank-you page it is sent to (signed: the page shows nothing from
 * its URL that this server did not write), and the page that lists what to fix when the
 * post was refused.
 */
import { timingSafeEqual } from 'node:crypto'
import type { AppContext } from '../context.ts'
import { fillInForm } from '../core/connect/fill-in.ts'
import type { AppError, Problem } from '../core/errors.ts'
import { pageHeaders } from '../pages/layout.ts'
import { refusedPostDocument } from '../pages/form-post.ts'

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
const refererOf = (request: Request): string | null => request.headers.get('referer')

/** The MAC that shows the thank-you page's `back` and `redirect` for `token` were chosen by this server. */
const thanksMac = (ctx: AppContext, token: string, back: string | null, redirect: string | null): string =>
  ctx.sealer.mac(JSON.stringify(['svc thank-you page v1', token, back, redirect]))

/**
 * The hosted thank-you page of `token`, with the way back and a refused `_redirect` to
 * report, signed (`sig`) so that the page shows them only when this server wrote the link.
 */
export function thanksPath(ctx: AppContext, token: string, request: Request, refused: string | null): string {
  const query = new URLSearchParams()
  const back = refererOf(request)
  if (back) query.set('back', back)
  if (refused) query.set('redirect', refused)
  if (back || refused) query.set('sig', thanksMac(ctx, token, back, refused))
  const search = query.toString()
  return `/f/${encodeURIComponent(token)}/thanks${search ? `?${search}` : ''}`
}

/**
 * What the thank-you page of `token` may show from its URL: `back` and `redirect` when `sig`
 * proves this server wrote them (thanksPath), otherwise nothing, so a link crafted by
 * anyone else cannot put its text or links on the owner's page.
 */
export function signedThanksQuery(ctx: AppContext, token: string, query: Record<string, unknown>): { back: string | null; redirect: string | null } {
  const text = (name: string) => (typeof query[name] === 'string' && query[name] !== '' ? (query[name] as string) : null)
  const back = text('back')
  const redirect = text('redirect')
  const sig = text('sig')
  if ((!back && !redirect) || !sig) return { back: null, redirect: null }
  const expected = Buffer.from(thanksMac(ctx, token, back, redirect))
  const given = Buffer.from(sig)
  return given.length === expected.length && timingSafeEqual(given, expected) ? { back, redirect } : { back: null, redirect: null }
}

/** The HTML answer to a refused browser post: the error's status, every problem in words, a way back. */
export async function refusedPostPage(ctx: AppContext, appId: string | null, error: AppError, request: Request, headers: Record<string, string>): Promise<Response> {
  const form = appId && error.status !== 404 ? await fillInForm(ctx, appId).catch(() => null) : null
  const details = error.details as { problems?: Problem[]; total?: number } | undefined
  const problems = Array.isArray(details?.problems) ? details.problems : []
  const body = refusedPostDocument({
    appName: form?.appName ?? null,
    status: error.status,
    message: error.message,
    problems,
    more: typeof details?.total === 'number' ? details.total - problems.length : 0,
    fields: form?.fields ?? [],
    back: refererOf(request),
    theme: form?.theme,
  })
  const page = pageHeaders(error.status)
  return new Response(body, { ...page, headers: { ...headers, ...(page.headers as Record<string, string>) } })
}
