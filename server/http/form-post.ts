/**
 * @module What a browser sees around a form post to an endpoint (`/form`, share/ingest.ts),
 * as opposed to a script: whether a request is the browser's own post (a navigation), the
 * address of the hosted thank-you page it is sent to, and the page that lists what to fix
 * when the post was refused.
 */
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

/** The hosted thank-you page of `token`, with the way back and a refused `_redirect` to report. */
export function thanksPath(token: string, request: Request, refused: string | null): string {
  const query = new URLSearchParams()
  const back = refererOf(request)
  if (back) query.set('back', back)
  if (refused) query.set('redirect', refused)
  const search = query.toString()
  return `/f/${encodeURIComponent(token)}/thanks${search ? `?${search}` : ''}`
}

/** The HTML answer to a refused browser post: the error's status, every problem in words, a way back. */
export async function refusedPostPage(ctx: AppContext, appId: string | null, error: AppError, request: Request, headers: Record<string, string>): Promise<Response> {
  const form = appId && error.status !== 404 ? await fillInForm(ctx, appId).catch(() => null) : null
  const problems = (error.details as { problems?: Problem[] } | undefined)?.problems
  const body = refusedPostDocument({
    appName: form?.appName ?? null,
    status: error.status,
    message: error.message,
    problems: Array.isArray(problems) ? problems : [],
    fields: form?.fields ?? [],
    back: refererOf(request),
    theme: form?.theme,
  })
  const page = pageHeaders(error.status)
  return new Response(body, { ...page, headers: { ...headers, ...(page.headers as Record<string, string>) } })
}
