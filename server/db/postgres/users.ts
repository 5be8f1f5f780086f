/**
 * @module UserStore on PostgreSQL (see storage/users.ts). The unique e-mail is the database's
 * to enforce (a violation becomes `email_taken`); the first-account rule counts under a
 * table lock, so two processes cannot both create the first account.
 */
import { count, eq, lte, sql } from 'drizzle-orm'
import type { UserStore } from '../storage/users.ts'
import { deleteAppRecords } from './app-records.ts'
import type { PgContext } from './context.ts'
import { apps, emailChanges, users } from './schema.ts'
import { refuseOnUnique } from './unique-violation.ts'

const EMAIL_TAKEN = { ok: false, reason: 'email_taken' } as const

/** The users store over the PostgreSQL pool. */
export function postgresUsers(db: PgContext): UserStore {
  // Long: the store's methods, each short, over one pool.
  const pg = db.db
  return {
    async insert(row, options = {}) {
      return refuseOnUnique(
        () =>
          pg.transaction(async (tx) => {
            if (options.onlyFirst) {
              // Blocks other writers of users (readers go on) until commit; a concurrent
              // first sign-up waits here and then counts this one.
              await tx.execute(sql`LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE`)
              const [{ n }] = await tx.select({ n: count() }).from(users)
              if (n > 0) return { ok: false, reason: 'not_first' } as const
            }
            await tx.insert(users).values(row)
            return { ok: true } as const
          }),
        ['users_email_unique'],
        EMAIL_TAKEN,
      )
    },

    async update(id, changes, updatedAt) {
      return refuseOnUnique(
        async () => {
          const [row] = await pg
            .update(users)
            .set({
              ...(changes.email === undefined ? {} : { email: changes.email }),
              ...(changes.name === undefined ? {} : { name: changes.name }),
              updatedAt,
            })
            .where(eq(users.id, id))
            .returning()
          return row ? ({ ok: true, row } as const) : ({ ok: false, reason: 'not_found' } as const)
        },
        ['users_email_unique'],
        EMAIL_TAKEN,
      )
    },

    async setPasswordHash(id, passwordHash, updatedAt) {
      const rows = await pg
        .update(users)
        .set({ passwordHash, updatedAt })
        .where(eq(users.id, id))
        .returning({ id: users.id })
      return rows.length > 0
    },

    async delete(id) {
      return db.changes.transaction(pg, async (tx, changed) => {
        // Locking the account first stops new apps of it (their foreign-key check waits), so
        // every app the cascade removes is announced.
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update')
        if (!user) return null
        const appIds = (await tx.select({ id: apps.id }).from(apps).where(eq(apps.ownerId, id))).map((app) => app.id)
        await deleteAppRecords(tx, appIds)
        await tx.delete(users).where(eq(users.id, id))
        for (const appId of appIds) changed(appId, 'deleted')
        return { appIds }
      })
    },

    async putEmailChange(row) {
      await pg.insert(emailChanges).values(row).onConflictDoUpdate({ target: emailChanges.userId, set: row })
    },

    async emailChangeByHash(tokenHash) {
      const [row] = await pg.select().from(emailChanges).where(eq(emailChanges.tokenHash, tokenHash))
      return row ?? null
    },

    async emailChange(userId) {
      const [row] = await pg.select().from(emailChanges).where(eq(emailChanges.userId, userId))
      return row ?? null
    },

    async deleteEmailChange(userId) {
      const rows = await pg
        .delete(emailChanges)
        .where(eq(emailChanges.userId, userId))
        .returning({ userId: emailChanges.userId })
      return rows.length > 0
    },

    async confirmEmailChange(tokenHash, now) {
      await pg.delete(emailChanges).where(lte(emailChanges.expiresAt, now))
      return refuseOnUnique(
        () =>
          pg.transaction(async (tx) => {
            // Taking the change row first: a second confirmation of the same link waits, then finds it gone.
            const [change] = await tx.delete(emailChanges).where(eq(emailChanges.tokenHash, tokenHash)).returning()
            if (!change || change.expiresAt <= now) return { ok: false, reason: 'not_found' } as const
            const [before] = await tx.select().from(users).where(eq(users.id, change.userId)).for('update')
            if (!before) return { ok: false, reason: 'not_found' } as const
            const [after] = await tx
              .update(users)
              .set({ email: change.newEmail, updatedAt: now })
              .where(eq(users.id, before.id))
              .returning()
            return { ok: true, before, after } as const
          }),
        ['users_email_unique'],
        { ok: false, reason: 'email_taken' } as const,
      )
    },

    async byId(id) {
      const [row] = await pg.select().from(users).where(eq(users.id, id))
      return row ?? null
    },

    async byEmail(email) {
      const [row] = await pg.select().from(users).where(eq(users.email, email))
      return row ?? null
    },

    async count() {
      const [{ n }] = await pg.select({ n: count() }).from(users)
      return n
    },
  }
}
