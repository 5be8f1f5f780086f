/**
 * @module One attempt to deliver: the target checked (target.ts), a signed POST with a
 * timeout to the address just checked, redirects not followed (a 3xx is a failure: a
 * redirect could lead anywhere, including inside), 2xx = delivered. What came back is kept
 * for the delivery log: the status, the time it took, or the error; never the answer's body
 * (through a misjudged target it would let an owner read what an inside server says).
 *
 * Pinning: the request goes to the checked IP address itself, with the URL's host in the
 * `Host` header and, for https, as the TLS server name (SNI) that the certificate is
 * verified against, so no second DNS look-up happens between the check and the connection.
 */
import type { AttemptOutcome } from '../../db/storage/webhooks.ts'
import { WEBHOOK_LIMITS } from '../../contract/webhooks/events.ts'
import { signedHeaders } from './signing.ts'
import { checkTarget, type TargetNet } from './target.ts'

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

/** `url` with its host replaced by `address`, and the fetch options that keep the name. */
export function pinnedRequest(url: string, address: string): { url: string; host: string; serverName: string | null } {
  const target = new URL(url)
  const pinned = new URL(url)
  pinned.hostname = address.includes(':') ? `[${address}]` : address
  const name = target.hostname.replace(/^\[|\]$/g, '')
  const isName = name !== address && !/^[\d.]+$|:/.test(name)
  return { url: pinned.href, host: target.host, serverName: target.protocol === 'https:' && isName ? name : null }
}

/** Sends one attempt; never throws. `ok` when the target answered 2xx. */
export async function sendAttempt(attempt: Attempt, options: SendOptions): Promise<AttemptOutcome & { ok: boolean }> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const check = await checkTarget(attempt.url, options.allowPrivate, options.net)
  if (!check.ok)
    return { ok: false, status: null, error: `refused: ${check.problem}`, latencyMs: elapsed(), response: null }
  const pinned = pinnedRequest(attempt.url, check.address)
  try {
    const response = await fetch(pinned.url, {
      method: 'POST',
      headers: { ...signedHeaders(attempt.secret, attempt.id, attempt.now, attempt.body), host: pinned.host },
      body: attempt.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? WEBHOOK_LIMITS.timeoutMs),
      ...(pinned.serverName ? { tls: { serverName: pinned.serverName } } : {}),
    })
    await response.body?.cancel().catch(() => {})
    const ok = response.status >= 200 && response.status < 300
    const error = ok
      ? null
      : response.status >= 300 && response.status < 400
        ? `redirect to ${response.headers.get('location') ?? '(no location)'} not followed`
        : `HTTP ${response.status}`
    return { ok, status: response.status, error, latencyMs: elapsed(), response: null }
  } catch (error) {
    const name = (error as Error).name
    const message =
      name === 'TimeoutError' || name === 'AbortError'
        ? `no answer within ${(options.timeoutMs ?? WEBHOOK_LIMITS.timeoutMs) / 1000} s`
        : (error as Error).message
    return { ok: false, status: null, error: message, latencyMs: elapsed(), response: null }
  }
}
