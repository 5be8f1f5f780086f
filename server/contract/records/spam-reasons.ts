/**
 * @module Why a record was stored as spam: the reason codes kept in a spam record's
 * `meta.spamReasons` (one or more), each with what it means. The one list every face shows
 * them from: the admin's Data tab and record drawer, `svc-cli share query --spam only`, the docs.
 */
import { SPAM_RULE_REASONS } from '../share/spam-rules.ts'

/** Each reason code and its meaning, as the owner reads it: the honeypot's, the challenge's and the content rules'. */
export const SPAM_REASONS = {
  honeypot: 'The honeypot field was filled in (a person never sees it; bots fill every field)',
  challenge_missing: 'No proof-of-work solution came with the post, and the form asks for one (challenge: flag)',
  challenge_invalid: 'The proof-of-work solution was forged or malformed, or belongs to another form',
  challenge_expired: 'The proof-of-work solution answered a challenge that had expired',
  challenge_replayed: 'The proof-of-work solution was already used by another post',
  ...SPAM_RULE_REASONS,
} as const satisfies Record<string, string>

export type SpamReason = keyof typeof SPAM_REASONS

/** The meaning of `code`; a code this server does not know (e.g. from a newer version) is shown as itself. */
export const spamReasonMeaning = (code: string): string =>
  Object.hasOwn(SPAM_REASONS, code) ? SPAM_REASONS[code as SpamReason] : code
