/**
 * @module ChallengeStore on PostgreSQL (see storage/challenges.ts): `INSERT … ON CONFLICT DO
 * NOTHING` on the signature decides, so of several processes claiming one solution one wins.
 */
import { lt } from 'drizzle-orm'
import type { ChallengeStore } from '../storage/challenges.ts'
import type { PgContext } from './context.ts'
import { usedChallenges } from './schema.ts'

export function postgresChallenges(db: PgContext): ChallengeStore {
  const pg = db.db
  return {
    async claim(signature, expiresAt, now) {
      await pg.delete(usedChallenges).where(lt(usedChallenges.expiresAt, now))
      const inserted = await pg
        .insert(usedChallenges)
        .values({ signature, expiresAt })
        .onConflictDoNothing()
        .returning({ signature: usedChallenges.signature })
      return inserted.length > 0
    },
  }
}
