/**
 * @module ReportStore on SQLite (see storage/reports.ts). Writes run in IMMEDIATE
 * transactions, so counting and renumbering the pages inside one is final.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'
import { moved, renumbered } from '../positions.ts'
import type { ReportPageAdd, ReportPageRow, ReportStore } from '../storage/reports.ts'
import type { SqliteContext } from './context.ts'
import { announcedTransaction } from './audit.ts'
import type * as schema from './schema.ts'
import { reportPages } from './schema.ts'

/** The database or a transaction on it. */
type Queryable = BaseSQLiteDatabase<'sync', void, typeof schema>

const pageRowsOf = (q: Queryable, appId: string): ReportPageRow[] =>
  q
    .select()
    .from(reportPages)
    .where(eq(reportPages.appId, appId))
    .orderBy(asc(reportPages.position), asc(reportPages.id))
    .all()

/** Writes the positions of `order` as 0, 1, 2… where they differ. */
function renumber(q: Queryable, order: readonly ReportPageRow[]): void {
  for (const { id, position } of renumbered(order))
    q.update(reportPages).set({ position }).where(eq(reportPages.id, id)).run()
}

/** The reports store over the open SQLite database. */
export function sqliteReports(db: SqliteContext): ReportStore {
  return {
    async listForApp(appId) {
      return pageRowsOf(db.db, appId)
    },

    async add(page, position, admit) {
      const result = announcedTransaction(
        db,
        (tx): ReportPageAdd => {
          const rows = pageRowsOf(tx, page.appId)
          admit(rows.length)
          if (!tx.get<{ one: number }>(sql`SELECT 1 AS one FROM apps WHERE id = ${page.appId}`))
            return { ok: false, reason: 'not_found' }
          const row: ReportPageRow = { ...page, position: rows.length, updatedAt: page.createdAt }
          tx.insert(reportPages).values(row).run()
          if (position !== null) renumber(tx, moved([...rows, row], rows.length, position))
          return { ok: true }
        },
        (result) => (result.ok ? [page.appId, 'app'] : null),
      )
      return result
    },

    async update(appId, id, change) {
      const row = announcedTransaction(
        db,
        (tx) => {
          const rows = pageRowsOf(tx, appId)
          const index = rows.findIndex((r) => r.id === id)
          if (index < 0) return null
          const { position, ...patch } = change(rows[index])
          const updated = tx.update(reportPages).set(patch).where(eq(reportPages.id, id)).returning().get()!
          if (position !== undefined) {
            renumber(tx, moved(rows, index, position))
            return tx
              .select()
              .from(reportPages)
              .where(and(eq(reportPages.appId, appId), eq(reportPages.id, id)))
              .get()!
          }
          return updated
        },
        (row) => (row ? [appId, 'app'] : null),
      )
      return row
    },

    async remove(appId, id) {
      const removed = announcedTransaction(
        db,
        (tx) => {
          const gone = tx
            .delete(reportPages)
            .where(and(eq(reportPages.appId, appId), eq(reportPages.id, id)))
            .returning({ id: reportPages.id })
            .all()
          if (gone.length === 0) return false
          renumber(tx, pageRowsOf(tx, appId))
          return true
        },
        (removed) => (removed ? [appId, 'app'] : null),
      )
      return removed
    },
  }
}
