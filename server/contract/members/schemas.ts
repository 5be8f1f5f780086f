/**
 * @module Input schemas (zod) of an app's members and invitations: who is invited with which
 * role, a member's new role, and what accepting an invitation sends for a new account.
 */
import { z } from 'zod'
import { MEMBER_ROLES, ROLES } from '../access/roles.ts'
import { body, Email, NewPassword, UserName } from '../auth/schemas.ts'

const INVITED_ROLES = ROLES
const roleError = (roles: readonly string[]) => ({ error: `must be one of ${roles.join(', ')}` })

/** `owner` hands the app over once the invitee accepts; only the owner may invite one. */
export const MemberInviteInput = body({
  email: Email,
  role: z.enum(INVITED_ROLES, roleError(INVITED_ROLES)),
})

export const MemberUpdateInput = body({ role: z.enum(MEMBER_ROLES, roleError(MEMBER_ROLES)) })

/**
 * Accepting: with the invitee's session or access token, nothing; without one, a password
 * (and a name, if liked) for the account the invitation makes.
 */
export const InvitationAcceptInput = body({ password: NewPassword.optional(), name: UserName.optional() })

export type MemberInviteInput = z.input<typeof MemberInviteInput>
export type MemberUpdateInput = z.input<typeof MemberUpdateInput>
export type InvitationAcceptInput = z.input<typeof InvitationAcceptInput>
