/**
 * @module Accounts: creation, lookup and the public view of a user.
 */
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { users } from '../../db/sqlite/schema.ts'
import { hashPassword } from '../auth/passwords.ts'
import { AppError, notFound } from '../errors.ts'
import { newId } from '../ids.ts'

export type UserRow = typeof users.$inferSelect

/** What the API shows of an account; never the password hash. */
export interface PublicUser {
  id: string
  email: string
  name: string
  hasPassword: boolean
  createdAt: string
}

/** The stored form of an e-mail address: trimmed and lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

/** The API view of an account row. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    hasPassword: row.passwordHash !== null,
    createdAt: new Date(row.createdAt).toISOString(),
  }
}

/**
 * Inserts an account. The caller has validated inputs; `guard` (e.g. the signup policy)
 * runs inside the same write transaction, so two concurrent sign-ups cannot both pass it.
 */
export async function insertUser(
  ctx: AppContext,
  input: { email: string; name?: string; password?: string | null },
  guard?: () => void,
): Promise<UserRow> {
  const passwordHash = input.password ? await hashPassword(input.password) : null
  return ctx.store.db.transaction(() => {
    guard?.()
    const now = ctx.clock.now()
    const row: UserRow = {
      id: newId(),
      email: normalizeEmail(input.email),
      name: input.name?.trim() ?? '',
      passwordHash,
      createdAt: now,
      updatedAt: now,
    }
    if (findUserByEmailSync(ctx, row.email)) {
      throw new AppError(409, 'conflict', `An account with e-mail ${row.email} already exists; log in instead`)
    }
    ctx.store.db.insert(users).values(row).run()
    return row
  }, { behavior: 'immediate' })
}

/** Changes name and/or e-mail; 409 when another account has the e-mail. Returns the new row. */
export async function updateUser(ctx: AppContext, id: string, changes: { name?: string; email?: string }): Promise<UserRow> {
  return ctx.store.db.transaction(() => {
    const current = findUserByIdSync(ctx, id)
    if (!current) throw notFound('Account')
    const email = changes.email === undefined ? current.email : normalizeEmail(changes.email)
    if (email !== current.email && findUserByEmailSync(ctx, email)) {
      throw new AppError(409, 'conflict', `Another account already uses e-mail ${email}; choose a different address`)
    }
    const row: UserRow = { ...current, email, name: changes.name?.trim() ?? current.name, updatedAt: ctx.clock.now() }
    ctx.store.db.update(users).set({ email: row.email, name: row.name, updatedAt: row.updatedAt }).where(eq(users.id, id)).run()
    return row
  }, { behavior: 'immediate' })
}

/** Stores a new password hash (already hashed by the caller). */
export async function setPasswordHash(ctx: AppContext, id: string, passwordHash: string): Promise<void> {
  ctx.store.db.update(users).set({ passwordHash, updatedAt: ctx.clock.now() }).where(eq(users.id, id)).run()
}

/** Deletes the account; foreign keys cascade to its apps, their data, tokens and sessions. */
export async function deleteUserRow(ctx: AppContext, id: string): Promise<void> {
  ctx.store.db.delete(users).where(eq(users.id, id)).run()
}

/** The account with this e-mail (normalized first), if any. */
export async function findUserByEmail(ctx: AppContext, email: string): Promise<UserRow | undefined> {
  return findUserByEmailSync(ctx, email)
}

/** `findUserByEmail` for code inside a synchronous SQLite write transaction (which must not await). */
export function findUserByEmailSync(ctx: AppContext, email: string): UserRow | undefined {
  return ctx.store.db.select().from(users).where(eq(users.email, normalizeEmail(email))).get()
}

/** The account with this id, if any. */
export async function findUserById(ctx: AppContext, id: string): Promise<UserRow | undefined> {
  return findUserByIdSync(ctx, id)
}

/** `findUserById` inside a synchronous write transaction. */
function findUserByIdSync(ctx: AppContext, id: string): UserRow | undefined {
  return ctx.store.db.select().from(users).where(eq(users.id, id)).get()
}

/** Number of accounts; the signup policy `first` allows sign-up only while this is 0. */
export async function countUsers(ctx: AppContext): Promise<number> {
  return countUsersSync(ctx)
}

/** `countUsers` inside a synchronous write transaction (the signup guard). */
export function countUsersSync(ctx: AppContext): number {
  return ctx.store.sqlite.query<{ n: number }, []>('SELECT count(*) AS n FROM users').get()?.n ?? 0
}
