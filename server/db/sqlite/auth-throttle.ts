/**
 * @module The password log-in throttle of AuthStore on SQLite (see storage/auth.ts): an
 * attempt's check and count are one IMMEDIATE transaction, which holds SQLite's single
 * write lock.
 */
import { and, asc, eq, gt, lte } from 'drizzle-orm'
import type { AuthStore } from '../storage/auth.ts'
import type { SqliteContext } from './context.ts'
import { loginFailures } from './schema.ts'

/** The log-in throttle methods of the SQLite auth store. */
export type ThrottleMethods = Pick<AuthStore, 'beginLoginAttempt' | 'clearLoginFailures' | 'loginFailures'>

/** The log-in throttle over the open SQLite database. */
export function sqliteLoginThrottle(db: SqliteContext): ThrottleMethods {
  const d = db.db
  const immediate = <T>(work: () => T): T => d.transaction(work, { behavior: 'immediate' })
  return {
    async beginLoginAttempt({ email, client, now, windowStart, limit, accountWindowStart, accountLimit }) {
      return immediate(() => {
        // Every address's stale failures go, so the table holds the longer window at most.
        d.delete(loginFailures)
          .where(lte(loginFailures.at, Math.min(windowStart, accountWindowStart)))
          .run()
        const counted = d
          .select({ at: loginFailures.at })
          .from(loginFailures)
          .where(
            and(eq(loginFailures.email, email), eq(loginFailures.client, client), gt(loginFailures.at, windowStart)),
          )
          .orderBy(asc(loginFailures.at))
          .limit(limit)
          .all()
        if (counted.length >= limit) return { ok: false, oldestAt: counted[0].at } as const
        const accountFailures = d
          .select({ at: loginFailures.at })
          .from(loginFailures)
          .where(and(eq(loginFailures.email, email), gt(loginFailures.at, accountWindowStart)))
          .limit(accountLimit)
          .all().length
        d.insert(loginFailures).values({ email, client, at: now }).run()
        return { ok: true, accountFailures } as const
      })
    },

    async clearLoginFailures(email, client) {
      d.delete(loginFailures)
        .where(and(eq(loginFailures.email, email), eq(loginFailures.client, client)))
        .run()
    },

    async loginFailures(email, since) {
      return d
        .select({ at: loginFailures.at })
        .from(loginFailures)
        .where(and(eq(loginFailures.email, email), gt(loginFailures.at, since)))
        .all().length
    },
  }
}
