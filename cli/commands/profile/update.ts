import { defineSvcCommand } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { result } from '../../output.ts'
import type { PublicUser } from '../auth/_session.ts'
import { userDetails } from './get.ts'
import { checkInput } from '../../validate.ts'
import { ProfileUpdateInput } from '../../../server/core/auth/schemas.ts'

export default defineSvcCommand({
  description: 'Change your name or e-mail address',
  example: 'svc-cli profile update --name "Ada Lovelace"',
  effect: 'write',
  args: {
    name: { type: 'string', description: 'Display name', valueHint: 'name' },
    email: { type: 'string', description: 'New e-mail address', valueHint: 'email' },
  },
  async run(args, env) {
    if (args.name === undefined && args.email === undefined) throw usageError('Nothing to change: pass --name and/or --email')
    const user = await env.client().request<PublicUser>('PATCH', '/api/v3/profile', { body: checkInput(ProfileUpdateInput, { name: args.name, email: args.email }) })
    return result(user, userDetails(user))
  },
})
