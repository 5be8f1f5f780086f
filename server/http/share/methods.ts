/**
 * @module What the share URLs answer besides their own routes: help for the write paths,
 * and 405 with `Allow` for a method a URL does not take (instead of a 404 "No route").
 *
 * | Method             | Path                                   | Answer |
 * |--------------------|----------------------------------------|--------|
 * | GET                | /api/v3/share/:token/form?help, /batch?help | Markdown help for that path |
 * | GET                | /api/v3/share/:token/form, /batch      | 405: they take POST |
 * | PUT, PATCH, DELETE | /api/v3/share/:token and /query, /summary, /form, /batch | 405 |
 *
 * Unknown tokens are the 404 every share route answers.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../../context.ts'
import { AppError } from '../../core/errors.ts'
import type { HelpInput } from '../../core/help/live.ts'
import { batchHelp, formHelp } from '../../core/help/write-pages.ts'
import { shareCors, SHARE_PREFIX } from './cors.ts'
import { endpointForHelp, hasHelp, helpFor, markdown } from './read.ts'

interface SharePath {
  suffix: '' | '/query' | '/summary' | '/form' | '/batch'
  allow: string
  /** What to do instead, given the endpoint's URL. */
  hint(url: string): string
  help?: (input: HelpInput) => string
}

const writes = (suffix: '/form' | '/batch', help: (input: HelpInput) => string): SharePath => ({
  suffix,
  allow: 'GET, POST, OPTIONS',
  hint: (url) => `POST to ${url}${suffix}; GET ${url}${suffix}?help describes it`,
  help,
})

const reads = (suffix: '/query' | '/summary'): SharePath => ({
  suffix,
  allow: 'GET, OPTIONS',
  hint: (url) => `${url}${suffix} only reads: use GET (GET ${url}${suffix}?help describes it); records are sent with POST ${url}`,
})

const PATHS: readonly SharePath[] = [
  { suffix: '', allow: 'GET, POST, OPTIONS', hint: (url) => `POST records to ${url}; GET ${url}?help describes it and GET ${url}/query reads records back` },
  reads('/query'),
  reads('/summary'),
  writes('/form', formHelp),
  writes('/batch', batchHelp),
]

const [ENDPOINT, QUERY, SUMMARY, FORM, BATCH] = PATHS
const HIDDEN = { parse: 'none', detail: { hide: true } } as const

export const shareMethodRoutes = (ctx: AppContext) => {
  /** 405 for `path` once the token is known to be a published endpoint's. */
  const notAllowed = async (path: SharePath, token: string, headers: Record<string, string | number>): Promise<never> => {
    await endpointForHelp(ctx, token)
    headers.allow = path.allow
    throw new AppError(405, 'method_not_allowed', path.hint(`${ctx.config.baseUrl}${SHARE_PREFIX}/${token}`))
  }
  /** GET on a write path: its help with ?help, else 405. */
  const writeHelp = async (path: SharePath, token: string, query: Record<string, unknown>, request: Request, headers: Record<string, string | number>): Promise<Response> => {
    if (!hasHelp(query) || !path.help) return notAllowed(path, token, headers)
    return markdown(path.help(await helpFor(ctx, token, request)), headers)
  }
  const helpDetail = (what: string) => ({ parse: 'none' as const, detail: { summary: `Help for POST …${what} (Markdown; add ?help)`, tags: ['share'] } })
  return new Elysia({ name: 'svc/share-methods', prefix: SHARE_PREFIX })
    .use(shareCors())
    .get('/:token/form', ({ params, query, request, set }) => writeHelp(FORM, params.token, query, request, set.headers), helpDetail('/form'))
    .get('/:token/batch', ({ params, query, request, set }) => writeHelp(BATCH, params.token, query, request, set.headers), helpDetail('/batch'))
    .put('/:token', ({ params, set }) => notAllowed(ENDPOINT, params.token, set.headers), HIDDEN)
    .patch('/:token', ({ params, set }) => notAllowed(ENDPOINT, params.token, set.headers), HIDDEN)
    .delete('/:token', ({ params, set }) => notAllowed(ENDPOINT, params.token, set.headers), HIDDEN)
    .put('/:token/query', ({ params, set }) => notAllowed(QUERY, params.token, set.headers), HIDDEN)
    .patch('/:token/query', ({ params, set }) => notAllowed(QUERY, params.token, set.headers), HIDDEN)
    .delete('/:token/query', ({ params, set }) => notAllowed(QUERY, params.token, set.headers), HIDDEN)
    .put('/:token/summary', ({ params, set }) => notAllowed(SUMMARY, params.token, set.headers), HIDDEN)
    .patch('/:token/summary', ({ params, set }) => notAllowed(SUMMARY, params.token, set.headers), HIDDEN)
    .delete('/:token/summary', ({ params, set }) => notAllowed(SUMMARY, params.token, set.headers), HIDDEN)
    .put('/:token/form', ({ params, set }) => notAllowed(FORM, params.token, set.headers), HIDDEN)
    .patch('/:token/form', ({ params, set }) => notAllowed(FORM, params.token, set.headers), HIDDEN)
    .delete('/:token/form', ({ params, set }) => notAllowed(FORM, params.token, set.headers), HIDDEN)
    .put('/:token/batch', ({ params, set }) => notAllowed(BATCH, params.token, set.headers), HIDDEN)
    .patch('/:token/batch', ({ params, set }) => notAllowed(BATCH, params.token, set.headers), HIDDEN)
    .delete('/:token/batch', ({ params, set }) => notAllowed(BATCH, params.token, set.headers), HIDDEN)
}
