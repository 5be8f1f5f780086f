/**
 * @module One attempt to deliver: the target checked (target.ts), a signed POST with a
 * timeout, redirects not followed (a 3xx is a failure: a redirect could lead anywhere,
 * including inside), 2xx = delivered. What came back is kept for the delivery log: the
 * status, the time it took, the first bytes of the answer or the error.
 */
import type { AttemptOutcome } from '../../db/storage/webhooks.ts'
import { WEBHOOK_LIMITS } from '../../contract/webhooks/events.ts'
import { signedHeaders } from './signing.ts'
import { targetProblem, type TargetNet } from './target.ts'

export interface Attempt {
  url: string
  secret: string
  /** `webhook-id`. */
  id: string
  body: string
  /** Epoch ms: the `webhook-timestamp`. */
  now: number
}

export interface SendOptions {
  allowPrivate: boolean
  net: TargetNet
  timeoutMs?: number
}

/** The first `limit` bytes of a body as text, without reading the rest. */
async function firstBytes(response: Response, limit: number): Promise<string> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    while (size < limit) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      size += value.length
    }
  } finally {
    await reader.cancel().catch(() => {})
  }
  return Buffer.concat(chunks)
    .subarray(0, limit)
    .toString('utf8')
    .replace(/\uFFFD+$/, '')
}

/** Sends one attempt; never throws. `ok` when the target answered 2xx. */
export async function sendAttempt(attempt: Attempt, options: SendOptions): Promise<AttemptOutcome & { ok: boolean }> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const problem = await targetProblem(attempt.url, options.allowPrivate, options.net)
  if (problem) return { ok: false, status: null, error: `refused: ${problem}`, latencyMs: elapsed(), response: null }
  try {
    const response = await fetch(attempt.url, {
      method: 'POST',
      headers: signedHeaders(attempt.secret, attempt.id, attempt.now, attempt.body),
      body: attempt.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? WEBHOOK_LIMITS.timeoutMs),
    })
    const text = await firstBytes(response, WEBHOOK_LIMITS.responseBytes).catch(() => '')
    const ok = response.status >= 200 && response.status < 300
    const error = ok
      ? null
      : response.status >= 300 && response.status < 400
        ? `redirect to ${response.headers.get('location') ?? '(no location)'} not followed`
        : `HTTP ${response.status}`
    return { ok, status: response.status, error, latencyMs: elapsed(), response: text }
  } catch (error) {
    const name = (error as Error).name
    const message =
      name === 'TimeoutError' || name === 'AbortError'
        ? `no answer within ${(options.timeoutMs ?? WEBHOOK_LIMITS.timeoutMs) / 1000} s`
        : (error as Error).message
    return { ok: false, status: null, error: message, latencyMs: elapsed(), response: null }
  }
}
