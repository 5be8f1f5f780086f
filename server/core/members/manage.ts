/**
 * @module An app's members, as its owner and admins manage them: the list with waiting
 * invitations, inviting by e-mail (a single-use link, mailed and given back), changing a
 * role, removing, withdrawing an invitation, and leaving. What the caller may do was decided
 * by the route's permission (members:write is an admin's); the rule that an admin manages
 * only those below admin is this module's, since it depends on the member touched.
 */
import { auditChange } from '../audit/record.ts'
import type { AppContext } from '../context.ts'
import type { Invitation, Member, NewInvitation } from '../../contract/api/members.ts'
import { ROLES, type MemberRole, type Role } from '../../contract/access/roles.ts'
import { AUTH } from '../../contract/limits.ts'
import { AppError, notFound } from '../../contract/errors.ts'
import {
  MemberInviteInput,
  MemberUpdateInput,
  type MemberInviteInput as InviteInput,
  type MemberUpdateInput as UpdateInput,
} from '../../contract/members/schemas.ts'
import { parseInput } from '../../contract/auth/schemas.ts'
import type { InvitationRow, MemberRow } from '../../db/storage/members.ts'
import { hashSecret, newId, randomToken } from '../ids.ts'
import { findUserById } from '../users/users.ts'
import { inviteMail } from './invite-mail.ts'
import { invitationLink } from './link.ts'

const iso = (ms: number) => new Date(ms).toISOString()
const rank = (role: Role) => ROLES.indexOf(role)

const toMember = (row: MemberRow): Member => ({
  userId: row.userId,
  email: row.email,
  name: row.name,
  role: row.role,
  since: iso(row.createdAt),
})

const toInvitation = (row: InvitationRow & { inviterEmail: string }): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invitedBy: row.inviterEmail,
  createdAt: iso(row.createdAt),
  expiresAt: iso(row.expiresAt),
})

/** The app and the caller's role in it; 404 when they have none. */
async function standing(ctx: AppContext, userId: string, appId: string) {
  const found = await ctx.storage.apps.access(appId, userId)
  if (!found) throw notFound('App')
  return found
}

/** An admin may give or touch only roles below admin; the owner any. */
function mayManage(actor: Role, role: Role, what: string): void {
  if (actor === 'owner' || rank(role) < rank('admin')) return
  throw new AppError(
    'forbidden',
    `Only the app's owner may ${what} ${role === 'owner' ? 'an owner' : `an ${role}`}; you are ${actor}`,
    { permission: 'members:write', role: 'owner' },
  )
}

/** The owner (first, as `owner`), the members by when they joined, and the waiting invitations. */
export async function listMembers(
  ctx: AppContext,
  userId: string,
  appId: string,
): Promise<{ members: Member[]; invitations: Invitation[] }> {
  const { app } = await standing(ctx, userId, appId)
  const owner = await findUserById(ctx, app.ownerId)
  const members = (await ctx.storage.members.list(appId)).map(toMember)
  const first: Member[] = owner
    ? [{ userId: owner.id, email: owner.email, name: owner.name, role: 'owner', since: iso(app.createdAt) }]
    : []
  const invitations = (await ctx.storage.members.invitations(appId, ctx.clock.now())).map(toInvitation)
  return { members: [...first, ...members], invitations }
}

/** Invites `email` with `role`: the link is mailed and returned (`url`), valid AUTH.invitationTtlMs, once. */
export async function inviteMember(
  ctx: AppContext,
  userId: string,
  appId: string,
  input: InviteInput,
): Promise<NewInvitation> {
  const { email, role } = parseInput(MemberInviteInput, input)
  const { app, role: actor } = await standing(ctx, userId, appId)
  mayManage(actor, role, 'invite')
  const { members } = await listMembers(ctx, userId, appId)
  const already = members.find((member) => member.email === email)
  if (already && !(role === 'owner' && already.role !== 'owner')) {
    throw new AppError(
      'conflict',
      `${email} already works on this app as ${already.role}; change the role with members.update (svc-cli app member update)`,
    )
  }
  const now = ctx.clock.now()
  if ((await ctx.storage.members.count(appId, now)) >= AUTH.maxMembersPerApp) {
    throw new AppError(
      'conflict',
      `This app has ${AUTH.maxMembersPerApp} members and invitations, the most it may have; remove one first`,
    )
  }
  const inviter = await findUserById(ctx, userId)
  const token = `svc_inv_${randomToken(24)}`
  const row: InvitationRow = {
    id: newId(),
    appId,
    email,
    role,
    tokenHash: hashSecret(token),
    invitedBy: userId,
    createdAt: now,
    expiresAt: now + AUTH.invitationTtlMs,
    acceptedAt: null,
  }
  auditChange(ctx, { target: email, after: { role } })
  await ctx.storage.members.invite(row)
  const url = invitationLink(ctx.config.baseUrl, token)
  const mail = inviteMail({
    to: email,
    inviter: inviter?.email ?? 'The owner',
    appName: app.name,
    role,
    link: url,
    baseUrl: ctx.config.baseUrl,
  })
  ctx.background(
    ctx.mailer.send(mail).catch((error: unknown) => {
      ctx.log.error('could not send an invitation e-mail', {
        appId,
        error: error instanceof Error ? error.message : String(error),
      })
    }),
  )
  ctx.log.info('member invited', { appId, role })
  return {
    invitation: toInvitation({ ...row, inviterEmail: inviter?.email ?? '' }),
    url,
    mailed: ctx.config.smtpUrl !== null,
  }
}

/** The member `memberId` of the app, or 404 naming how to find the ids. */
async function memberOf(ctx: AppContext, appId: string, memberId: string): Promise<MemberRow> {
  const member = (await ctx.storage.members.list(appId)).find((row) => row.userId === memberId)
  if (!member) throw new AppError('not_found', 'No such member of this app; svc-cli app member list shows their ids')
  return member
}

/** Gives member `memberId` a new role; an admin only below admin, from below admin. */
export async function updateMember(
  ctx: AppContext,
  userId: string,
  appId: string,
  memberId: string,
  input: UpdateInput,
): Promise<Member> {
  const { role } = parseInput(MemberUpdateInput, input)
  const { role: actor } = await standing(ctx, userId, appId)
  const member = await memberOf(ctx, appId, memberId)
  mayManage(actor, member.role, 'change')
  mayManage(actor, role, 'make someone')
  auditChange(ctx, { target: member.email, before: { role: member.role }, after: { role } })
  await ctx.storage.members.setRole(appId, memberId, role as MemberRole, ctx.clock.now())
  ctx.log.info('member role changed', { appId, role })
  return toMember({ ...member, role })
}

/** Removes member `memberId`; their sessions and tokens lose the app on their next request. */
export async function removeMember(
  ctx: AppContext,
  userId: string,
  appId: string,
  memberId: string,
): Promise<{ removed: true; userId: string }> {
  const { app, role: actor } = await standing(ctx, userId, appId)
  if (memberId === app.ownerId) {
    throw new AppError(
      'forbidden',
      'The owner cannot be removed; the owner may hand the app over (members.invite with role owner)',
    )
  }
  const member = await memberOf(ctx, appId, memberId)
  mayManage(actor, member.role, 'remove')
  auditChange(ctx, { target: member.email, before: { role: member.role } })
  await ctx.storage.members.remove(appId, memberId)
  ctx.log.info('member removed', { appId })
  return { removed: true, userId: memberId }
}

/** The caller leaves an app they are a member of; the owner cannot. */
export async function leaveApp(
  ctx: AppContext,
  userId: string,
  appId: string,
): Promise<{ removed: true; userId: string }> {
  const { role } = await standing(ctx, userId, appId)
  if (role === 'owner') {
    throw new AppError(
      'conflict',
      'The owner cannot leave the app: hand it over first (svc-cli app member add --role owner), or delete it',
    )
  }
  await ctx.storage.members.remove(appId, userId)
  return { removed: true, userId }
}

/** Withdraws an invitation not yet accepted: its link stops working. */
export async function revokeInvitation(
  ctx: AppContext,
  userId: string,
  appId: string,
  invitationId: string,
): Promise<{ revoked: true; id: string }> {
  const { role: actor } = await standing(ctx, userId, appId)
  const waiting = (await ctx.storage.members.invitations(appId, ctx.clock.now())).find((row) => row.id === invitationId)
  if (!waiting) throw new AppError('not_found', 'No such invitation waiting; svc-cli app member list shows them')
  mayManage(actor, waiting.role, 'withdraw the invitation of')
  auditChange(ctx, { target: waiting.email, before: { role: waiting.role } })
  await ctx.storage.members.revokeInvitation(appId, invitationId)
  return { revoked: true, id: invitationId }
}
