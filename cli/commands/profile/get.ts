import { defineSvcCommand } from '../../command.ts'
import { details, result } from '../../output.ts'
import type { PublicUser } from '../auth/_session.ts'

/** The account as `/api/v3/profile` answers it: with the new e-mail waiting for its link, if any. */
export type Profile = PublicUser & { pendingEmail?: { email: string; expiresAt: string } }

export const userDetails = (user: Profile) => (style: Parameters<typeof details>[0]) =>
  details(style, {
    id: user.id,
    email: user.email,
    ...(user.pendingEmail ? { 'new e-mail': `${user.pendingEmail.email} (waiting for its link until ${user.pendingEmail.expiresAt})` } : {}),
    name: user.name || '-',
    password: user.hasPassword ? 'set' : 'none (log in by e-mail code or token)',
    created: user.createdAt,
  })

export default defineSvcCommand({
  description: 'Show your account',
  example: 'svc-cli profile get',
  effect: 'read',
  async run(_args, env) {
    const user = await env.client().request<Profile>('GET', '/api/v3/profile')
    return result(user, userDetails(user))
  },
})
