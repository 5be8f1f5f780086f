/**
 * @module CORS for the public collection endpoints only (docs/design.md rule 13): any origin
 * (`*` also covers `Origin: null` from file:// pages), GET/POST/OPTIONS and the tus methods
 * HEAD/PATCH/DELETE, Content-Type, Authorization (the owner's access token on reads, sent by
 * the page's own code), Idempotency-Key (retries of a submission), Last-Event-ID (a live
 * stream resumed) and the tus headers (tus-js-client and Uppy from any site), and never
 * credentials (cookies). Written by hand rather than with @elysiajs/cors, whose defaults
 * reflect the origin with credentials; the headers are set before routing, so errors,
 * 404s and 413/429 answers carry them too. Control-plane routes get none.
 */
import { Elysia } from 'elysia'
import { TUS_ANSWER_HEADERS, TUS_REQUEST_HEADERS } from '../../contract/files/tus.ts'

export const SHARE_PREFIX = '/api/v3/share'

/** The headers every share response carries. */
export const SHARE_CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  // HEAD, PATCH and DELETE: the resumable uploads (tus, …/uploads).
  'access-control-allow-methods': 'GET, POST, HEAD, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': [
    'Content-Type',
    'Authorization',
    'Idempotency-Key',
    'Last-Event-ID',
    // A post's proof-of-work solution (ALTCHA), when not in the body.
    'X-Altcha',
    ...TUS_REQUEST_HEADERS,
  ].join(', '),
  // Lets browser code read why it must wait (and how much it has left), the id to quote in a report, and what tus answers in headers.
  'access-control-expose-headers': [
    'Retry-After',
    'RateLimit',
    'RateLimit-Policy',
    'X-Request-Id',
    ...TUS_ANSWER_HEADERS,
  ].join(', '),
  'access-control-max-age': '86400',
}

/** True when the request URL's path is under the share prefix. */
function isSharePath(url: string): boolean {
  const path = url.indexOf('/', url.indexOf('//') + 2)
  return path >= 0 && url.startsWith(`${SHARE_PREFIX}/`, path)
}

/**
 * Adds the share CORS headers to share requests and answers their preflights with 204 (the
 * tus OPTIONS of …/uploads, which has no Access-Control-Request-Method, is its own route).
 */
export const shareCors = () =>
  new Elysia({ name: 'svc/share-cors' })
    .onRequest(({ request, set }) => {
      if (!isSharePath(request.url)) return
      Object.assign(set.headers as Record<string, string>, SHARE_CORS_HEADERS)
    })
    .options(`${SHARE_PREFIX}/*`, () => new Response(null, { status: 204 }), { parse: 'none' })
