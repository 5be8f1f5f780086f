/**
 * @module Per-endpoint rate limits: stored as text in the canonical form `<rate>/s,<burst>`
 * or `off`; null in the row means "the server default" (SVC_RATE_LIMIT). Pure, so the
 * share settings schema that the CLI validates with can use it.
 */
import { LIMITS } from '../limits.ts'

/** Token-bucket settings: `rate` tokens per second refill, at most `burst` stored. */
export interface RateLimit {
  rate: number
  burst: number
}

/** The server's rate limit when SVC_RATE_LIMIT is not set. */
export const DEFAULT_RATE_LIMIT = '20/s,100'

/** A rate limit that does not read as `20/s,100`, `20/s` or `off`; the message names the setting. */
export class RateLimitSyntaxError extends Error {
  override name = 'RateLimitSyntaxError'
}

/** Parses `20/s,100`, `20/s` (burst 5× rate) or `off`; `name` is the setting named in the error. */
export function parseRateLimit(raw: string, name = 'rateLimit'): RateLimit | null {
  const text = raw.trim().toLowerCase()
  if (text === 'off') return null
  const match = /^(\d+(?:\.\d+)?)\s*\/\s*s(?:\s*,\s*(\d+))?$/.exec(text)
  if (!match) throw new RateLimitSyntaxError(`${name} must look like "20/s,100" or "off", got "${raw}"`)
  const rate = Number(match[1])
  const burst = match[2] === undefined ? Math.max(1, Math.ceil(rate * 5)) : Number(match[2])
  if (rate <= 0 || burst < 1)
    throw new RateLimitSyntaxError(`${name} needs a rate above 0 and a burst of at least 1, got "${raw}"`)
  return { rate, burst }
}

/** Null when `raw` is a usable rate limit, else the reason it is not. */
export function rateLimitProblem(raw: string, name = 'rateLimit'): string | null {
  try {
    parseRateLimit(raw, name)
    return null
  } catch (error) {
    if (error instanceof RateLimitSyntaxError) return error.message
    throw error
  }
}

/** `{rate:20, burst:100}` → `20/s,100`; null (no limit) → `off`. */
export const formatRateLimit = (limit: RateLimit | null): string =>
  limit === null ? 'off' : `${limit.rate}/s,${limit.burst}`

/** The canonical text of a valid rate-limit setting (`20/s` → `20/s,100`, ` OFF ` → `off`). */
export const normalizeRateLimit = (raw: string): string => formatRateLimit(parseRateLimit(raw))

/** The limit an endpoint runs with: its own setting, else the server default (`Config.rateLimit`); null = unlimited. */
export function endpointRateLimit(config: { rateLimit: RateLimit | null }, stored: string | null): RateLimit | null {
  return stored === null ? config.rateLimit : parseRateLimit(stored)
}

/** The limit of one client address on an endpoint: `LIMITS.clientRateShare` of the endpoint's rate and burst. */
export function clientRateLimit(limit: RateLimit): RateLimit {
  return {
    rate: limit.rate * LIMITS.clientRateShare,
    burst: Math.max(1, Math.floor(limit.burst * LIMITS.clientRateShare)),
  }
}
