import { defineSvcCommand } from '../../command.ts'
import { details, result } from '../../output.ts'
import type { PublicUser } from '../auth/_session.ts'

export const userDetails = (user: PublicUser) => (style: Parameters<typeof details>[0]) =>
  details(style, { id: user.id, email: user.email, name: user.name || '-', password: user.hasPassword ? 'set' : 'none (log in by e-mail code or token)', created: user.createdAt })

export default defineSvcCommand({
  description: 'Show your account',
  example: 'svc-cli profile get',
  effect: 'read',
  async run(_args, env) {
    const user = await env.client().request<PublicUser>('GET', '/api/v3/profile')
    return result(user, userDetails(user))
  },
})
