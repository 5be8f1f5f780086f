/**
 * @module AlertStore on PostgreSQL (see storage/alerts.ts): a claim holds one advisory lock
 * to the end of its transaction, so claims of several processes follow one another and an
 * alert is leased by one of them only (alerts are rare; one lock for all is enough).
 */
import { and, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import type { AlertRow, AlertStore } from '../storage/alerts.ts'
import { groupByUser } from '../storage/alerts.ts'
import type { PgContext } from './context.ts'
import { accountAlerts } from './schema.ts'

/** The alert store over the PostgreSQL database. */
export function postgresAlerts(db: PgContext): AlertStore {
  const pg = db.db
  return {
    async add(row) {
      await pg.insert(accountAlerts).values({ ...row, leaseUntil: null })
    },
    async claimDue({ now, dueAt, leaseUntil }) {
      return pg.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('svc:account-alerts', 0))`)
        const free = or(isNull(accountAlerts.leaseUntil), lte(accountAlerts.leaseUntil, now))
        const due = (
          await tx
            .selectDistinct({ userId: accountAlerts.userId })
            .from(accountAlerts)
            .where(and(free, lte(accountAlerts.createdAt, dueAt)))
        ).map((row) => row.userId)
        if (due.length === 0) return []
        const rows: AlertRow[] = await tx
          .update(accountAlerts)
          .set({ leaseUntil })
          .where(and(free, inArray(accountAlerts.userId, due)))
          .returning({
            id: accountAlerts.id,
            userId: accountAlerts.userId,
            detail: accountAlerts.detail,
            createdAt: accountAlerts.createdAt,
          })
        rows.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        return groupByUser(rows)
      })
    },
    async remove(ids) {
      if (ids.length > 0) await pg.delete(accountAlerts).where(inArray(accountAlerts.id, ids))
    },
  }
}
