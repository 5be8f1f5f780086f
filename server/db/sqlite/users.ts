/**
 * @module UserStore on SQLite (see storage/users.ts). Writes that read first run in IMMEDIATE
 * transactions: the write lock is taken up front, so a check and its write are one step.
 */
import { eq, lte } from 'drizzle-orm'
import type { UserRow, UserStore } from '../storage/users.ts'
import type { SqliteContext } from './context.ts'
import { apps, emailChanges, users } from './schema.ts'

/** The users store over the open SQLite database. */
export function sqliteUsers(db: SqliteContext): UserStore {
  // Long: the store's methods, each short, over one database.
  const byEmail = (email: string): UserRow | null =>
    db.db.select().from(users).where(eq(users.email, email)).get() ?? null
  const byId = (id: string): UserRow | null => db.db.select().from(users).where(eq(users.id, id)).get() ?? null
  const count = (): number => db.sqlite.query<{ n: number }, []>('SELECT count(*) AS n FROM users').get()?.n ?? 0

  return {
    async insert(row, options = {}) {
      return db.db.transaction(
        () => {
          if (options.onlyFirst && count() > 0) return { ok: false, reason: 'not_first' } as const
          if (byEmail(row.email)) return { ok: false, reason: 'email_taken' } as const
          db.db.insert(users).values(row).run()
          return { ok: true } as const
        },
        { behavior: 'immediate' },
      )
    },

    async update(id, changes, updatedAt) {
      return db.db.transaction(
        () => {
          const current = byId(id)
          if (!current) return { ok: false, reason: 'not_found' } as const
          const row: UserRow = {
            ...current,
            email: changes.email ?? current.email,
            name: changes.name ?? current.name,
            updatedAt,
          }
          if (row.email !== current.email && byEmail(row.email)) return { ok: false, reason: 'email_taken' } as const
          db.db.update(users).set({ email: row.email, name: row.name, updatedAt }).where(eq(users.id, id)).run()
          return { ok: true, row } as const
        },
        { behavior: 'immediate' },
      )
    },

    async setPasswordHash(id, passwordHash, updatedAt) {
      return (
        db.db.update(users).set({ passwordHash, updatedAt }).where(eq(users.id, id)).returning({ id: users.id }).all()
          .length > 0
      )
    },

    async delete(id) {
      const appIds = db.db.transaction(
        () => {
          const owned = db.db
            .select({ id: apps.id })
            .from(apps)
            .where(eq(apps.ownerId, id))
            .all()
            .map((app) => app.id)
          const deleted = db.db.delete(users).where(eq(users.id, id)).returning({ id: users.id }).all()
          return deleted.length === 0 ? null : owned
        },
        { behavior: 'immediate' },
      )
      if (appIds === null) return null
      for (const appId of appIds) db.changes.emit(appId, 'deleted')
      return { appIds }
    },

    async putEmailChange(row) {
      db.db.insert(emailChanges).values(row).onConflictDoUpdate({ target: emailChanges.userId, set: row }).run()
    },

    async emailChangeByHash(tokenHash) {
      return db.db.select().from(emailChanges).where(eq(emailChanges.tokenHash, tokenHash)).get() ?? null
    },

    async emailChange(userId) {
      return db.db.select().from(emailChanges).where(eq(emailChanges.userId, userId)).get() ?? null
    },

    async deleteEmailChange(userId) {
      return (
        db.db
          .delete(emailChanges)
          .where(eq(emailChanges.userId, userId))
          .returning({ userId: emailChanges.userId })
          .all().length > 0
      )
    },

    async confirmEmailChange(tokenHash, now) {
      return db.db.transaction(
        () => {
          db.db.delete(emailChanges).where(lte(emailChanges.expiresAt, now)).run()
          const change = db.db.select().from(emailChanges).where(eq(emailChanges.tokenHash, tokenHash)).get()
          const before = change && byId(change.userId)
          if (!change || !before) return { ok: false, reason: 'not_found' } as const
          if (byEmail(change.newEmail)) return { ok: false, reason: 'email_taken' } as const
          const after: UserRow = { ...before, email: change.newEmail, updatedAt: now }
          db.db.update(users).set({ email: after.email, updatedAt: now }).where(eq(users.id, before.id)).run()
          db.db.delete(emailChanges).where(eq(emailChanges.userId, before.id)).run()
          return { ok: true, before, after } as const
        },
        { behavior: 'immediate' },
      )
    },

    byId: async (id) => byId(id),
    byEmail: async (email) => byEmail(email),
    count: async () => count(),
  }
}
