/**
 * @module Per-endpoint rate limits: stored as text in the canonical form `<rate>/s,<burst>`
 * or `off`; null in the row means "the server default" (SVC_RATE_LIMIT).
 */
import { parseRateLimit, type Config, type RateLimit } from '../../config.ts'

/** `{rate:20, burst:100}` → `20/s,100`; null (no limit) → `off`. */
export const formatRateLimit = (limit: RateLimit | null): string => (limit === null ? 'off' : `${limit.rate}/s,${limit.burst}`)

/** The canonical text of a valid rate-limit setting (`20/s` → `20/s,100`, ` OFF ` → `off`). */
export const normalizeRateLimit = (raw: string): string => formatRateLimit(parseRateLimit(raw, 'rateLimit'))

/** The limit an endpoint runs with: its own setting, else the server default; null = unlimited. */
export function endpointRateLimit(config: Pick<Config, 'rateLimit'>, stored: string | null): RateLimit | null {
  return stored === null ? config.rateLimit : parseRateLimit(stored, 'rateLimit')
}
