/**
 * @module The files routes: `files.upload` on the share endpoint (CORS open like the other
 * share routes; raw bytes or one multipart part, read here as they arrive), and the owner's
 * `files.download`, `files.link` and `files.open` (the signed inline address). Bytes are
 * answered with the sniffed type, `X-Content-Type-Options: nosniff` and a sandbox CSP, so
 * a stored HTML or SVG file can never run as a page of this origin; downloads are
 * attachments, and `Range` gets 206.
 */
import { Elysia } from 'elysia'
import { pathOf } from '../contract/api/routes.ts'
import { AppError } from '../contract/errors.ts'
import type { AppContext } from '../core/context.ts'
import { type FileRow, fileLink, openFileLink, ownedFile } from '../files/owner.ts'
import { type UploadBody, type UploadCall, uploadFile } from '../files/upload.ts'
import { authGuard } from './auth-guard.ts'
import { appErrorResponse } from './errors.ts'
import { addSecurityHeaders } from './security.ts'
import { requestedRange } from './byte-range.ts'
import { mediaType } from './share/body.ts'
import { shareCors } from './share/cors.ts'
import { bodyChunks, firstFilePart } from './share/multipart.ts'
import { readerToken, requestClient } from './share/resolve.ts'
import { writeRateHeaders } from './share/throttle.ts'

/** A Content-Disposition header for `name`: ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/** The file name of a raw upload: `?name=`, else Content-Disposition's filename. */
function rawName(request: Request, query: Record<string, unknown>): string | null {
  if (typeof query.name === 'string' && query.name !== '') return query.name
  const header = request.headers.get('content-disposition') ?? ''
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim())
    } catch {
      return null
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;\s]+)/i.exec(header)
  return plain ? (plain[1] ?? plain[2]) : null
}

/** The answer carrying a stored file's bytes (or the range asked for). */
async function fileResponse(
  ctx: AppContext,
  row: FileRow,
  request: Request,
  kind: 'attachment' | 'inline',
): Promise<Response> {
  const headers: Record<string, string> = {
    'content-type': row.type,
    'content-disposition': contentDisposition(kind, row.name),
    'x-content-type-options': 'nosniff',
    // A stored page or SVG never runs as this origin's; the admin page may frame its own files' links.
    'content-security-policy': `sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'`,
    'cache-control': 'private, no-store',
    'accept-ranges': 'bytes',
  }
  let range: ReturnType<typeof requestedRange>
  try {
    range = requestedRange(request.headers.get('range'), row.size)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return appErrorResponse(error, addSecurityHeaders(request, { 'content-range': `bytes */${row.size}` }))
  }
  const body = await ctx.blobs.read(row.blobKey, range ?? undefined)
  if (!range) return new Response(body, { headers: { ...headers, 'content-length': String(row.size) } })
  return new Response(body, {
    status: 206,
    headers: {
      ...headers,
      'content-range': `bytes ${range.start}-${range.end}/${row.size}`,
      'content-length': String(range.end - range.start + 1),
    },
  })
}

/** How an upload's file is found in its body: the first file part of a multipart body, else the body itself. */
function uploadSource(
  ctx: AppContext,
  request: Request,
  query: Record<string, unknown>,
): { source: () => Promise<UploadBody>; declared: number | null } {
  const type = mediaType(request)
  if (type === 'application/x-www-form-urlencoded')
    throw new AppError(
      'unsupported_media_type',
      'A file is sent as its bytes (any other Content-Type) or as multipart/form-data with a file part, not urlencoded',
    )
  if (type === 'multipart/form-data') {
    const contentType = request.headers.get('content-type')!
    return { source: () => firstFilePart(ctx, request, contentType), declared: null }
  }
  const length = request.headers.get('content-length')
  return {
    source: async () => ({ name: rawName(request, query), bytes: bodyChunks(request, ctx.config.bodyDeadlineMs) }),
    declared: length !== null && /^\d+$/.test(length) ? Number(length) : null,
  }
}

export const fileRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'svc/files' })
    .use(shareCors())
    .post(
      pathOf('files.upload'),
      async ({ params, request, query, set }) => {
        const { source, declared } = uploadSource(ctx, request, query)
        const call: UploadCall = {
          token: params.token,
          field: typeof query.field === 'string' && query.field !== '' ? query.field : null,
          client: requestClient(ctx, request),
          bearer: readerToken(request),
          rate: null,
          ...(declared === null ? {} : { declaredBytes: declared }),
        }
        try {
          const file = await uploadFile(ctx, call, source)
          return Response.json({ code: 200, data: file })
        } finally {
          writeRateHeaders(set.headers as Record<string, string>, call.rate)
        }
      },
      { parse: 'none' },
    )
    .get(pathOf('files.open'), async ({ params, request }) =>
      fileResponse(ctx, await openFileLink(ctx, params.link), request, 'inline'),
    )
    .use(authGuard(ctx))
    .get(
      pathOf('files.download'),
      async ({ principal, params, request }) =>
        fileResponse(ctx, await ownedFile(ctx, principal.user.id, params.id, params.file), request, 'attachment'),
      { auth: true },
    )
    .post(
      pathOf('files.link'),
      async ({ principal, params }) => {
        const { link, expiresAt } = await fileLink(ctx, principal.user.id, params.id, params.file)
        return {
          code: 200,
          data: {
            url: `${ctx.config.baseUrl}${pathOf('files.open').replace(':link', link)}`,
            expiresAt: new Date(expiresAt).toISOString(),
          },
        }
      },
      { auth: true },
    )
