/**
 * @module Admin-page sessions: a random cookie value whose SHA-256 is the session id.
 */
import { and, eq, lte, ne } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { sessions } from '../../db/sqlite/schema.ts'
import { hashSecret, randomToken } from '../ids.ts'
import { AUTH } from '../limits.ts'

export const SESSION_COOKIE = 'svc_session'

/** Starts a session; the returned value goes into the cookie and is not stored. */
export async function createSession(ctx: AppContext, userId: string): Promise<{ value: string; expiresAt: number }> {
  const value = randomToken(32)
  const now = ctx.clock.now()
  const expiresAt = now + AUTH.sessionTtlMs
  ctx.store.db.insert(sessions).values({ id: hashSecret(value), userId, createdAt: now, expiresAt }).run()
  return { value, expiresAt }
}

/** The user id of a live session, or null when unknown or expired (expired ones are removed). */
export async function verifySession(ctx: AppContext, value: string): Promise<{ userId: string } | null> {
  const id = hashSecret(value)
  const row = ctx.store.db.select().from(sessions).where(eq(sessions.id, id)).get()
  if (!row) return null
  if (row.expiresAt <= ctx.clock.now()) {
    ctx.store.db.delete(sessions).where(eq(sessions.id, id)).run()
    return null
  }
  return { userId: row.userId }
}

/** Ends the session whose cookie value this is (logout); unknown values are ignored. */
export async function deleteSession(ctx: AppContext, value: string): Promise<void> {
  ctx.store.db.delete(sessions).where(eq(sessions.id, hashSecret(value))).run()
}

/** Ends every session of a user except the one whose cookie value is `keep` (password change); returns how many ended. */
export async function deleteOtherSessions(ctx: AppContext, userId: string, keep: string | null): Promise<number> {
  const mine = eq(sessions.userId, userId)
  return ctx.store.db
    .delete(sessions)
    .where(keep === null ? mine : and(mine, ne(sessions.id, hashSecret(keep))))
    .returning({ id: sessions.id })
    .all().length
}

/** Removes sessions past their expiry; run at login so the table does not grow forever. */
export async function pruneExpiredSessions(ctx: AppContext): Promise<void> {
  ctx.store.db.delete(sessions).where(lte(sessions.expiresAt, ctx.clock.now())).run()
}
