/**
 * @module The storage of endpoints (an app's share settings and token): the interface core
 * calls (implemented in sqlite/share.ts and postgres/share.ts) and its plain row types. The
 * token arrives as core made it: a SHA-256 for lookup and a sealed copy for the owner.
 */
import type { ReadAccess } from '../../contract/share/reads.ts'
import type { ChallengeMode } from '../../contract/share/challenge.ts'

/** An app's endpoint row (one per app, made with it). */
export interface EndpointRow {
  appId: string
  tokenHash: string | null
  tokenCipher: string | null
  published: boolean
  service: boolean
  reads: ReadAccess
  autoCreate: boolean
  honeypot: string
  /** `20/s,100`, `off`, or null for the server default. */
  rateLimit: string | null
  /** JSON text: an array of origins. */
  redirectOrigins: string
  /** The hosted thank-you page's text; '' for the default. */
  thankYouMessage: string
  /** Where a browser goes after a form post; null for the hosted thank-you page. */
  thankYouUrl: string | null
  /** The hosted thank-you page offers "Submit another response". */
  submitAnother: boolean
  /** The public summary lists a value only when at least this many records gave it. */
  summaryMinRespondents: number
  /** Closed by hand. */
  closed: boolean
  /** Closes once the app holds this many non-spam records; null for no limit. */
  closeAfter: number | null
  /** Closes at this moment (epoch ms); null for never. */
  closesAt: number | null
  /** The hosted page's text while closed; '' for the default. */
  closedMessage: string
  /** One response per browser (a cookie). */
  onePerBrowser: boolean
  /** One response per value of this field; null for none. */
  uniqueField: string | null
  /** Records (not spam) older than this many days are deleted; null keeps them. */
  keepRecordsDays: number | null
  /** Spam older than this many days is deleted; null keeps it. */
  keepSpamDays: number | null
  /** JSON text `{"pages": [...]}` (contract/share/pages.ts); null for no page layout. */
  formLayout: string | null
  /** The language the form's own texts are in. */
  language: string
  /** JSON text: the thank-you and closed texts in other languages, by language tag. */
  translations: string
  /** JSON text of the content rules (contract/share/spam-rules.ts); null for none. */
  spamRules: string | null
  /** The duplicate window in seconds (0: off). */
  dedupeSeconds: number
  /** JSON posts are deduplicated too. */
  dedupeJson: boolean
  /** Proof-of-work challenge: off, flag or require. */
  challenge: ChallengeMode
  /** Its difficulty (altcha's maxnumber). */
  challengeDifficulty: number
  publishedAt: number | null
  createdAt: number
  updatedAt: number
}

/** An endpoint with its app's owner, whose access token always reads it. */
export interface EndpointWithOwner extends EndpointRow {
  ownerId: string
}

/** The columns of a new endpoint that differ from the schema's defaults. */
export type NewEndpoint = Partial<Omit<EndpointRow, 'appId' | 'createdAt' | 'updatedAt'>>

/** A token's stored form. */
export interface EndpointToken {
  tokenHash: string
  tokenCipher: string
}

/** Settings to change; those left out stay. */
export interface EndpointSettings {
  service?: boolean
  reads?: ReadAccess
  autoCreate?: boolean
  honeypot?: string
  rateLimit?: string | null
  /** JSON text. */
  redirectOrigins?: string
  thankYouMessage?: string
  thankYouUrl?: string | null
  submitAnother?: boolean
  summaryMinRespondents?: number
  closed?: boolean
  closeAfter?: number | null
  closesAt?: number | null
  closedMessage?: string
  onePerBrowser?: boolean
  uniqueField?: string | null
  keepRecordsDays?: number | null
  keepSpamDays?: number | null
  /** JSON text; null clears the layout. */
  formLayout?: string | null
  language?: string
  /** JSON text. */
  translations?: string
  /** JSON text, or null for none. */
  spamRules?: string | null
  dedupeSeconds?: number
  dedupeJson?: boolean
  challenge?: ChallengeMode
  challengeDifficulty?: number
}

/** A change of the endpoint: the row after it, and whether anything changed. */
export type EndpointChange =
  | { ok: true; row: EndpointRow; changed: boolean }
  | { ok: false; reason: 'not_found' | 'token_taken' }

export interface ShareStore {
  endpoint(appId: string): Promise<EndpointRow | null>
  /** The endpoint whose current token has this hash (published or not). */
  byTokenHash(tokenHash: string): Promise<EndpointWithOwner | null>
  /**
   * Changes settings; announces `endpoint`. Refused when the new honeypot is the name of one
   * of the app's fields, or the new unique field is not one (checked under the same lock as
   * adding or removing a field).
   */
  update(
    appId: string,
    settings: EndpointSettings,
    updatedAt: number,
  ): Promise<
    { ok: true; row: EndpointRow } | { ok: false; reason: 'not_found' | 'honeypot_is_field' | 'unique_not_field' }
  >
  /**
   * Publishes (idempotent: an open endpoint is left as it is). `token` becomes the endpoint's
   * token only when it has none yet (the first publish). Announces `endpoint` on a change.
   */
  publish(appId: string, token: EndpointToken, now: number): Promise<EndpointChange>
  /** Unpublishes, keeping the token (idempotent). Announces `endpoint` on a change. */
  unpublish(appId: string, now: number): Promise<EndpointChange>
  /** Replaces the token; refused (`no_token`) before the first publish. Announces `endpoint`. */
  rotate(appId: string, token: EndpointToken, now: number): Promise<EndpointChange | { ok: false; reason: 'no_token' }>
}
