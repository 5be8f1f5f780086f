/**
 * @module The settings of published endpoints by token, as the public routes use them,
 * cached per process. An entry is dropped as soon as the change feed reports anything about
 * its app (settings, publication, token, deletion) — on PostgreSQL also changes other
 * processes committed — and everything is dropped when notices may have been missed
 * (EVERY_APP). The cache only spares a read: whatever it holds was read from the database
 * and is dropped at the first notice; it decides nothing else.
 */
import { pageConditionsOf, pagesOfLayout } from '../../contract/share/pages.ts'
import type { ShareTranslations } from '../../contract/share/languages.ts'
import type { Config } from '../../config.ts'
import type { Storage } from '../../db/storage.ts'
import type { EVERY_APP as EveryApp } from '../../db/storage/changes.ts'
import type { ChangeFeed } from '../changes.ts'
import type { Logger } from '../logger.ts'
import type { RateLimiter } from '../ratelimit.ts'
import { findEndpointByToken } from './lookup.ts'
import { parseRateLimit, type RateLimit } from '../../contract/share/rate-limit.ts'
import type { ReadPath } from '../../contract/share/reads.ts'
import { spamRulesOf } from '../../contract/share/spam-rules.ts'
import type { EndpointCache, ShareEndpoint } from './endpoint-cache-types.ts'

/** Stands for all apps in a change notice (storage/changes.ts). */
const EVERY_APP: typeof EveryApp = '*'

/**
 * What a request does: write records, fetch a proof-of-work challenge (core/challenge: checked
 * as a write, limited in a bucket of its own), or read one of the read paths.
 */
export type ShareMode = 'write' | 'challenge' | ReadPath

/** The rate-limit bucket of a request: writes, challenges and reads have one each per app; /query and /summary share the read bucket. */
export const rateBucket = (appId: string, mode: ShareMode): string =>
  `${appId}:${mode === 'write' || mode === 'challenge' ? mode : 'read'}`

/** What the cache is made of: the storage it reads, the feed it follows, and the limiter whose buckets a change resets. */
export interface EndpointCacheParts {
  storage: Storage
  changes: ChangeFeed
  config: Pick<Config, 'rateLimit'>
  log: Logger
  limiter: RateLimiter
}

/** A cache that follows `changes` from now on. */
export function createEndpointCache({ storage, changes, config, log, limiter }: EndpointCacheParts): EndpointCache {
  const byToken = new Map<string, ShareEndpoint>()
  const tokensByApp = new Map<string, Set<string>>()
  // Counts the notices that dropped entries, so a load that a notice overtook is not kept.
  let dropped = 0

  changes.subscribe((appId, kind) => {
    if (kind === 'records' || kind === 'fields' || kind === 'webhooks') return
    dropped++
    if (appId === EVERY_APP) {
      byToken.clear()
      tokensByApp.clear()
      return
    }
    for (const token of tokensByApp.get(appId) ?? []) byToken.delete(token)
    tokensByApp.delete(appId)
    // The rate limit may have changed: the next request starts a full bucket under the new one.
    limiter.reset(rateBucket(appId, 'write'))
    limiter.reset(rateBucket(appId, 'query'))
  })

  function effectiveRateLimit(raw: string | null): RateLimit | null {
    if (raw === null || raw.trim() === '') return config.rateLimit
    try {
      return parseRateLimit(raw)
    } catch {
      log.warn('endpoint rate limit unreadable; using the server default', { rateLimit: raw })
      return config.rateLimit
    }
  }

  async function load(token: string): Promise<ShareEndpoint | undefined> {
    const row = await findEndpointByToken({ storage }, token)
    if (!row) return undefined
    let redirectOrigins: string[] = []
    try {
      const parsed = JSON.parse(row.redirectOrigins) as unknown
      if (Array.isArray(parsed)) redirectOrigins = parsed.filter((o): o is string => typeof o === 'string')
    } catch {
      // An unreadable list allows no redirects.
    }
    return {
      appId: row.appId,
      ownerId: row.ownerId,
      published: row.published,
      service: row.service,
      reads: row.reads,
      autoCreate: row.autoCreate,
      honeypot: row.honeypot,
      rateLimit: effectiveRateLimit(row.rateLimit),
      redirectOrigins,
      thankYouUrl: row.thankYouUrl,
      submitAnother: row.submitAnother,
      summaryMinRespondents: row.summaryMinRespondents,
      closed: row.closed,
      closeAfter: row.closeAfter,
      closesAt: row.closesAt,
      closedMessage: row.closedMessage,
      language: row.language,
      translations: JSON.parse(row.translations) as ShareTranslations,
      onePerBrowser: row.onePerBrowser,
      uniqueField: row.uniqueField,
      pageConditions: pageConditionsOf(pagesOfLayout(row.formLayout)),
      spamRules: spamRulesOf(row.spamRules),
      dedupeSeconds: row.dedupeSeconds,
      dedupeJson: row.dedupeJson,
      challenge: row.challenge,
      challengeDifficulty: row.challengeDifficulty,
    }
  }

  return {
    async lookup(token) {
      const cached = byToken.get(token)
      if (cached) return cached
      const before = dropped
      const endpoint = await load(token)
      // A notice that came while the row was being read may have made it stale: it serves
      // this request (it was current when read) but is not kept.
      if (endpoint && dropped === before) {
        byToken.set(token, endpoint)
        let tokens = tokensByApp.get(endpoint.appId)
        if (!tokens) {
          tokens = new Set()
          tokensByApp.set(endpoint.appId, tokens)
        }
        tokens.add(token)
      }
      return endpoint
    },
  }
}
