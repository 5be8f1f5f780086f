/**
 * @module The proof-of-work solutions already accepted (core/challenge/verify.ts): one row per
 * challenge, keyed by its signature, so a solution counts once, across processes too; the
 * insert decides. Rows go once their challenge has expired.
 */
import { index, pgTable, text } from 'drizzle-orm/pg-core'
import { millis } from './columns.ts'

export const usedChallenges = pgTable(
  'used_challenges',
  {
    /** The challenge's HMAC signature (hex). */
    signature: text('signature').primaryKey(),
    /** When the challenge expires (epoch ms): the row may go after it. */
    expiresAt: millis('expires_at').notNull(),
  },
  (t) => [index('used_challenges_expires_idx').on(t.expiresAt)],
)
