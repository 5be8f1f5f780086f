/**
 * @module The wording of an invitation e-mail: who invites whom to which app, with which
 * role, and the link that accepts it.
 */
import type { Mail } from '../mailer.ts'
import { AUTH } from '../../contract/limits.ts'
import type { Role } from '../../contract/access/roles.ts'

const WHAT: Record<Role, string> = {
  viewer: 'read its records, summaries and reports',
  editor: 'read its records and change its form, scales and reports',
  admin: 'read and change it, its sharing and its members',
  owner: 'own it: the app is handed to you, and the present owner stays as admin',
}

export interface InviteMailInput {
  to: string
  inviter: string
  appName: string
  role: Role
  link: string
  baseUrl: string
}

export function inviteMail(input: InviteMailInput): Mail {
  return {
    to: input.to,
    subject: `svc: ${input.inviter} invites you to "${input.appName}"`,
    text: [
      `${input.inviter} invites you to work on the app "${input.appName}" at ${input.baseUrl}`,
      `as ${input.role}: you may ${WHAT[input.role]}.`,
      '',
      'To accept, open this link (you sign in, or choose a password if you have no account there):',
      '',
      `    ${input.link}`,
      '',
      `The link works once, for ${AUTH.invitationTtlMs / 86_400_000} days. If you do not know ${input.inviter}, ignore this e-mail.`,
      '',
    ].join('\n'),
  }
}
