/**
 * @module The members operations: who works on an app beside its owner, with which role,
 * the invitations that make them, and accepting one (server/contract/members/schemas.ts).
 */
import { z } from 'zod'
import { MEMBER_ROLES, ROLES } from '../access/roles.ts'
import { AUTH } from '../limits.ts'
import { InvitationAcceptInput, MemberInviteInput, MemberUpdateInput } from '../members/schemas.ts'
import { loginSchema } from './auth.ts'
import { named } from './named.ts'
import { data, lazyAnswers, type OperationsOf } from './operation.ts'
import { isoTime } from './shapes.ts'

const DAYS = AUTH.invitationTtlMs / 86_400_000

export const memberSchema = named('Member', () =>
  z.object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES).meta({ description: 'The owner is listed first, as `owner`' }),
    since: isoTime.meta({ description: 'When they joined (the owner: when the app was made)' }),
  }),
)
export type Member = z.output<ReturnType<typeof memberSchema>>

export const invitationSchema = named('Invitation', () =>
  z.object({
    id: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    invitedBy: z.string().meta({ description: "The inviter's e-mail address" }),
    createdAt: isoTime,
    expiresAt: isoTime,
  }),
)
export type Invitation = z.output<ReturnType<typeof invitationSchema>>

export const newInvitationSchema = named('NewInvitation', () =>
  z.object({
    invitation: invitationSchema(),
    url: z.string().meta({
      description: `The link that accepts it (valid ${DAYS} days, once), also e-mailed: pass it on when the server has no SMTP`,
    }),
    mailed: z
      .boolean()
      .meta({ description: 'False when the server has no SMTP (SVC_SMTP_URL): the link went to its log' }),
  }),
)
export type NewInvitation = z.output<ReturnType<typeof newInvitationSchema>>

export const invitationViewSchema = named('InvitationView', () =>
  z.object({
    app: z.object({ id: z.string(), name: z.string() }),
    email: z.string().meta({ description: 'Only an account with this address may accept' }),
    role: z.enum(ROLES),
    invitedBy: z.string(),
    expiresAt: isoTime,
    accountExists: z.boolean().meta({ description: 'True: sign in to accept; false: accepting makes the account' }),
  }),
)
export type InvitationView = z.output<ReturnType<typeof invitationViewSchema>>

export const acceptedSchema = named('InvitationAccepted', () =>
  z.object({
    app: z.object({ id: z.string(), name: z.string() }),
    role: z.enum(ROLES),
    login: loginSchema()
      .optional()
      .meta({ description: 'Set when accepting made the account: it is signed in (the session cookie is set too)' }),
  }),
)
export type InvitationAccepted = z.output<ReturnType<typeof acceptedSchema>>

const tags = ['members']

export const memberOperations = lazyAnswers({
  'members.list': {
    summary: "List an app's members and waiting invitations",
    tags,
    access: 'owner',
    permission: 'settings:read',
    answers: () => ({
      200: data(
        z.object({ members: z.array(memberSchema()), invitations: z.array(invitationSchema()) }),
        'The owner first, then members by when they joined; invitations not yet accepted or expired',
      ),
    }),
    errors: ['not_found'],
  },
  'members.invite': {
    summary: 'Invite someone to the app by e-mail, with a role',
    description:
      `Roles: ${MEMBER_ROLES.join(', ')}, or owner (only the owner may invite one: accepting hands the app over, and the old owner stays as admin). ` +
      `An admin invites only below admin. The link is valid ${DAYS} days, once; a new invitation to the same address replaces the waiting one. ` +
      `At most ${AUTH.maxMembersPerApp} members and invitations per app (409 conflict).`,
    tags,
    access: 'owner',
    permission: 'members:write',
    body: MemberInviteInput,
    answers: () => ({ 200: data(newInvitationSchema(), 'The invitation and its link') }),
    errors: ['not_found', 'conflict', 'validation', 'forbidden'],
  },
  'members.update': {
    summary: "Change a member's role",
    description: 'An admin changes only members below admin, to roles below admin. Takes effect on their next request.',
    tags,
    access: 'owner',
    permission: 'members:write',
    body: MemberUpdateInput,
    answers: () => ({ 200: data(memberSchema(), 'The member with the new role') }),
    errors: ['not_found', 'validation', 'forbidden'],
  },
  'members.remove': {
    summary: 'Remove a member from the app',
    description:
      'An admin removes only members below admin. Their sessions and tokens lose the app on the next request, and their live streams of it end within seconds.',
    tags,
    access: 'owner',
    permission: 'members:write',
    answers: () => ({ 200: data(z.object({ removed: z.literal(true), userId: z.string() }), 'Who was removed') }),
    errors: ['not_found', 'forbidden'],
  },
  'members.leave': {
    summary: 'Leave an app one is a member of',
    description: 'The owner cannot leave: hand the app over first (members.invite with role owner).',
    tags,
    access: 'owner',
    permission: 'apps:read',
    answers: () => ({ 200: data(z.object({ removed: z.literal(true), userId: z.string() }), 'You left') }),
    errors: ['not_found', 'conflict'],
  },
  'invitations.revoke': {
    summary: 'Withdraw an invitation not yet accepted',
    tags,
    access: 'owner',
    permission: 'members:write',
    answers: () => ({ 200: data(z.object({ revoked: z.literal(true), id: z.string() }), 'The invitation withdrawn') }),
    errors: ['not_found'],
  },
  'invitations.get': {
    summary: 'What an invitation link offers',
    description:
      'Anyone with the link may ask (the admin page shows it before accepting); an unknown, used or expired link is 404.',
    tags,
    access: 'public',
    answers: () => ({ 200: data(invitationViewSchema(), 'The invitation') }),
    errors: ['not_found'],
  },
  'invitations.accept': {
    summary: 'Accept an invitation',
    description:
      "With the invitee's session or access token (its account must have the invitation's address), or, for an address without an account, " +
      '`{password}` to make one, even where SVC_SIGNUP is first or closed: an invitation is permission to sign up. ' +
      'An address that has an account must sign in first (401). A link works once.',
    tags,
    access: 'public',
    body: InvitationAcceptInput,
    answers: () => ({
      200: data(acceptedSchema(), 'The app one now works on, and the login when an account was made'),
    }),
    errors: ['not_found', 'unauthorized', 'forbidden', 'validation', 'rate_limited'],
  },
} as const) satisfies OperationsOf<'members' | 'invitations'>
