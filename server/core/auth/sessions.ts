/**
 * @module Admin-page sessions: a random cookie value whose SHA-256 is the session id.
 */
import type { AppContext } from '../context.ts'
import { hashSecret, randomToken } from '../ids.ts'
import { AUTH } from '../../contract/limits.ts'

export const SESSION_COOKIE = 'svc_session'

/** Starts a session; the returned value goes into the cookie and is not stored. */
export async function createSession(ctx: AppContext, userId: string): Promise<{ value: string; expiresAt: number }> {
  const value = randomToken(32)
  const now = ctx.clock.now()
  const expiresAt = now + AUTH.sessionTtlMs
  await ctx.storage.auth.insertSession({ id: hashSecret(value), userId, createdAt: now, expiresAt })
  return { value, expiresAt }
}

/** The user id of a live session and when it started, or null when unknown or expired (expired ones are removed). */
export async function verifySession(
  ctx: AppContext,
  value: string,
): Promise<{ userId: string; createdAt: number } | null> {
  return ctx.storage.auth.sessionUser(hashSecret(value), ctx.clock.now())
}

/** Ends the session whose cookie value this is (logout); unknown values are ignored. */
export async function deleteSession(ctx: AppContext, value: string): Promise<void> {
  await ctx.storage.auth.deleteSession(hashSecret(value))
}

/** Ends every session of a user except the one whose cookie value is `keep` (password change); returns how many ended. */
export async function deleteOtherSessions(ctx: AppContext, userId: string, keep: string | null): Promise<number> {
  return ctx.storage.auth.deleteSessions(userId, keep === null ? null : hashSecret(keep))
}

/** Removes sessions past their expiry; run at login so the table does not grow forever. */
export async function pruneExpiredSessions(ctx: AppContext): Promise<void> {
  await ctx.storage.auth.pruneSessions(ctx.clock.now())
}
