/** @module SenderStore on SQLite (see storage/senders.ts). */
import { and, asc, eq } from 'drizzle-orm'
import type { SenderStore } from '../storage/senders.ts'
import type { SqliteContext } from './context.ts'
import { changeTransaction } from './audit.ts'
import { senders } from './schema.ts'

export function sqliteSenders(db: SqliteContext): SenderStore {
  const d = db.db
  return {
    async list(appId) {
      return d
        .select()
        .from(senders)
        .where(eq(senders.appId, appId))
        .orderBy(asc(senders.createdAt), asc(senders.id))
        .all()
    },

    async create(row) {
      return changeTransaction(db, (changed) => {
        const made = d.insert(senders).values(row).onConflictDoNothing().returning({ id: senders.id }).all().length > 0
        if (made) changed(row.appId, 'senders')
        return made
      })
    },

    async remove(appId, name) {
      return changeTransaction(db, (changed) => {
        const gone =
          d
            .delete(senders)
            .where(and(eq(senders.appId, appId), eq(senders.name, name)))
            .returning({ id: senders.id })
            .all().length > 0
        if (gone) changed(appId, 'senders')
        return gone
      })
    },
  }
}
