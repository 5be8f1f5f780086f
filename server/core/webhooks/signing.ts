/**
 * @module Standard Webhooks signing (https://www.standardwebhooks.com): the secret is
 * `whsec_` + base64 of random bytes; each attempt carries `webhook-id` (the same on every
 * attempt of one delivery), `webhook-timestamp` (seconds) and `webhook-signature:
 * v1,<base64 HMAC-SHA256 of "id.timestamp.body">`.
 */
import { createHmac, randomBytes } from 'node:crypto'

const PREFIX = 'whsec_'

/** A fresh signing secret (24 random bytes). */
export const newWebhookSecret = (): string => PREFIX + randomBytes(24).toString('base64')

/** The `webhook-signature` header value for one attempt. */
export function webhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`
}

/** The headers of one signed attempt. */
export function signedHeaders(secret: string, id: string, nowMs: number, body: string): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000)
  return {
    'content-type': 'application/json',
    'user-agent': 'svc-webhooks',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': webhookSignature(secret, id, timestamp, body),
  }
}
