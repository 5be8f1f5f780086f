/**
 * @module The `Share` the API shows the owner: switches, limits, the endpoint token and URL
 * opened from their sealed copy, and `warnings` when reads are open (DESIGN rule 16).
 */
import type { AppContext } from '../../context.ts'
import type { EndpointRow } from '../../db/storage/share.ts'
import { endpointUrl } from '../apps/urls.ts'
import { notFound } from '../../contract/errors.ts'
import { endpointRateLimit, formatRateLimit } from '../../contract/share/rate-limit.ts'
import { warningsOf, type ReadAccess } from '../../contract/share/reads.ts'

/** An app's stored share settings. */
export type SettingsRow = EndpointRow

export interface Share {
  published: boolean
  token: string | null
  endpoint: string | null
  service: boolean
  /** Who reads with the endpoint token alone (`off`: only the owner, with an access token). */
  reads: ReadAccess
  autoCreate: boolean
  honeypot: string
  /** The endpoint's own setting; null means the server default. */
  rateLimit: string | null
  /** What applies: the endpoint's setting or the server default, `off` for none. */
  effectiveRateLimit: string
  redirectOrigins: string[]
  /** What the hosted thank-you page says after a form post; '' for the default sentence. */
  thankYouMessage: string
  /** Where a browser goes after a form post instead of the hosted thank-you page; null for that page. */
  thankYouUrl: string | null
  /** The public summary lists a value only when at least this many records gave it (the owner reads every value). */
  summaryMinRespondents: number
  publishedAt: string | null
  /** Present when reads are open: what anyone holding the endpoint or fill-in link can read. */
  warnings?: string[]
}

/** The endpoint row of an app; every app has one from its creation. */
export async function endpointRowOf(ctx: AppContext, appId: string): Promise<SettingsRow> {
  const row = await ctx.storage.share.endpoint(appId)
  // Every app has its endpoint row from its creation: missing, the app was just deleted.
  if (!row) throw notFound('App')
  return row
}

/** The owner's view of an endpoint row. */
export function toShare(ctx: AppContext, row: SettingsRow): Share {
  const token = row.tokenCipher === null ? null : ctx.sealer.open(row.tokenCipher)
  return {
    published: row.published,
    token,
    endpoint: token === null ? null : endpointUrl(ctx.config.baseUrl, token),
    service: row.service,
    reads: row.reads,
    autoCreate: row.autoCreate,
    honeypot: row.honeypot,
    rateLimit: row.rateLimit,
    effectiveRateLimit: formatRateLimit(endpointRateLimit(ctx.config, row.rateLimit)),
    redirectOrigins: JSON.parse(row.redirectOrigins) as string[],
    thankYouMessage: row.thankYouMessage,
    thankYouUrl: row.thankYouUrl,
    summaryMinRespondents: row.summaryMinRespondents,
    publishedAt: row.publishedAt === null ? null : new Date(row.publishedAt).toISOString(),
    ...warningsOf(row.reads),
  }
}
