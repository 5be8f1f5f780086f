/**
 * @module Read side of the public collection endpoints (docs/design.md, "The service"):
 * `ingest.help` (GET /api/v3/share/:token?help: Markdown help for the endpoint, counts only
 * for the owner's access token or while reads are open) and `reads.query` (a page of
 * records, `?page&size&spam`: reads `records`, or the owner's access token, within the read
 * places of core/places; `?help`: Markdown help for paging) of the route table (server/contract/api/ingest.ts).
 *
 * `/summary?help` is answered through `summaryHelpResponse`, called by the summary route;
 * `reads.queryHelp` and `reads.summaryHelp` (…/query/help, …/summary/help) answer the same.
 * Pages are streamed as JSON text straight from the stored rows (no parse/stringify), a
 * batch at a time as the client takes them.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../../core/context.ts'
import { OPERATIONS } from '../../contract/api/operations.ts'
import { pathOf } from '../../contract/api/routes.ts'
import { AppError } from '../../contract/errors.ts'
import { helpInput, type HelpInput } from '../../help/live.ts'
import { endpointHelp, queryHelp, summaryHelp } from '../../help/pages.ts'
import { pageStream, readPage, type RecordPage } from '../../core/records/page.ts'
import { fieldsOf } from '../../core/collect/field-cache.ts'
import { strangersBatches, strangersView } from '../../core/files/strangers-view.ts'
import { holdingPlace, takeReadPlace } from '../../core/records/read-place.ts'
import { parsePageQuery } from '../../core/records/schemas.ts'
import { findEndpointByToken, type EndpointRow } from '../../core/share/lookup.ts'
import { readsInFull } from '../../core/share/read-access.ts'
import { connectionOf } from '../connection.ts'
import { shareCors } from './cors.ts'
import { readerToken, requestClient, resolveEndpoint } from './resolve.ts'

const MARKDOWN = 'text/markdown; charset=utf-8'
const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * The published endpoint of `token` for a help page, or the same 404 as every share route.
 * Help is served whatever the switches say (it reports them), and is not rate limited.
 */
export async function endpointForHelp(ctx: AppContext, token: string): Promise<EndpointRow> {
  const endpoint = await findEndpointByToken(ctx, token)
  if (endpoint?.published) return endpoint
  // Unknown or unpublished: the shared resolver throws the 404 every share route answers
  // (switch and rate-limit checks come after that, so they are never reached here).
  try {
    await resolveEndpoint(ctx, token, 'query')
  } catch (error) {
    if (error instanceof AppError && error.type === 'not_found') throw error
  }
  // Only if the resolver's cache still thought the endpoint published.
  throw new AppError('not_found', 'No published form has this address')
}

/** A page as its reader may read it: the owner as stored, a stranger with file answers shown by name, size and type. */
async function pageFor(ctx: AppContext, appId: string, owner: boolean, page: RecordPage): Promise<RecordPage> {
  const view = owner ? null : strangersView(await fieldsOf(ctx, appId))
  return view ? { ...page, batches: strangersBatches(page.batches, view) } : page
}

export const hasHelp = (query: Record<string, unknown>) => Object.hasOwn(query, 'help')

/** A Markdown response; `headers` carries what hooks (CORS, request id) already set. */
export function markdown(text: string, headers: Record<string, string | number>): Response {
  const response = new Response(text, { headers: headers as Record<string, string> })
  response.headers.set('content-type', MARKDOWN)
  return response
}

/**
 * What a help page of `token` says, for the reader of `request`: counts only for the
 * owner's access token or while reads are open (server/help/live.ts).
 */
export async function helpFor(ctx: AppContext, token: string, request: Request): Promise<HelpInput> {
  const endpoint = await endpointForHelp(ctx, token)
  return helpInput(ctx, endpoint, token, await readsInFull(ctx, endpoint, readerToken(request)))
}

/** The Markdown of GET /<token>/summary?help (help answers whatever `reads` says). */
export async function summaryHelpResponse(
  ctx: AppContext,
  token: string,
  request: Request,
  headers: Record<string, string | number> = {},
): Promise<Response> {
  return markdown(summaryHelp(await helpFor(ctx, token, request)), headers)
}

/**
 * `Allow` of the share URLs that take records (the endpoint, /form, /batch), for the 405 of
 * a GET without ?help; every other 405 reads it from the routes (methods.ts), and the
 * methods test checks the two agree. HEAD because Elysia answers it for every GET route.
 */
export const WRITE_PATH_ALLOW = 'GET, HEAD, POST, OPTIONS'

export const shareReadRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/share-read' })
    .use(shareCors())
    .get(pathOf('ingest.help'), async ({ params, query, request, set }) => {
      const endpoint = await endpointForHelp(ctx, params.token)
      if (!hasHelp(query)) {
        const url = `${ctx.config.baseUrl}/api/v3/share/${params.token}`
        set.headers.allow = WRITE_PATH_ALLOW
        throw new AppError(
          'method_not_allowed',
          `POST records to this URL; GET ${url}?help describes it and GET ${url}/query reads records back`,
        )
      }
      return markdown(
        endpointHelp(
          await helpInput(ctx, endpoint, params.token, await readsInFull(ctx, endpoint, readerToken(request))),
        ),
        set.headers,
      )
    })
    .get(
      pathOf('reads.query'),
      async ({ params, query, request, set }) => {
        if (hasHelp(query)) return markdown(queryHelp(await helpFor(ctx, params.token, request)), set.headers)
        const endpoint = await resolveEndpoint(ctx, params.token, 'query', set.headers as Record<string, string>, {
          request,
          bearer: readerToken(request),
        })
        const pageQuery = parsePageQuery(new URL(request.url).searchParams)
        const owner = await readsInFull(ctx, endpoint, readerToken(request))
        const place = takeReadPlace(ctx, { appId: endpoint.appId, client: requestClient(ctx, request), owner })
        const body = await holdingPlace(place, async () =>
          pageStream(ctx, await pageFor(ctx, endpoint.appId, owner, await readPage(ctx, endpoint.appId, pageQuery)), {
            place,
            // The owner's own reads (their token) are waited for; a stranger that takes nothing is cut.
            stallMs: owner ? undefined : ctx.config.readStallMs,
            drop: connectionOf(request)?.drop,
          }),
        )
        const response = new Response(body, { headers: set.headers as Record<string, string> })
        response.headers.set('content-type', JSON_TYPE)
        return response
      },
      { query: OPERATIONS['reads.query'].query },
    )
    // The same Markdown as ?help, at URLs of their own: the document keeps /query and /summary JSON.
    .get(pathOf('reads.queryHelp'), async ({ params, request, set }) =>
      markdown(queryHelp(await helpFor(ctx, params.token, request)), set.headers),
    )
    .get(pathOf('reads.summaryHelp'), ({ params, request, set }) =>
      summaryHelpResponse(ctx, params.token, request, set.headers),
    )
