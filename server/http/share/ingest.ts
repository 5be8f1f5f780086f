/**
 * @module The write side of the public collection endpoints (docs/design.md, "The service"):
 * `ingest.post` (one JSON record, or text/plain JSON), `ingest.form` (urlencoded or
 * multipart text parts; a browser's own post gets pages) and `ingest.batch` (a JSON array of
 * ≤ LIMITS.maxBatch records) of the route table (server/contract/api/ingest.ts).
 *
 * Bodies are read here (`parse: 'none'`), never by Elysia's parser, so unknown media
 * types are a 415 and form values are never JSON-parsed. Each takes an `Idempotency-Key`
 * (core/collect/idempotency.ts): a retry gets the first answer's ids.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../../core/context.ts'
import { pathOf } from '../../contract/api/routes.ts'
import { AppError } from '../../contract/errors.ts'
import { parseJsonBody } from '../../core/collect/json.ts'
import { fieldsOf } from '../../core/collect/field-cache.ts'
import { afterFormPost, refusedRedirectNote } from '../../core/collect/after-post.ts'
import { formSubmission } from '../../core/collect/form.ts'
import { prepareBatch } from '../../core/collect/batch.ts'
import { prepareRecord, type CollectSettings } from '../../core/collect/prepare.ts'
import { toSubmission } from '../../core/collect/shape.ts'
import type { Writer } from '../../core/collect/writer.ts'
import { idempotencyKey } from '../../core/collect/idempotency.ts'
import { mediaType, readBodyBytes, unsupported, utf8Text } from './body.ts'
import { declaredCharset, decodeText, decoderFor } from './charset.ts'
import { readFormPairs } from './form-body.ts'
import { shareCors } from './cors.ts'
import { proposerOf } from '../../core/collect/submitter.ts'
import { readerToken, requestClient, resolveEndpoint, type ShareEndpoint } from './resolve.ts'
import { chargeRate, type RateReport } from '../../core/share/throttle.ts'
import { writeRateHeaders } from './throttle.ts'
import { isNavigation, refusedPostPage, thanksRedirect } from '../form-post.ts'

// The fill-in pages read their forms the same way.
export { readFormPairs }

const JSON_TYPES = new Set(['', 'application/json', 'text/plain'])

const JSON_TYPE = 'application/json; charset=utf-8'
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': JSON_TYPE } })

/**
 * How `request` submits to `endpoint`: its settings, and whose fields its new keys make
 * (the owner's access token in `Authorization: Bearer`: accepted; anyone else: proposed).
 */
export async function settingsOf(ctx: AppContext, endpoint: ShareEndpoint, request: Request): Promise<CollectSettings> {
  const proposer = await proposerOf(ctx, endpoint, readerToken(request), requestClient(ctx, request))
  return { autoCreate: endpoint.autoCreate, honeypot: endpoint.honeypot, maxKeys: ctx.config.maxKeys, proposer }
}

async function readJson(ctx: AppContext, request: Request): Promise<unknown> {
  const type = mediaType(request)
  if (!JSON_TYPES.has(type) && !type.endsWith('+json')) {
    throw unsupported(type, 'JSON with Content-Type: application/json (or text/plain holding JSON); HTML forms post to /form')
  }
  const bytes = await readBodyBytes(request, { maxBytes: ctx.config.maxBodyBytes, deadlineMs: ctx.config.bodyDeadlineMs })
  // The usual `application/json` has no parameters to look at.
  const decoder = type === 'application/json' && request.headers.get('content-type') === type ? null : decoderFor(declaredCharset(request))
  return parseJsonBody(decoder ? decodeText(bytes, decoder, 'The request body') : utf8Text(bytes), ctx.config.maxDepth)
}

/**
 * POST /<token>: stores one JSON record and resolves with its id once it is durable.
 * Shared by the Elysia route and the fast route that Bun.serve answers directly
 * (server/http/fast-routes.ts); `headers` receives the rate-limit headers (and Retry-After with a 429).
 */
export async function ingestOne(ctx: AppContext, writer: Writer, token: string, request: Request, headers: Record<string, string>): Promise<string> {
  const key = idempotencyKey(request.headers.get('idempotency-key'))
  const endpoint = await resolveEndpoint(ctx, token, 'write', headers, { request })
  const body = await readJson(ctx, request)
  const prepared = prepareRecord(await fieldsOf(ctx, endpoint.appId), await settingsOf(ctx, endpoint, request), toSubmission(body))
  const [id] = await writer.write(endpoint.appId, [prepared], key)
  return id
}

/** The write routes of the public collection endpoints. */
export const shareIngestRoutes = (ctx: AppContext) => {
  const writer = ctx.writer
  return new Elysia({ name: 'svc/share-ingest' })
    .use(shareCors())
    .post(
      pathOf('ingest.post'),
      async ({ params, request, set }) => json({ code: 200, data: { id: await ingestOne(ctx, writer, params.token, request, set.headers as Record<string, string>) } }),
      { parse: 'none' },
    )
    .post(
      pathOf('ingest.form'),
      async ({ params, request, set }) => {
        // A browser posting the form itself wants pages; fetch and scripts keep the JSON answers.
        const navigation = isNavigation(request)
        let appId: string | null = null
        try {
          const key = idempotencyKey(request.headers.get('idempotency-key'))
          const endpoint = await resolveEndpoint(ctx, params.token, 'write', set.headers as Record<string, string>, { request })
          appId = endpoint.appId
          const pairs = await readFormPairs(ctx, request)
          const fields = await fieldsOf(ctx, endpoint.appId)
          const submission = formSubmission(pairs, fields, endpoint.honeypot)
          const prepared = prepareRecord(fields, await settingsOf(ctx, endpoint, request), submission)
          const [id] = await writer.write(endpoint.appId, [prepared], key)
          const after = afterFormPost(submission.redirect, endpoint.redirectOrigins, navigation ? endpoint.thankYouUrl : null)
          if (after.location) return new Response(null, { status: 303, headers: { location: after.location } })
          if (navigation) return thanksRedirect(ctx, params.token, request, after.refused)
          return json({ code: 200, data: { id }, ...(after.refused ? { details: { redirect: refusedRedirectNote(after.refused) } } : {}) })
        } catch (error) {
          if (!navigation || !(error instanceof AppError)) throw error
          return refusedPostPage(ctx, appId, error, request, set.headers as Record<string, string>)
        }
      },
      { parse: 'none' },
    )
    .post(
      pathOf('ingest.batch'),
      async ({ params, request, set }) => {
        const key = idempotencyKey(request.headers.get('idempotency-key'))
        const headers = set.headers as Record<string, string>
        // The records are counted once the body is read: first only check that the limits have room.
        const endpoint = await resolveEndpoint(ctx, params.token, 'write', headers, { request, cost: 0 })
        const body = await readJson(ctx, request)
        const prepared = prepareBatch(await fieldsOf(ctx, endpoint.appId), await settingsOf(ctx, endpoint, request), body)
        const report: RateReport = { rate: null }
        try {
          chargeRate(ctx, endpoint, 'write', requestClient(ctx, request), prepared.length, report)
        } finally {
          writeRateHeaders(headers, report.rate)
        }
        const ids = await writer.write(endpoint.appId, prepared, key)
        // Ids are UUIDs (nothing to escape): joining them is cheaper than serialising a thousand strings.
        return new Response(`{"code":200,"data":{"ids":["${ids.join('","')}"]}}`, { headers: { 'content-type': JSON_TYPE } })
      },
      { parse: 'none' },
    )
}
