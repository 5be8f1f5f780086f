/**
 * @module The signed-in user's own account: view, rename, change e-mail or password,
 * delete (with everything it owns).
 */
import type { AppContext } from '../../context.ts'
import { forgetEmailCode } from '../auth/email-codes.ts'
import { hashPassword, verifyPassword } from '../auth/passwords.ts'
import {
  AccountDeleteInput,
  parseInput,
  PasswordChangeInput,
  ProfileUpdateInput,
} from '../auth/schemas.ts'
import { deleteOtherSessions } from '../auth/sessions.ts'
import { AppError, notFound, validationError } from '../errors.ts'
import { deleteUserRow, findUserById, normalizeEmail, setPasswordHash, toPublicUser, updateUser, type PublicUser, type UserRow } from './users.ts'

async function requireUser(ctx: AppContext, userId: string): Promise<UserRow> {
  const user = await findUserById(ctx, userId)
  if (!user) throw notFound('Account')
  return user
}

/** The account as the API shows it. */
export async function getProfile(ctx: AppContext, userId: string): Promise<PublicUser> {
  return toPublicUser(await requireUser(ctx, userId))
}

/** Changes the display name and/or e-mail (409 when another account has that e-mail). */
export async function updateProfile(ctx: AppContext, userId: string, input: ProfileUpdateInput): Promise<PublicUser> {
  const changes = parseInput(ProfileUpdateInput, input)
  const before = await requireUser(ctx, userId)
  const after = await updateUser(ctx, userId, changes)
  // A code mailed to the old address must not log in to the account any more.
  if (after.email !== before.email) await forgetEmailCode(ctx, before.email)
  return toPublicUser(after)
}

/**
 * Sets a new password. The current one is required when the account has one; every other
 * session of the account ends (`keepSession` is the caller's own cookie value, if any).
 */
export async function changePassword(
  ctx: AppContext,
  userId: string,
  input: PasswordChangeInput,
  keepSession: string | null = null,
): Promise<{ changed: true }> {
  const { currentPassword, newPassword } = parseInput(PasswordChangeInput, input)
  const user = await requireUser(ctx, userId)
  if (user.passwordHash !== null) {
    if (currentPassword === undefined) {
      throw validationError([{ path: 'currentPassword', message: 'is required: this account has a password, give the current one' }])
    }
    if (!(await verifyPassword(ctx, currentPassword, user.passwordHash))) {
      throw new AppError(403, 'forbidden', 'The current password is wrong; the password was not changed')
    }
  }
  await setPasswordHash(ctx, userId, await hashPassword(ctx, newPassword))
  await deleteOtherSessions(ctx, userId, keepSession)
  return { changed: true }
}

/**
 * Deletes the account once `confirm` repeats its e-mail. Foreign keys cascade to its apps
 * (fields, endpoints, records, stats), access tokens and sessions.
 */
export async function deleteAccount(ctx: AppContext, userId: string, input: AccountDeleteInput): Promise<{ deleted: true }> {
  const { confirm } = parseInput(AccountDeleteInput, input)
  const user = await requireUser(ctx, userId)
  if (normalizeEmail(confirm) !== user.email) {
    throw validationError([{ path: 'confirm', message: `must be this account's e-mail address (${user.email}) to confirm the deletion` }])
  }
  // The storage announces each app's deletion, so caches on the collection path drop them.
  const appIds = await deleteUserRow(ctx, userId)
  await forgetEmailCode(ctx, user.email)
  ctx.log.info('account deleted', { userId, apps: appIds.length })
  return { deleted: true }
}
