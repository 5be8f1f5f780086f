/**
 * @module The `Share` the API shows the owner: switches, limits, the endpoint token and URL
 * opened from their sealed copy, and `warnings` when reads are open (docs/design.md rule 16).
 */
import type { ShareTranslations } from '../../contract/share/languages.ts'
import type { Share } from '../../contract/api/share.ts'
import type { AppContext } from '../context.ts'
import type { EndpointRow } from '../../db/storage/share.ts'
import { endpointUrl } from '../apps/urls.ts'
import { notFound } from '../../contract/errors.ts'
import { endpointRateLimit, formatRateLimit } from '../../contract/share/rate-limit.ts'
import { warningsOf } from '../../contract/share/reads.ts'
import { closedBy } from '../../contract/share/closing.ts'
import { pagesOfLayout } from '../../contract/share/pages.ts'
import { spamRulesOf } from '../../contract/share/spam-rules.ts'

/** An app's stored share settings. */
export type SettingsRow = EndpointRow

export type { Share }

/** The endpoint row of an app; every app has one from its creation. */
export async function endpointRowOf(ctx: AppContext, appId: string): Promise<SettingsRow> {
  const row = await ctx.storage.share.endpoint(appId)
  // Every app has its endpoint row from its creation: missing, the app was just deleted.
  if (!row) throw notFound('App')
  return row
}

/** The owner's view of an endpoint row, with the records it holds now and whether that closes it. */
export async function toShare(ctx: AppContext, row: SettingsRow): Promise<Share> {
  const records = (await ctx.storage.stats.counters(row.appId))?.kept ?? 0
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
    submitAnother: row.submitAnother,
    summaryMinRespondents: row.summaryMinRespondents,
    closed: row.closed,
    closeAfter: row.closeAfter,
    closesAt: row.closesAt === null ? null : new Date(row.closesAt).toISOString(),
    closedMessage: row.closedMessage,
    onePerBrowser: row.onePerBrowser,
    uniqueField: row.uniqueField,
    keepRecordsDays: row.keepRecordsDays,
    keepSpamDays: row.keepSpamDays,
    pages: pagesOfLayout(row.formLayout),
    language: row.language,
    translations: JSON.parse(row.translations) as ShareTranslations,
    spamRules: spamRulesOf(row.spamRules),
    dedupeSeconds: row.dedupeSeconds,
    dedupeJson: row.dedupeJson,
    challenge: row.challenge,
    challengeDifficulty: row.challengeDifficulty,
    records,
    closedNow: closedBy(row, ctx.clock.now(), records) !== null,
    publishedAt: row.publishedAt === null ? null : new Date(row.publishedAt).toISOString(),
    ...warningsOf(row.reads),
  }
}
