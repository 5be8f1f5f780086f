/** @module AlertStore on SQLite (see storage/alerts.ts): a claim is one IMMEDIATE transaction. */
import { and, asc, inArray, isNull, lte, or } from 'drizzle-orm'
import type { AlertRow, AlertStore } from '../storage/alerts.ts'
import { groupByUser } from '../storage/alerts.ts'
import type { SqliteContext } from './context.ts'
import { accountAlerts } from './schema.ts'

/** The alert store over the open SQLite database. */
export function sqliteAlerts(db: SqliteContext): AlertStore {
  const d = db.db
  return {
    async add(row) {
      d.insert(accountAlerts)
        .values({ ...row, leaseUntil: null })
        .run()
    },
    async claimDue({ now, dueAt, leaseUntil }) {
      return d.transaction(
        () => {
          const free = or(isNull(accountAlerts.leaseUntil), lte(accountAlerts.leaseUntil, now))
          const due = d
            .selectDistinct({ userId: accountAlerts.userId })
            .from(accountAlerts)
            .where(and(free, lte(accountAlerts.createdAt, dueAt)))
            .all()
            .map((row) => row.userId)
          if (due.length === 0) return []
          const rows: AlertRow[] = d
            .select({
              id: accountAlerts.id,
              userId: accountAlerts.userId,
              detail: accountAlerts.detail,
              createdAt: accountAlerts.createdAt,
            })
            .from(accountAlerts)
            .where(and(free, inArray(accountAlerts.userId, due)))
            .orderBy(asc(accountAlerts.createdAt), asc(accountAlerts.id))
            .all()
          d.update(accountAlerts)
            .set({ leaseUntil })
            .where(
              inArray(
                accountAlerts.id,
                rows.map((row) => row.id),
              ),
            )
            .run()
          return groupByUser(rows)
        },
        { behavior: 'immediate' },
      )
    },
    async remove(ids) {
      if (ids.length > 0) d.delete(accountAlerts).where(inArray(accountAlerts.id, ids)).run()
    },
  }
}
