/**
 * @module An invitation's link, from the invitee's side: what it offers (shown before
 * accepting) and accepting it — as the signed-in account with the invited address, or, for
 * an address without an account, by choosing a password, which makes the account whatever
 * SVC_SIGNUP says (an invitation is permission to sign up). A link works once, for
 * AUTH.invitationTtlMs; an unknown, used, withdrawn or expired one is 404 alike.
 */
import { auditChange, noteOperation } from '../audit/record.ts'
import { actorOf } from '../audit/actor.ts'
import type { AppContext } from '../context.ts'
import type { InvitationAccepted, InvitationView } from '../../contract/api/members.ts'
import { PERMISSIONS } from '../../contract/access/roles.ts'
import { AppError, validationError } from '../../contract/errors.ts'
import { parseInput } from '../../contract/auth/schemas.ts'
import { InvitationAcceptInput, type InvitationAcceptInput as AcceptInput } from '../../contract/members/schemas.ts'
import type { InvitationDetail } from '../../db/storage/members.ts'
import type { Principal } from '../auth/authenticate.ts'
import { startLogin } from '../auth/start-login.ts'
import { decide } from '../access/policy.ts'
import { hashSecret } from '../ids.ts'
import { findUserByEmail, insertUser } from '../users/users.ts'

const gone = () =>
  new AppError(
    'not_found',
    'This invitation is unknown, was already used or withdrawn, or has expired; ask whoever invited you for a new one',
  )

/** The invitation `token` stands for while it can be accepted; 404 otherwise. */
async function live(ctx: AppContext, token: string): Promise<InvitationDetail> {
  const invitation = await ctx.storage.members.invitation(hashSecret(token))
  if (!invitation || invitation.acceptedAt !== null || invitation.expiresAt <= ctx.clock.now()) throw gone()
  return invitation
}

/** What the link offers: the app, the role, who invites, until when, and whether its address has an account. */
export async function viewInvitation(ctx: AppContext, token: string): Promise<InvitationView> {
  const invitation = await live(ctx, token)
  return {
    app: { id: invitation.appId, name: invitation.appName },
    email: invitation.email,
    role: invitation.role,
    invitedBy: invitation.inviterEmail,
    expiresAt: new Date(invitation.expiresAt).toISOString(),
    accountExists: (await findUserByEmail(ctx, invitation.email)) !== undefined,
  }
}

/**
 * Accepts the invitation `token`: by `principal` (whose account must have the invited
 * address; an access token needs the `account` scope), or with `input.password` for an
 * address that has no account yet. The answer carries the login when an account was made.
 */
export async function acceptInvitation(
  ctx: AppContext,
  token: string,
  principal: Principal | null,
  input: AcceptInput,
): Promise<InvitationAccepted & { session?: { value: string; expiresAt: number } }> {
  const { password, name } = parseInput(InvitationAcceptInput, input)
  const invitation = await live(ctx, token)
  const accepted = (role = invitation.role) => ({ app: { id: invitation.appId, name: invitation.appName }, role })
  if (principal) {
    if (principal.user.email !== invitation.email) {
      throw new AppError(
        'forbidden',
        `This invitation is for ${invitation.email}, and you are signed in as ${principal.user.email}; sign in as ${invitation.email} to accept it`,
      )
    }
    const decision = decide('account', null, principal.limits)
    if (!decision.ok) {
      throw new AppError(
        'forbidden',
        `Accepting an invitation needs a session or an access token with the scope ${PERMISSIONS.account.scope}`,
        { permission: 'account', scope: PERMISSIONS.account.scope },
      )
    }
    noteOperation(ctx, actorOf(principal), 'invitations.accept', invitation.appId, invitation.email)
    auditChange(ctx, { after: { role: invitation.role } })
    if ((await ctx.storage.members.accept(invitation.id, principal.user.id, ctx.clock.now())) === 'taken') throw gone()
    ctx.log.info('invitation accepted', { appId: invitation.appId, userId: principal.user.id })
    return accepted()
  }
  if (await findUserByEmail(ctx, invitation.email)) {
    throw new AppError(
      'unauthorized',
      `${invitation.email} has an account on this server: sign in as ${invitation.email}, then accept the invitation`,
    )
  }
  if (password === undefined) {
    throw validationError([{ path: 'password', message: 'is required: choose a password for the account this makes' }])
  }
  const user = await insertUser(ctx, { email: invitation.email, password, name })
  noteOperation(ctx, { user, via: 'invitation' }, 'invitations.accept', invitation.appId, invitation.email)
  auditChange(ctx, { after: { role: invitation.role } })
  if ((await ctx.storage.members.accept(invitation.id, user.id, ctx.clock.now())) === 'taken') throw gone()
  ctx.log.info('account created by invitation', { appId: invitation.appId, userId: user.id })
  const { session, ...login } = await startLogin(ctx, user, {}, 'invitation')
  return { ...accepted(), login, session }
}
