import { defineSvcCommand } from '../../command.ts'
import { details, result } from '../../output.ts'
import type { Profile } from '../../../server/contract/api/profile.ts'

export const userDetails = (user: Profile) => (style: Parameters<typeof details>[0]) =>
  details(style, {
    id: user.id,
    email: user.email,
    ...(user.pendingEmail
      ? { 'new e-mail': `${user.pendingEmail.email} (waiting for its link until ${user.pendingEmail.expiresAt})` }
      : {}),
    name: user.name || '-',
    password: user.hasPassword ? 'set' : 'none (log in by e-mail code or token)',
    created: user.createdAt,
  })

export default defineSvcCommand({
  description: 'Show your account',
  example: 'svc-cli profile get',
  effect: 'read',
  async run(_args, env) {
    const user = await env.client().call('profile.get', {})
    return result(user, userDetails(user))
  },
})
