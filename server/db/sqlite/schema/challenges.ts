/**
 * @module The proof-of-work solutions already accepted (core/challenge/verify.ts): one row per
 * challenge, keyed by its signature, so a solution counts once; the insert decides. Rows go
 * once their challenge has expired (a solution to it is refused as expired by then anyway).
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

export const usedChallenges = sqliteTable(
  'used_challenges',
  {
    /** The challenge's HMAC signature (hex). */
    signature: text('signature').primaryKey(),
    /** When the challenge expires (epoch ms): the row may go after it. */
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('used_challenges_expires_idx').on(t.expiresAt)],
)
