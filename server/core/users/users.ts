/**
 * @module Accounts: creation, lookup and the public view of a user.
 */
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { users } from '../../db/schema.ts'
import { AppError } from '../errors.ts'
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

export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    hasPassword: row.passwordHash !== null,
    createdAt: new Date(row.createdAt).toISOString(),
  }
}

/** Inserts an account. The caller has validated inputs and the signup policy. */
export async function insertUser(
  ctx: AppContext,
  input: { email: string; name?: string; password?: string | null },
): Promise<UserRow> {
  const now = ctx.clock.now()
  const passwordHash = input.password ? await Bun.password.hash(input.password, { algorithm: 'argon2id' }) : null
  const row: UserRow = {
    id: newId(),
    email: normalizeEmail(input.email),
    name: input.name?.trim() ?? '',
    passwordHash,
    createdAt: now,
    updatedAt: now,
  }
  const existing = findUserByEmail(ctx, row.email)
  if (existing) throw new AppError(409, 'conflict', `An account with e-mail ${row.email} already exists; log in instead`)
  ctx.store.db.insert(users).values(row).run()
  return row
}

export function findUserByEmail(ctx: AppContext, email: string): UserRow | undefined {
  return ctx.store.db.select().from(users).where(eq(users.email, normalizeEmail(email))).get()
}

export function findUserById(ctx: AppContext, id: string): UserRow | undefined {
  return ctx.store.db.select().from(users).where(eq(users.id, id)).get()
}

/** Number of accounts; the signup policy `first` allows sign-up only while this is 0. */
export function countUsers(ctx: AppContext): number {
  return ctx.store.sqlite.query<{ n: number }, []>('SELECT count(*) AS n FROM users').get()?.n ?? 0
}
