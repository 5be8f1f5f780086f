/** @module SenderStore on PostgreSQL (see storage/senders.ts); each change notifies every process in its transaction. */
import { and, asc, eq } from 'drizzle-orm'
import type { SenderStore } from '../storage/senders.ts'
import type { PgContext } from './context.ts'
import { senders } from './schema.ts'

export function postgresSenders(db: PgContext): SenderStore {
  const pg = db.db
  return {
    async list(appId) {
      return pg.select().from(senders).where(eq(senders.appId, appId)).orderBy(asc(senders.createdAt), asc(senders.id))
    },

    async create(row) {
      return db.changes.transaction(pg, async (tx, changed) => {
        const made =
          (await tx.insert(senders).values(row).onConflictDoNothing().returning({ id: senders.id })).length > 0
        if (made) changed(row.appId, 'senders')
        return made
      })
    },

    async remove(appId, name) {
      return db.changes.transaction(pg, async (tx, changed) => {
        const gone =
          (
            await tx
              .delete(senders)
              .where(and(eq(senders.appId, appId), eq(senders.name, name)))
              .returning({ id: senders.id })
          ).length > 0
        if (gone) changed(appId, 'senders')
        return gone
      })
    },
  }
}
