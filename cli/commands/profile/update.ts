import { defineSvcCommand } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { details, result } from '../../output.ts'
import type { PublicUser } from '../auth/_session.ts'
import { userDetails } from './get.ts'
import { proofArgs, proofFor } from './_proof.ts'
import { checkInput } from '../../validate.ts'
import { ProfileUpdateInput } from '../../../server/core/auth/schemas.ts'

type Updated = PublicUser & { pendingEmail?: { email: string; expiresAt: string } }

export default defineSvcCommand({
  description: 'Change your name, or your e-mail address (needs your current password, or a code without one; takes effect through a link mailed to the new address)',
  example: 'svc-cli profile update --email ada@lovelace.org --password-stdin < password.txt',
  effect: 'write',
  args: {
    name: { type: 'string', description: 'Display name', valueHint: 'name' },
    email: { type: 'string', description: 'New e-mail address (confirmed by a link mailed to it)', valueHint: 'email' },
    ...proofArgs,
  },
  async run(args, env) {
    if (args.name === undefined && args.email === undefined) throw usageError('Nothing to change: pass --name and/or --email')
    const client = env.client()
    let proof = {}
    if (args.email !== undefined) {
      const me = await client.request<PublicUser>('GET', '/api/v3/profile')
      const { email } = checkInput(ProfileUpdateInput, { email: args.email })
      if (email !== me.email) {
        const passwordLine = args['password-stdin'] ? (await env.io.stdin.read()).split(/\r?\n/)[0] : undefined
        proof = await proofFor(env, me, { code: args.code, passwordLine })
      }
    }
    const user = await client.request<Updated>('PATCH', '/api/v3/profile', { body: checkInput(ProfileUpdateInput, { name: args.name, email: args.email, ...proof }) })
    if (!user.pendingEmail) return result(user, userDetails(user))
    const { pendingEmail } = user
    return result(user, (style) =>
      `${details(style, { email: user.email, 'new e-mail': `${pendingEmail.email} (waiting for confirmation)`, name: user.name || '-' })}\n\n` +
      `A confirmation link went to ${pendingEmail.email}: the e-mail changes when it is followed (until ${pendingEmail.expiresAt}). ` +
      `${user.email} was told. Cancel with: svc-cli profile cancel-email`,
    )
  },
})
