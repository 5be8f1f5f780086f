/**
 * @module Headers on every response: no MIME sniffing, no referrer leaks (share tokens are
 * in URLs), and the request id.
 */
import { Elysia } from 'elysia'
import { requestIdOf } from './request-id.ts'

/** The security headers every response carries, besides the request id. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}

/** Adds the security headers and the request id to `headers` (also used by the fast ingest route). */
export function addSecurityHeaders(request: Request, headers: Record<string, string>): Record<string, string> {
  Object.assign(headers, SECURITY_HEADERS)
  headers['x-request-id'] = requestIdOf(request)
  return headers
}

export const securityHeaders = () =>
  new Elysia({ name: 'svc/security-headers' }).onRequest(({ request, set }) => {
    addSecurityHeaders(request, set.headers as Record<string, string>)
  })
