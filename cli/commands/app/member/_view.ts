/**
 * @module How members and invitations read in a terminal, and finding a member by id or
 * address; shared by the member commands.
 */
import { table, type Style } from '../../../output.ts'
import { usageError } from '../../../errors.ts'
import type { Invitation, Member } from '../../../../server/contract/api/members.ts'
import { MEMBER_ROLES, ROLES } from '../../../../server/contract/access/roles.ts'

export type { Invitation, Member }

/** The `--role` flag with these choices; the value is one of them (citty checks). */
export const roleArg = <R extends string>(roles: readonly R[], description: string) => ({
  role: {
    type: 'enum' as const,
    options: [...roles] as string[],
    description,
    required: true as const,
    valueHint: 'role',
  },
})

export const inviteRoleArg = roleArg(
  ROLES,
  `${MEMBER_ROLES.join(', ')}, or owner to hand the app over (admins invite below admin only)`,
)

export const memberRoleArg = roleArg(MEMBER_ROLES, MEMBER_ROLES.join(', '))

export const memberArg = {
  member: {
    type: 'string',
    description: "The member's e-mail address or user id (see `svc-cli app member list`)",
    required: true,
    valueHint: 'member',
  },
} as const

/** The member `given` names (an address, any case, or an id); a usage error listing who there is. */
export function memberNamed(members: Member[], given: string): Member {
  const wanted = given.trim().toLowerCase()
  const found = members.find((member) => member.userId === given.trim() || member.email === wanted)
  if (found) return found
  const list = members.map((member) => member.email).join(', ')
  throw usageError(`--member: "${given}" is no member of this app; its members are ${list}`)
}

export const membersTable = (members: Member[], invitations: Invitation[]) => (style: Style) => {
  const people = table(
    style,
    members,
    {
      email: (m) => m.email,
      name: (m) => m.name || '-',
      role: (m) => m.role,
      since: (m) => m.since,
      id: (m) => m.userId,
    },
    'No members.',
  )
  if (invitations.length === 0) return people
  const waiting = table(
    style,
    invitations,
    { invited: (i) => i.email, role: (i) => i.role, by: (i) => i.invitedBy, expires: (i) => i.expiresAt },
    '',
  )
  return `${people}\nWaiting invitations:\n${waiting}`
}
