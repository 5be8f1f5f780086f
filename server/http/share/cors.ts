/**
 * @module CORS for the public collection endpoints only (docs/design.md rule 13): any origin
 * (`*` also covers `Origin: null` from file:// pages), GET/POST/OPTIONS, Content-Type,
 * Authorization (the owner's access token on reads, sent by the page's own code),
 * Idempotency-Key (retries of a submission) and Last-Event-ID (a live stream resumed), and
 * never credentials (cookies). Written by hand rather than with @elysiajs/cors, whose defaults
 * reflect the origin with credentials; the headers are set before routing, so errors,
 * 404s and 413/429 answers carry them too. Control-plane routes get none.
 */
import { Elysia } from 'elysia'

export const SHARE_PREFIX = '/api/v3/share'

/** The headers every share response carries. */
export const SHARE_CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Authorization, Idempotency-Key, Last-Event-ID',
  // Lets browser code read why it must wait (and how much it has left), and the id to quote in a report.
  'access-control-expose-headers': 'Retry-After, RateLimit, RateLimit-Policy, X-Request-Id',
  'access-control-max-age': '86400',
}

/** True when the request URL's path is under the share prefix. */
function isSharePath(url: string): boolean {
  const path = url.indexOf('/', url.indexOf('//') + 2)
  return path >= 0 && url.startsWith(`${SHARE_PREFIX}/`, path)
}

/** Adds the share CORS headers to share requests and answers their preflights with 204. */
export const shareCors = () =>
  new Elysia({ name: 'svc/share-cors' })
    .onRequest(({ request, set }) => {
      if (!isSharePath(request.url)) return
      Object.assign(set.headers as Record<string, string>, SHARE_CORS_HEADERS)
    })
    .options(`${SHARE_PREFIX}/*`, () => new Response(null, { status: 204 }), { parse: 'none' })
