/**
 * @module What the share URLs answer besides their own routes: help for the write paths
 * (`ingest.formHelp`, `ingest.batchHelp`: GET …/form?help, …/batch?help; without ?help a
 * 405, as they take POST), and the words of their 405 (methods.ts answers it, with `Allow`
 * from the routes).
 *
 * Any other method a share URL does not take is a 405 that says what to do at this
 * endpoint's URL (`shareMethodHint`); unknown tokens are the 404 every share route answers.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../../core/context.ts'
import { pathOf } from '../../contract/api/routes.ts'
import { AppError } from '../../contract/errors.ts'
import type { HelpInput } from '../../help/live.ts'
import { batchHelp, formHelp } from '../../help/write-pages.ts'
import type { MethodHint } from '../methods.ts'
import { shareCors, SHARE_PREFIX } from './cors.ts'
import { endpointForHelp, hasHelp, helpFor, markdown, WRITE_PATH_ALLOW } from './read.ts'

interface SharePath {
  suffix: '' | '/query' | '/summary' | '/stream' | '/form' | '/batch'
  /** What to do instead, given the endpoint's URL. */
  hint(url: string): string
  help?: (input: HelpInput) => string
}

const writes = (suffix: '/form' | '/batch', help: (input: HelpInput) => string): SharePath => ({
  suffix,
  hint: (url) => `POST to ${url}${suffix}; GET ${url}${suffix}?help describes it`,
  help,
})

const reads = (suffix: '/query' | '/summary' | '/stream'): SharePath => ({
  suffix,
  hint: (url) =>
    `${url}${suffix} only reads: use GET (GET ${url}${suffix}?help describes it); records are sent with POST ${url}`,
})

const FORM = writes('/form', formHelp)
const BATCH = writes('/batch', batchHelp)
const PATHS: readonly SharePath[] = [
  {
    suffix: '',
    hint: (url) => `POST records to ${url}; GET ${url}?help describes it and GET ${url}/query reads records back`,
  },
  reads('/query'),
  reads('/summary'),
  reads('/stream'),
  FORM,
  BATCH,
]
const endpointUrl = (ctx: AppContext, token: string) => `${ctx.config.baseUrl}${SHARE_PREFIX}/${token}`

/** The words of a share URL's 405: what to do at this endpoint's URL, once its token is known to be published. */
export const shareMethodHint = (ctx: AppContext): MethodHint => ({
  prefix: SHARE_PREFIX,
  async message(pathname) {
    const [token, ...rest] = pathname.slice(SHARE_PREFIX.length + 1).split('/')
    const path = PATHS.find((p) => p.suffix === (rest.length ? `/${rest.join('/')}` : ''))
    if (!path) return undefined
    const decoded = safeDecode(token)
    await endpointForHelp(ctx, decoded)
    return path.hint(endpointUrl(ctx, decoded))
  },
})

/** A path segment as Elysia hands it to a route's params (an undecodable one stays as sent). */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

export const shareMethodRoutes = (ctx: AppContext) => {
  /** 405 for GET on a write path once the token is known to be a published endpoint's. */
  const notAllowed = async (
    path: SharePath,
    token: string,
    headers: Record<string, string | number>,
  ): Promise<never> => {
    await endpointForHelp(ctx, token)
    headers.allow = WRITE_PATH_ALLOW
    throw new AppError('method_not_allowed', path.hint(endpointUrl(ctx, token)))
  }
  /** GET on a write path: its help with ?help, else 405. */
  const writeHelp = async (
    path: SharePath,
    token: string,
    query: Record<string, unknown>,
    request: Request,
    headers: Record<string, string | number>,
  ): Promise<Response> => {
    if (!hasHelp(query) || !path.help) return notAllowed(path, token, headers)
    return markdown(path.help(await helpFor(ctx, token, request)), headers)
  }
  return new Elysia({ name: 'svc/share-methods' })
    .use(shareCors())
    .get(
      pathOf('ingest.formHelp'),
      ({ params, query, request, set }) => writeHelp(FORM, params.token, query, request, set.headers),
      { parse: 'none' },
    )
    .get(
      pathOf('ingest.batchHelp'),
      ({ params, query, request, set }) => writeHelp(BATCH, params.token, query, request, set.headers),
      { parse: 'none' },
    )
}
