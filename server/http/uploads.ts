/**
 * @module The tus routes of the share endpoint (server/files/tus.ts has the protocol):
 *
 * - `uploads.options`  OPTIONS …/uploads          the capabilities (a CORS preflight stays a preflight)
 * - `uploads.create`   POST    …/uploads          Upload-Length, Upload-Metadata → 201, Location
 * - `uploads.head`     HEAD    …/uploads/:upload  Upload-Offset, Upload-Length
 * - `uploads.patch`    PATCH   …/uploads/:upload  the next bytes from Upload-Offset → 204
 * - `uploads.delete`   DELETE  …/uploads/:upload  termination → 204
 *
 * Bodies are never parsed by Elysia (`parse: 'none'`): a PATCH body streams to the blob store
 * chunk by chunk, each within the idle deadline. Every answer, errors included, carries
 * Tus-Resumable; a request of another protocol version is 412 with Tus-Version.
 */
import { Elysia } from 'elysia'
import { pathOf } from '../contract/api/routes.ts'
import { AppError } from '../contract/errors.ts'
import { TUS_CHUNK_TYPE, TUS_EXTENSIONS, TUS_VERSION } from '../contract/files/tus.ts'
import type { AppContext } from '../core/context.ts'
import { byteCount, uploadMetadata } from '../files/tus-headers.ts'
import { createUpload, patchUpload, type TusCall, terminateUpload, uploadMaxSize, uploadState } from '../files/tus.ts'
import { mediaType } from './share/body.ts'
import { shareCors } from './share/cors.ts'
import { bodyChunks } from './share/multipart.ts'
import { readerToken, requestClient } from './share/resolve.ts'
import { writeRateHeaders } from './share/throttle.ts'

type Headers = Record<string, string>

/** An HTTP date (RFC 9110), as Upload-Expires carries it. */
const httpDate = (ms: number) => new Date(ms).toUTCString()

/** Marks the answer as tus and refuses a request of another version (412 with Tus-Version). */
function tusRequest(request: Request, headers: Headers): void {
  headers['tus-resumable'] = TUS_VERSION
  const given = request.headers.get('tus-resumable')
  if (given === TUS_VERSION) return
  headers['tus-version'] = TUS_VERSION
  throw new AppError(
    'unsupported_version',
    given === null
      ? `This is a tus endpoint: send Tus-Resumable: ${TUS_VERSION} with every request but OPTIONS`
      : `Tus-Resumable ${JSON.stringify(given.slice(0, 40))} is a version this server does not speak; it speaks tus ${TUS_VERSION}`,
    { versions: [TUS_VERSION] },
  )
}

/** Who asks, for the endpoint checks. */
const callOf = (ctx: AppContext, token: string, request: Request): TusCall => ({
  token,
  client: requestClient(ctx, request),
  bearer: readerToken(request),
  rate: null,
})

/** Upload-Length of a creation: required, as Upload-Defer-Length is not offered. */
function uploadLength(request: Request): number {
  const length = byteCount('Upload-Length', request.headers.get('upload-length'))
  if (length !== null) return length
  throw new AppError(
    'bad_request',
    request.headers.has('upload-defer-length')
      ? 'Upload-Defer-Length is not offered here (Tus-Extension: creation, termination, expiration): send Upload-Length'
      : 'Upload-Length is missing: a tus creation says how many bytes the upload has',
  )
}

export const uploadRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/uploads' })
    .use(shareCors())
    .options(
      pathOf('uploads.options'),
      async ({ params, request }) => {
        // A browser's preflight before a cross-origin POST: answered as every share preflight.
        if (request.headers.has('access-control-request-method')) return new Response(null, { status: 204 })
        const maxSize = await uploadMaxSize(ctx, callOf(ctx, params.token, request))
        return new Response(null, {
          status: 204,
          headers: {
            'tus-resumable': TUS_VERSION,
            'tus-version': TUS_VERSION,
            'tus-extension': TUS_EXTENSIONS.join(','),
            'tus-max-size': String(maxSize),
          },
        })
      },
      { parse: 'none' },
    )
    .post(
      pathOf('uploads.create'),
      async ({ params, request, set }) => {
        const headers = set.headers as Headers
        tusRequest(request, headers)
        const length = uploadLength(request)
        const metadata = uploadMetadata(request.headers.get('upload-metadata'))
        const call = callOf(ctx, params.token, request)
        try {
          const row = await createUpload(ctx, call, length, metadata)
          const path = pathOf('uploads.head').replace(':token', encodeURIComponent(params.token))
          return new Response(null, {
            status: 201,
            headers: {
              location: `${ctx.config.baseUrl}${path.replace(':upload', row.id)}`,
              'upload-expires': httpDate(row.expiresAt),
            },
          })
        } finally {
          writeRateHeaders(headers, call.rate)
        }
      },
      { parse: 'none' },
    )
    .head(
      pathOf('uploads.head'),
      async ({ params, request, set }) => {
        tusRequest(request, set.headers as Headers)
        const state = await uploadState(ctx, callOf(ctx, params.token, request), params.upload)
        return new Response(null, {
          status: 200,
          headers: {
            'upload-offset': String(state.offset),
            'upload-length': String(state.length),
            ...(state.expiresAt === null ? {} : { 'upload-expires': httpDate(state.expiresAt) }),
            'cache-control': 'no-store',
          },
        })
      },
      { parse: 'none' },
    )
    .patch(
      pathOf('uploads.patch'),
      async ({ params, request, set }) => {
        tusRequest(request, set.headers as Headers)
        if (mediaType(request) !== TUS_CHUNK_TYPE)
          throw new AppError('unsupported_media_type', `A tus PATCH body is sent as Content-Type: ${TUS_CHUNK_TYPE}`)
        const offset = byteCount('Upload-Offset', request.headers.get('upload-offset'))
        if (offset === null) throw new AppError('bad_request', 'Upload-Offset is missing: say where these bytes start')
        const declared = byteCount('Content-Length', request.headers.get('content-length'))
        const patched = await patchUpload(
          ctx,
          callOf(ctx, params.token, request),
          params.upload,
          offset,
          bodyChunks(request, ctx.config.bodyDeadlineMs),
          declared,
        )
        return new Response(null, {
          status: 204,
          headers: { 'upload-offset': String(patched.offset), 'upload-expires': httpDate(patched.expiresAt) },
        })
      },
      { parse: 'none' },
    )
    .delete(
      pathOf('uploads.delete'),
      async ({ params, request, set }) => {
        tusRequest(request, set.headers as Headers)
        await terminateUpload(ctx, callOf(ctx, params.token, request), params.upload)
        return new Response(null, { status: 204 })
      },
      { parse: 'none' },
    )
