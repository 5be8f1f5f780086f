/**
 * @module The body limit of routes Elysia parses (the control plane), enforced here rather
 * than by Bun.serve, whose own 413 is bare (no JSON, no CORS headers: a browser sees only
 * "Failed to fetch"). Bun's limit is set out of reach; a declared Content-Length beyond
 * this limit is a JSON 413 before anything is read, and a chunked body is cut off at it.
 * Share paths read their bodies themselves (share/body.ts), with the smaller limit
 * `maxBodyBytes`, so they get their JSON 413 with CORS headers at every size.
 */
import type { Config } from '../config.ts'
import { errorResponse } from './errors.ts'
import { addSecurityHeaders } from './security.ts'
import { SHARE_PREFIX } from './share/cors.ts'

/** Bun.serve's `maxRequestBodySize`: never reached, so Bun never answers its bare 413. */
export const BUN_BODY_LIMIT = Number.MAX_SAFE_INTEGER

/** The largest body a control-plane route takes (field and app definitions are small; imports are not). */
export const controlBodyLimit = (config: Config): number => Math.max(config.maxBodyBytes * 4, 16 * 1024 * 1024)

const isSharePath = (pathname: string) => pathname.startsWith(`${SHARE_PREFIX}/`)

const tooLarge = (request: Request, max: number) =>
  errorResponse(413, 'too_large', `The request body is larger than ${max} bytes; send a smaller one`, { limit: 'body', max }, addSecurityHeaders(request, {}))

/** The body cut off (the read fails) once more than `max` bytes arrived. */
function capped(body: ReadableStream<Uint8Array>, max: number): ReadableStream<Uint8Array> {
  let size = 0
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength
        if (size > max) controller.error(new Error(`request body over ${max} bytes`))
        else controller.enqueue(chunk)
      },
    }),
  )
}

/**
 * `request` as the app may read it, or the JSON 413 to answer instead. Share paths pass
 * untouched (see the module note).
 */
export function limitBody(request: Request, max: number): Request | Response {
  if (!request.body || isSharePath(new URL(request.url).pathname)) return request
  const declared = request.headers.get('content-length')
  if (declared !== null) return Number(declared) > max ? tooLarge(request, max) : request
  return new Request(request, { body: capped(request.body, max), duplex: 'half' } as RequestInit)
}
