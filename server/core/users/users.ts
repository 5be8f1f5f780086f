/**
 * @module Accounts: creation, lookup and the public view of a user.
 */
import type { AppContext } from '../context.ts'
import type { PublicUser } from '../../contract/api/auth.ts'
import type { UserRow } from '../../db/storage/users.ts'
import { hashPassword } from '../auth/passwords.ts'
import { AppError, notFound } from '../../contract/errors.ts'
import { newId } from '../ids.ts'

export type { UserRow }

/** What the API shows of an account; never the password hash (the contract's `User`). */
export type { PublicUser }

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
 * Inserts an account. The caller has validated inputs. With `onlyFirst` (the signup policy
 * `first`) the insert is refused once any account exists, decided by the storage in the
 * same step as the insert, so two concurrent sign-ups (also on two processes) cannot both
 * pass; `refused` makes the error for that case.
 */
export async function insertUser(
  ctx: AppContext,
  input: { email: string; name?: string; password?: string | null },
  first?: { refused: () => AppError },
): Promise<UserRow> {
  const passwordHash = input.password ? await hashPassword(ctx, input.password) : null
  const now = ctx.clock.now()
  const row: UserRow = {
    id: newId(),
    email: normalizeEmail(input.email),
    name: input.name?.trim() ?? '',
    passwordHash,
    createdAt: now,
    updatedAt: now,
  }
  const inserted = await ctx.storage.users.insert(row, { onlyFirst: first !== undefined })
  if (inserted.ok) return row
  if (inserted.reason === 'not_first') throw first!.refused()
  throw new AppError('conflict', `An account with e-mail ${row.email} already exists; log in instead`)
}

/** Changes name and/or e-mail; 409 when another account has the e-mail. Returns the new row. */
export async function updateUser(
  ctx: AppContext,
  id: string,
  changes: { name?: string; email?: string },
): Promise<UserRow> {
  const normalized = {
    ...(changes.email === undefined ? {} : { email: normalizeEmail(changes.email) }),
    ...(changes.name === undefined ? {} : { name: changes.name.trim() }),
  }
  const updated = await ctx.storage.users.update(id, normalized, ctx.clock.now())
  if (updated.ok) return updated.row
  if (updated.reason === 'not_found') throw notFound('Account')
  throw new AppError('conflict', `Another account already uses e-mail ${normalized.email}; choose a different address`)
}

/** Stores a new password hash (already hashed by the caller). */
export async function setPasswordHash(ctx: AppContext, id: string, passwordHash: string): Promise<void> {
  await ctx.storage.users.setPasswordHash(id, passwordHash, ctx.clock.now())
}

/**
 * Deletes the account; foreign keys cascade to its apps, their data, tokens and sessions.
 * The storage announces each app's deletion to the caches. Returns the deleted apps' ids.
 */
export async function deleteUserRow(ctx: AppContext, id: string): Promise<string[]> {
  const appIds = (await ctx.storage.users.delete(id))?.appIds ?? []
  ctx.files.nudge()
  return appIds
}

/** The account with this e-mail (normalized first), if any. */
export async function findUserByEmail(ctx: AppContext, email: string): Promise<UserRow | undefined> {
  return (await ctx.storage.users.byEmail(normalizeEmail(email))) ?? undefined
}

/** The account with this id, if any. */
export async function findUserById(ctx: AppContext, id: string): Promise<UserRow | undefined> {
  return (await ctx.storage.users.byId(id)) ?? undefined
}

/** Number of accounts; the signup policy `first` allows sign-up only while this is 0. */
export async function countUsers(ctx: AppContext): Promise<number> {
  return ctx.storage.users.count()
}
