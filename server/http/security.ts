/**
 * @module Headers on every response: no MIME sniffing, no referrer leaks (share tokens are
 * in URLs), and the request id.
 */
import { Elysia } from 'elysia'
import { requestIdOf } from './request-id.ts'

export const securityHeaders = () =>
  new Elysia({ name: 'svc/security-headers' }).onRequest(({ request, set }) => {
    const headers = set.headers as Record<string, string>
    headers['x-content-type-options'] = 'nosniff'
    headers['referrer-policy'] = 'no-referrer'
    headers['x-request-id'] = requestIdOf(request)
  })
