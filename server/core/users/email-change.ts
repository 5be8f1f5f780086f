/**
 * @module Changing an account's e-mail address in two steps. The owner asks (with their
 * current password or a code from the current address, checked by the caller); the change
 * waits until the link mailed to the new address comes back, so a typo or someone else's
 * address never takes the account, and the old address hears of it at once. One pending
 * change per account: a new request replaces the earlier one and its link.
 */
import type { AppContext } from '../context.ts'
import type { PendingEmail } from '../../contract/api/profile.ts'
import { pathOf } from '../../contract/api/routes.ts'
import { forgetEmailCode } from '../auth/email-codes.ts'
import { AppError } from '../../contract/errors.ts'
import { hashSecret, randomToken } from '../ids.ts'
import { AUTH } from '../../contract/limits.ts'
import type { Mail } from '../mailer.ts'
import { emailChangeConfirmMail, emailChangedMail, emailChangeRequestedMail } from './email-change-mail.ts'
import { findUserByEmail, toPublicUser, type PublicUser, type UserRow } from './users.ts'

/** The change waiting for its confirmation, as the API shows it (the contract's `PendingEmail`). */
export type { PendingEmail }

/** The path of the confirmation page (and of the button's post); the token follows as `?token=`. */
export const EMAIL_CONFIRM_PATH = pathOf('profile.confirmEmailPage')

const taken = (email: string) =>
  new AppError('conflict', `Another account already uses e-mail ${email}; choose a different address`)

const unknownLink = () =>
  new AppError(
    'not_found',
    `This confirmation link is unknown, already used, replaced by a newer request, or expired (links last ${AUTH.emailChangeTtlMs / 3_600_000} hours); ` +
      'the e-mail address was not changed. Ask for the change again from your account',
  )

/**
 * Records that `user` (whose identity the caller confirmed) wants `newEmail`, replacing an
 * earlier pending change, mails the link to the new address and a notice to the old one.
 */
export async function startEmailChange(ctx: AppContext, user: UserRow, newEmail: string): Promise<PendingEmail> {
  if (await findUserByEmail(ctx, newEmail)) throw taken(newEmail)
  const token = randomToken(32)
  const now = ctx.clock.now()
  const expiresAt = now + AUTH.emailChangeTtlMs
  await ctx.storage.users.putEmailChange({
    userId: user.id,
    newEmail,
    tokenHash: hashSecret(token),
    expiresAt,
    createdAt: now,
  })
  const link = `${ctx.config.baseUrl}${EMAIL_CONFIRM_PATH}?token=${token}`
  send(ctx, emailChangeConfirmMail(newEmail, user.email, link, ctx.config.baseUrl))
  send(ctx, emailChangeRequestedMail(user.email, newEmail, ctx.config.baseUrl))
  ctx.log.info('e-mail change requested', { userId: user.id })
  return { email: newEmail, expiresAt: new Date(expiresAt).toISOString() }
}

/** The pending change a link's token stands for: the account's current and new address; 404 when unknown or expired. */
export async function emailChangeOfLink(ctx: AppContext, token: string): Promise<{ email: string; newEmail: string }> {
  const change = await ctx.storage.users.emailChangeByHash(hashSecret(token))
  const user = change && change.expiresAt > ctx.clock.now() ? await ctx.storage.users.byId(change.userId) : null
  if (!change || !user) throw unknownLink()
  return { email: user.email, newEmail: change.newEmail }
}

/**
 * Applies the change the link's token stands for: the account now has the new address,
 * codes mailed to the old one stop working, and the old address is told. 404 for an
 * unknown, used or expired link; 409 when another account took the address meanwhile.
 */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<PublicUser> {
  const outcome = await ctx.storage.users.confirmEmailChange(hashSecret(token), ctx.clock.now())
  if (!outcome.ok) {
    if (outcome.reason === 'email_taken') {
      const change = await ctx.storage.users.emailChangeByHash(hashSecret(token))
      throw taken(change?.newEmail ?? 'this address')
    }
    throw unknownLink()
  }
  const { before, after } = outcome
  // A code mailed to the old address must not log in to the account any more.
  await forgetEmailCode(ctx, before.email)
  send(ctx, emailChangedMail(before.email, after.email, ctx.config.baseUrl))
  ctx.log.info('e-mail changed', { userId: after.id })
  return toPublicUser(after)
}

/** The account's change still waiting for its link, or undefined (none, or its link expired). */
export async function pendingEmailOf(ctx: AppContext, userId: string): Promise<PendingEmail | undefined> {
  const change = await ctx.storage.users.emailChange(userId)
  if (!change || change.expiresAt <= ctx.clock.now()) return undefined
  return { email: change.newEmail, expiresAt: new Date(change.expiresAt).toISOString() }
}

/** Drops the account's pending change (its link stops working). */
export async function cancelEmailChange(ctx: AppContext, userId: string): Promise<{ cancelled: boolean }> {
  return { cancelled: await ctx.storage.users.deleteEmailChange(userId) }
}

// After the answer, like the login codes: an SMTP round trip does not hold the request.
function send(ctx: AppContext, mail: Mail): void {
  ctx.background(
    ctx.mailer.send(mail).catch((error: unknown) => {
      ctx.log.error('could not send an e-mail about an e-mail change', {
        to: mail.to,
        error: error instanceof Error ? error.message : String(error),
      })
    }),
  )
}
