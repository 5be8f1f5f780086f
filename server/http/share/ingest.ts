/**
 * @module The write side of the public collection endpoints (docs/design.md, "The service"):
 * `ingest.post` (one JSON record, or text/plain JSON), `ingest.form` (urlencoded or
 * multipart text parts; a browser's own post gets pages) and `ingest.batch` (a JSON array of
 * ≤ LIMITS.maxBatch records) of the route table (server/contract/api/ingest.ts).
 *
 * Each route calls the one ingest use case (core/collect/ingest.ts) once, which resolves
 * the endpoint, charges its rate limits, checks and stores the submission with its
 * `Idempotency-Key` (core/collect/idempotency.ts: a retry gets the first answer's ids). What
 * stays here is HTTP: bodies are read here (`parse: 'none'`), never by Elysia's parser, so
 * unknown media types are a 415 and form values are never JSON-parsed; the rate-limit
 * headers, CORS, pages for a browser's own post, and the answer's JSON.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../../core/context.ts'
import { pathOf } from '../../contract/api/routes.ts'
import { AppError } from '../../contract/errors.ts'
import { parseJsonBody } from '../../core/collect/json.ts'
import { afterFormPost, refusedRedirectNote } from '../../core/collect/after-post.ts'
import { ingest, type IngestCall, type Ingested, type SubmissionReader } from '../../core/collect/ingest.ts'
import { mediaType, readBodyBytes, unsupported, utf8Text } from './body.ts'
import { declaredCharset, decodeText, decoderFor } from './charset.ts'
import { readForm, readFormPairs } from './form-body.ts'
import { shareCors } from './cors.ts'
import { shareChallengeRoutes } from './challenge.ts'
import { readerToken, requestClient } from './resolve.ts'
import { writeRateHeaders } from './throttle.ts'
import { isNavigation, refusedEndpoint, refusedPostPage, thanksRedirect } from '../form-post.ts'

// The fill-in pages read their forms the same way.
export { readForm, readFormPairs }

const JSON_TYPES = new Set(['', 'application/json', 'text/plain'])

const JSON_TYPE = 'application/json; charset=utf-8'
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': JSON_TYPE } })

async function readJson(ctx: AppContext, request: Request, check?: (bytes: Uint8Array) => void): Promise<unknown> {
  const type = mediaType(request)
  if (!JSON_TYPES.has(type) && !type.endsWith('+json')) {
    throw unsupported(
      type,
      'JSON with Content-Type: application/json (or text/plain holding JSON); HTML forms post to /form',
    )
  }
  const bytes = await readBodyBytes(request, {
    maxBytes: ctx.config.maxBodyBytes,
    deadlineMs: ctx.config.bodyDeadlineMs,
  })
  // Signatures are checked on the bytes as sent, before anything reads them.
  check?.(bytes)
  // The usual `application/json` has no parameters to look at.
  const decoder =
    type === 'application/json' && request.headers.get('content-type') === type
      ? null
      : decoderFor(declaredCharset(request))
  return parseJsonBody(decoder ? decodeText(bytes, decoder, 'The request body') : utf8Text(bytes), ctx.config.maxDepth)
}

/** How the share routes read a submission from the request: one JSON record, form pairs, or a JSON batch. */
export interface ShareReaders {
  record: SubmissionReader<Request>
  form: SubmissionReader<Request>
  batch: SubmissionReader<Request>
}

/** The readers of `ctx` (made once per set of routes, not per request). */
export function shareReaders(ctx: AppContext): ShareReaders {
  return {
    record: { kind: 'record', read: (request, check) => readJson(ctx, request, check) },
    form: { kind: 'form', read: (request, target) => readForm(ctx, request, target) },
    batch: { kind: 'batch', read: (request) => readJson(ctx, request) },
  }
}

/**
 * The ingest call of a POST to the share URL of `token`: the Idempotency-Key (unless
 * `idempotency` is false: the fill-in page's post takes none), the client address and the
 * `Authorization: Bearer` token of `request`, which the reader reads.
 */
export function shareCall(ctx: AppContext, token: string, request: Request, idempotency = true): IngestCall<Request> {
  return {
    token,
    idempotencyKey: idempotency ? request.headers.get('idempotency-key') : null,
    client: requestClient(ctx, request),
    bearer: readerToken(request),
    source: request,
    headers: (name) => request.headers.get(name),
    rate: null,
    endpoint: null,
  }
}

/** Runs the ingest use case for `call`; `headers` get the rate-limit headers whatever the outcome (Retry-After with a 429). */
export async function ingestShare(
  ctx: AppContext,
  call: IngestCall<Request>,
  reader: SubmissionReader<Request>,
  headers: Record<string, string>,
): Promise<Ingested> {
  try {
    return await ingest(ctx, call, reader)
  } finally {
    writeRateHeaders(headers, call.rate)
  }
}

/** The write routes of the public collection endpoints. */
export const shareIngestRoutes = (ctx: AppContext) => {
  const readers = shareReaders(ctx)
  return (
    new Elysia({ name: 'svc/share-ingest' })
      .use(shareCors())
      // GET …/challenge: what a post under the challenge setting needs first.
      .use(shareChallengeRoutes(ctx))
      .post(
        pathOf('ingest.post'),
        async ({ params, request, set }) => {
          const { ids } = await ingestShare(
            ctx,
            shareCall(ctx, params.token, request),
            readers.record,
            set.headers as Record<string, string>,
          )
          return json({ code: 200, data: { id: ids[0] } })
        },
        { parse: 'none' },
      )
      .post(
        pathOf('ingest.form'),
        async ({ params, request, set }) => {
          // A browser posting the form itself wants pages; fetch and scripts keep the JSON answers.
          const navigation = isNavigation(request)
          const headers = set.headers as Record<string, string>
          const call = shareCall(ctx, params.token, request)
          try {
            const { ids, endpoint, redirect } = await ingestShare(ctx, call, readers.form, headers)
            const after = afterFormPost(redirect, endpoint.redirectOrigins, navigation ? endpoint.thankYouUrl : null)
            if (after.location) return new Response(null, { status: 303, headers: { location: after.location } })
            if (navigation) return thanksRedirect(ctx, params.token, request, after.refused !== null)
            return json({
              code: 200,
              data: { id: ids[0] },
              ...(after.refused ? { details: { redirect: refusedRedirectNote(after.refused) } } : {}),
            })
          } catch (error) {
            if (!navigation || !(error instanceof AppError)) throw error
            const endpoint = await refusedEndpoint(ctx, call, error)
            return refusedPostPage(ctx, endpoint, error, request, headers)
          }
        },
        { parse: 'none' },
      )
      .post(
        pathOf('ingest.batch'),
        async ({ params, request, set }) => {
          const { ids } = await ingestShare(
            ctx,
            shareCall(ctx, params.token, request),
            readers.batch,
            set.headers as Record<string, string>,
          )
          // Ids are UUIDs (nothing to escape): joining them is cheaper than serialising a thousand strings.
          return new Response(`{"code":200,"data":{"ids":["${ids.join('","')}"]}}`, {
            headers: { 'content-type': JSON_TYPE },
          })
        },
        { parse: 'none' },
      )
  )
}
