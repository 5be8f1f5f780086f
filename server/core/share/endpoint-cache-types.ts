/**
 * @module The endpoint cache as the context names it (`ctx.caches.endpoints`,
 * core/context.ts): its interface and the endpoint settings it answers with, as the public
 * routes use them. The cache itself is core/share/endpoint-cache.ts.
 */
import type { ShowIf } from '../../contract/fields/show-if.ts'
import type { RateLimit } from '../../contract/share/rate-limit.ts'
import type { ReadAccess } from '../../contract/share/reads.ts'
import type { ShareTranslations } from '../../contract/share/languages.ts'
import type { SpamRules } from '../../contract/share/spam-rules.ts'
import type { ChallengeMode } from '../../contract/share/challenge.ts'

/** An endpoint's settings as the public routes use them. */
export interface ShareEndpoint {
  appId: string
  /** The account whose access token always reads this endpoint. */
  ownerId: string
  published: boolean
  service: boolean
  reads: ReadAccess
  autoCreate: boolean
  honeypot: string
  /** Effective limit (endpoint setting, else the server's); null = off. */
  rateLimit: RateLimit | null
  redirectOrigins: string[]
  /** Where a browser goes after a form post; null for the hosted thank-you page. */
  thankYouUrl: string | null
  /** The thank-you page (and the fill-in page's own thank-you) offers "Submit another response". */
  submitAnother: boolean
  /** The public summary lists a value only when at least this many records gave it. */
  summaryMinRespondents: number
  /** Closed by hand. */
  closed: boolean
  /** Closes once the app holds this many non-spam records; null for no limit. */
  closeAfter: number | null
  /** Closes at this moment (epoch ms); null for never. */
  closesAt: number | null
  /** The fill-in page's text while closed; '' for the default sentence. */
  closedMessage: string
  /** One response per browser (a cookie). */
  onePerBrowser: boolean
  /** One response per value of this field; null for none. */
  uniqueField: string | null
  /** The condition of each page of the form (page i+1 at i; null for none), contract/share/pages.ts. */
  pageConditions: (ShowIf | null)[]
  /** The language the form's own texts are in. */
  language: string
  /** The thank-you and closed texts in other languages, by language tag (each tag a language the form offers). */
  translations: ShareTranslations
  /** The content rules strangers' posts are checked against; null for none. */
  spamRules: SpamRules | null
  /** The duplicate window in seconds (0: off). */
  dedupeSeconds: number
  /** JSON posts are deduplicated too. */
  dedupeJson: boolean
  /** Proof-of-work challenge: off, flag (spam without a valid solution) or require (refused). */
  challenge: ChallengeMode
  /** Its difficulty (altcha's maxnumber). */
  challengeDifficulty: number
}

export interface EndpointCache {
  /** The endpoint whose current token is `token` (published or not), from the cache or the database; undefined when none. */
  lookup(token: string): Promise<ShareEndpoint | undefined>
}
