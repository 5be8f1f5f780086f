/**
 * @module The body limits of the routes Elysia parses (the control plane), enforced before
 * Elysia (and so before any parsing or authentication) rather than by Bun.serve, whose own
 * 413 is bare (no JSON, no CORS headers: a browser sees only "Failed to fetch"). Bun's
 * limit is set out of reach. Under /api/v3 a body is read here in full, under the deadline
 * of public bodies (408 `timeout`), and refused with a JSON 413 once it passes its route's
 * limit: `SVC_MAX_CONTROL_BODY` (64 KiB) for accounts and app management, 16 times that
 * for the authoring routes whose documents are larger (smart plans, reports, expert texts,
 * scales, page themes). Share paths and fill-in pages read their bodies themselves
 * (share/body.ts) with `maxBodyBytes`, so they get their JSON 413 with CORS headers.
 */
import type { Config } from '../config.ts'
import { AppError } from '../contract/errors.ts'
import { appErrorResponse } from './errors.ts'
import { addSecurityHeaders } from './security.ts'
import { readBodyBytes } from './share/body.ts'
import { SHARE_PREFIX } from './share/cors.ts'

/** Bun.serve's `maxRequestBodySize`: never reached, so Bun never answers its bare 413. */
export const BUN_BODY_LIMIT = Number.MAX_SAFE_INTEGER

/** How many times the control-plane limit the authoring routes take. */
export const AUTHORING_BODY_FACTOR = 16

/** Authoring routes: plans, report pages, expert texts, scales and themes run larger than account and app requests. */
const AUTHORING = /^\/api\/v3\/(smart\/|apps\/[^/]+\/(report|expert|scales|connect)(\/|$))/

/** Paths that read their own bodies: the share endpoints and the fill-in pages. */
const readsOwnBody = (pathname: string) => pathname.startsWith(`${SHARE_PREFIX}/`) || pathname.startsWith('/f/')

/** The largest body `pathname` takes (control-plane paths only). */
export function controlBodyLimit(config: Pick<Config, 'maxControlBodyBytes'>, pathname: string): number {
  return AUTHORING.test(pathname) ? config.maxControlBodyBytes * AUTHORING_BODY_FACTOR : config.maxControlBodyBytes
}

const tooLarge = (max: number) =>
  new AppError('too_large', `The request body is larger than ${max} bytes; send a smaller one`, { limit: 'body', max })

/**
 * `request` as the app may read it (its body read and checked), or the JSON answer to send
 * instead (413 `too_large`, 408 `timeout`, 400 for a body that broke off). Share paths and
 * fill-in pages pass untouched (see the module note).
 */
export async function limitBody(
  request: Request,
  config: Pick<Config, 'maxControlBodyBytes' | 'bodyDeadlineMs'>,
): Promise<Request | Response> {
  if (!request.body) return request
  const pathname = new URL(request.url).pathname
  if (readsOwnBody(pathname)) return request
  const max = controlBodyLimit(config, pathname)
  try {
    const bytes = await readBodyBytes(request, { maxBytes: max, deadlineMs: config.bodyDeadlineMs, tooLarge })
    return new Request(request, { body: bytes as BodyInit })
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return appErrorResponse(error, addSecurityHeaders(request, {}))
  }
}
