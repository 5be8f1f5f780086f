/**
 * @module ChallengeStore on SQLite (see storage/challenges.ts): the prune and the insert are
 * one IMMEDIATE transaction; the primary key decides.
 */
import { lt } from 'drizzle-orm'
import type { ChallengeStore } from '../storage/challenges.ts'
import type { SqliteContext } from './context.ts'
import { usedChallenges } from './schema.ts'

export function sqliteChallenges(db: SqliteContext): ChallengeStore {
  const d = db.db
  return {
    async claim(signature, expiresAt, now) {
      return d.transaction(
        () => {
          d.delete(usedChallenges).where(lt(usedChallenges.expiresAt, now)).run()
          const inserted = d
            .insert(usedChallenges)
            .values({ signature, expiresAt })
            .onConflictDoNothing()
            .returning({ signature: usedChallenges.signature })
            .all()
          return inserted.length > 0
        },
        { behavior: 'immediate' },
      )
    },
  }
}
