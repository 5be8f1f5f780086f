/**
 * @module ReportStore on PostgreSQL (see storage/reports.ts). Every write holds the app's
 * report lock (part-lock.ts): the page count, the dense positions and a read-modify-write of
 * a page's sections are decided by one process at a time.
 */
import { and, asc, eq } from 'drizzle-orm'
import { moved, renumbered } from '../positions.ts'
import type { ReportPageAdd, ReportPageRow, ReportStore } from '../storage/reports.ts'
import { lockAppPart, type PgQuery } from './part-lock.ts'
import type { PgContext } from './context.ts'
import { FOREIGN_KEY_VIOLATION, pgFailureOf } from './errors.ts'
import { reportPages } from './schema.ts'

const pageRowsOf = (q: PgQuery, appId: string): Promise<ReportPageRow[]> =>
  q
    .select()
    .from(reportPages)
    .where(eq(reportPages.appId, appId))
    .orderBy(asc(reportPages.position), asc(reportPages.id))

/** Writes the positions of `order` as 0, 1, 2… where they differ. */
async function renumber(q: PgQuery, order: readonly ReportPageRow[]): Promise<void> {
  for (const { id, position } of renumbered(order))
    await q.update(reportPages).set({ position }).where(eq(reportPages.id, id))
}

/** The reports store over the PostgreSQL pool. */
export function postgresReports(db: PgContext): ReportStore {
  /** Runs a write holding the app's report lock; `changed` says whether to announce it. */
  const write = <T>(appId: string, work: (tx: PgQuery) => Promise<T>, changedIf: (result: T) => boolean): Promise<T> =>
    db.changes.transaction(db.db, async (tx, changed) => {
      await lockAppPart(tx, 'reports', appId)
      const result = await work(tx)
      if (changedIf(result)) changed(appId, 'app')
      return result
    })

  return {
    listForApp: (appId) => pageRowsOf(db.db, appId),

    async add(page, position, admit) {
      try {
        return await write(
          page.appId,
          async (tx): Promise<ReportPageAdd> => {
            const rows = await pageRowsOf(tx, page.appId)
            admit(rows.length)
            const row: ReportPageRow = { ...page, position: rows.length, updatedAt: page.createdAt }
            await tx.insert(reportPages).values(row)
            if (position !== null) await renumber(tx, moved([...rows, row], rows.length, position))
            return { ok: true }
          },
          (result) => result.ok,
        )
      } catch (error) {
        // The app was deleted under the insert.
        if (pgFailureOf(error)?.code === FOREIGN_KEY_VIOLATION) return { ok: false, reason: 'not_found' }
        throw error
      }
    },

    update: (appId, id, change) =>
      write(
        appId,
        async (tx) => {
          const rows = await pageRowsOf(tx, appId)
          const index = rows.findIndex((row) => row.id === id)
          if (index < 0) return null
          const { position, ...patch } = change(rows[index])
          const [updated] = await tx.update(reportPages).set(patch).where(eq(reportPages.id, id)).returning()
          if (position === undefined) return updated
          await renumber(tx, moved(rows, index, position))
          const [placed] = await tx
            .select()
            .from(reportPages)
            .where(and(eq(reportPages.appId, appId), eq(reportPages.id, id)))
          return placed
        },
        (row) => row !== null,
      ),

    remove: (appId, id) =>
      write(
        appId,
        async (tx) => {
          const gone = await tx
            .delete(reportPages)
            .where(and(eq(reportPages.appId, appId), eq(reportPages.id, id)))
            .returning({ id: reportPages.id })
          if (gone.length === 0) return false
          await renumber(tx, await pageRowsOf(tx, appId))
          return true
        },
        (removed) => removed,
      ),
  }
}
