/**
 * @module The password log-in throttle of AuthStore on PostgreSQL (see storage/auth.ts): an
 * attempt is checked and counted under an advisory lock per address and client, held to the
 * end of the transaction (READ COMMITTED: the count after the lock sees every earlier commit).
 */
import { and, asc, eq, gt, lte } from 'drizzle-orm'
import type { AuthStore } from '../storage/auth.ts'
import { lockAddress } from './address-lock.ts'
import type { PgContext } from './context.ts'
import { loginFailures } from './schema.ts'

/** The log-in throttle methods of the PostgreSQL auth store. */
export type ThrottleMethods = Pick<AuthStore, 'beginLoginAttempt' | 'clearLoginFailures' | 'loginFailures'>

/** The log-in throttle over the PostgreSQL pool. */
export function postgresLoginThrottle(db: PgContext): ThrottleMethods {
  const pg = db.db
  return {
    async beginLoginAttempt({ email, client, now, windowStart, limit, accountWindowStart, accountLimit }) {
      // Every address's stale failures go (outside the lock), so the table holds the longer window at most.
      await pg.delete(loginFailures).where(lte(loginFailures.at, Math.min(windowStart, accountWindowStart)))
      return pg.transaction(async (tx) => {
        await lockAddress(tx, 'login', `${email}\n${client}`)
        const counted = await tx
          .select({ at: loginFailures.at })
          .from(loginFailures)
          .where(
            and(eq(loginFailures.email, email), eq(loginFailures.client, client), gt(loginFailures.at, windowStart)),
          )
          .orderBy(asc(loginFailures.at))
          .limit(limit)
        if (counted.length >= limit) return { ok: false, oldestAt: counted[0].at } as const
        // Not under a lock of the address: the account's count only decides when a code is asked for.
        const account = await tx
          .select({ at: loginFailures.at })
          .from(loginFailures)
          .where(and(eq(loginFailures.email, email), gt(loginFailures.at, accountWindowStart)))
          .limit(accountLimit)
        await tx.insert(loginFailures).values({ email, client, at: now })
        return { ok: true, accountFailures: account.length } as const
      })
    },

    async clearLoginFailures(email, client) {
      await pg.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.client, client)))
    },

    async loginFailures(email, since) {
      const rows = await pg
        .select({ at: loginFailures.at })
        .from(loginFailures)
        .where(and(eq(loginFailures.email, email), gt(loginFailures.at, since)))
      return rows.length
    },
  }
}
