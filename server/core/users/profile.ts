/**
 * @module The signed-in user's own account: view, rename, change e-mail (confirmed from the
 * new address, see email-change.ts) or password, delete (with everything it owns). The
 * e-mail, the password and the account's existence change only with the current password
 * (or, without one, a code from the current address): one access token or an unattended
 * session must not be enough to take or erase the account.
 */
import { listAccessTokens, type AccessTokenInfo } from '../auth/access-tokens.ts'
import { alertOwner } from '../auth/alerts.ts'
import type { AppContext } from '../context.ts'
import type { Profile } from '../../contract/api/profile.ts'
import { forgetEmailCode } from '../auth/email-codes.ts'
import { hashPassword } from '../auth/passwords.ts'
import { confirmIdentity } from '../auth/reauth.ts'
import { AccountDeleteInput, parseInput, PasswordChangeInput, ProfileUpdateInput } from '../../contract/auth/schemas.ts'
import { deleteOtherSessions } from '../auth/sessions.ts'
import { AppError, notFound, validationError } from '../../contract/errors.ts'
import { pendingEmailOf, startEmailChange } from './email-change.ts'
import {
  deleteUserRow,
  findUserByEmail,
  findUserById,
  normalizeEmail,
  setPasswordHash,
  toPublicUser,
  updateUser,
  type UserRow,
} from './users.ts'

async function requireUser(ctx: AppContext, userId: string): Promise<UserRow> {
  const user = await findUserById(ctx, userId)
  if (!user) throw notFound('Account')
  return user
}

/** The account as the API shows it; `pendingEmail` when a new address waits for its confirmation link (the contract's `Profile`). */
export type ProfileUpdated = Profile

/** The account as the API shows it, with the e-mail change waiting for its link, if any. */
export async function getProfile(ctx: AppContext, userId: string): Promise<ProfileUpdated> {
  const user = toPublicUser(await requireUser(ctx, userId))
  const pendingEmail = await pendingEmailOf(ctx, userId)
  return pendingEmail ? { ...user, pendingEmail } : user
}

/**
 * Changes the display name at once and asks for a new e-mail address: that needs the
 * identity proof (`currentPassword`, or `code` for accounts without a password) and takes
 * effect only through the link mailed to the new address (409 when another account has it).
 * `address` is the caller's network address, for the guessing throttles.
 */
export async function updateProfile(
  ctx: AppContext,
  userId: string,
  input: ProfileUpdateInput,
  address: string,
): Promise<ProfileUpdated> {
  const { name, email, currentPassword, code } = parseInput(ProfileUpdateInput, input)
  const before = await requireUser(ctx, userId)
  const newEmail = email !== undefined && email !== before.email ? email : undefined
  if (newEmail !== undefined) {
    // Refused before the proof is checked, so a taken address costs no code or password try.
    if (await findUserByEmail(ctx, newEmail)) {
      throw new AppError('conflict', `Another account already uses e-mail ${newEmail}; choose a different address`)
    }
    await confirmIdentity(ctx, before, { currentPassword, code }, address, {
      doing: 'changing the e-mail address',
      unchanged: 'nothing was changed',
    })
  }
  const after = name === undefined ? before : await updateUser(ctx, userId, { name })
  if (newEmail === undefined) return toPublicUser(after)
  return { ...toPublicUser(after), pendingEmail: await startEmailChange(ctx, after, newEmail) }
}

/**
 * Sets a new password once the current one is given (or, for an account without one, a
 * code mailed to its address); every other session of the account ends (`keepSession` is
 * the caller's own cookie value, if any). Access tokens keep working: the answer lists them
 * and the owner is mailed them with a link that revokes them all (alerts.ts).
 */
export async function changePassword(
  ctx: AppContext,
  userId: string,
  input: PasswordChangeInput,
  keepSession: string | null,
  address: string,
): Promise<{ changed: true; tokens: AccessTokenInfo[] }> {
  const { currentPassword, code, newPassword } = parseInput(PasswordChangeInput, input)
  const user = await requireUser(ctx, userId)
  await confirmIdentity(ctx, user, { currentPassword, code }, address, {
    doing: user.passwordHash === null ? 'setting a password' : 'changing the password',
    unchanged: 'the password was not changed',
  })
  await setPasswordHash(ctx, userId, await hashPassword(ctx, newPassword))
  await deleteOtherSessions(ctx, userId, keepSession)
  // Tokens are not ended by a new password (CI and agents would stop): the owner sees them here and by mail.
  const tokens = await listAccessTokens(ctx, userId)
  await alertOwner(ctx, userId, {
    kind: 'password.changed',
    live: tokens.map(({ id, name, prefix }) => ({ id, name, prefix })),
  })
  return { changed: true, tokens }
}

/**
 * Deletes the account once `confirm` repeats its e-mail and the identity proof is given
 * (`currentPassword`, or `code` for accounts without a password): one access token or an
 * unattended session must not be enough to erase everything. Foreign keys cascade to its
 * apps (fields, endpoints, records, stats), access tokens and sessions. `address` is the
 * caller's network address, for the guessing throttles.
 */
export async function deleteAccount(
  ctx: AppContext,
  userId: string,
  input: AccountDeleteInput,
  address: string,
): Promise<{ deleted: true }> {
  const { confirm, currentPassword, code } = parseInput(AccountDeleteInput, input)
  const user = await requireUser(ctx, userId)
  if (normalizeEmail(confirm) !== user.email) {
    throw validationError([
      { path: 'confirm', message: `must be this account's e-mail address (${user.email}) to confirm the deletion` },
    ])
  }
  await confirmIdentity(ctx, user, { currentPassword, code }, address, {
    doing: 'deleting the account',
    unchanged: 'nothing was deleted',
  })
  // The storage announces each app's deletion, so caches on the collection path drop them.
  const appIds = await deleteUserRow(ctx, userId)
  await forgetEmailCode(ctx, user.email)
  ctx.log.info('account deleted', { userId, apps: appIds.length })
  return { deleted: true }
}
