import { defineSvcCommand } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { result } from '../../output.ts'
import { userDetails } from './get.ts'
import { proofArgs, proofFor } from '../../proof.ts'
import { checkInput } from '../../validate.ts'
import { ProfileUpdateInput } from '../../../server/contract/auth/schemas.ts'
import { asProgram } from '../../program.ts'

export default defineSvcCommand({
  description: 'Change your name or e-mail (a new e-mail needs your password, then its mailed link)',
  example: 'svc-cli profile update --email ada@lovelace.org --password-stdin < password.txt',
  effect: 'write',
  args: {
    name: { type: 'string', description: 'Display name', valueHint: 'name' },
    email: { type: 'string', description: 'New e-mail address (confirmed by a link mailed to it)', valueHint: 'email' },
    ...proofArgs,
    'cancel-email': {
      type: 'boolean',
      description: 'Cancel your pending e-mail change instead (its link stops working)',
    },
  },
  async run(args, env) {
    if (args['cancel-email']) {
      if (args.name !== undefined || args.email !== undefined)
        throw usageError('--cancel-email goes alone: cancel first, then change the name or e-mail')
      const data = await env.client().call('profile.cancelEmail', {})
      return result(data, () =>
        data.cancelled ? 'The e-mail change was cancelled; its link no longer works.' : 'No e-mail change was waiting.',
      )
    }
    if (args.name === undefined && args.email === undefined)
      throw usageError('Nothing to change: pass --name and/or --email')
    const { name, email } = checkInput(ProfileUpdateInput, { name: args.name, email: args.email })
    const client = env.client()
    let proof = {}
    if (email !== undefined) {
      const me = await client.call('profile.get', {})
      if (email !== me.email) {
        const passwordLine = args['password-stdin'] ? (await env.io.stdin.read()).split(/\r?\n/)[0] : undefined
        proof = await proofFor(env, me, { code: args.code, passwordLine })
      }
    }
    const user = await client.call('profile.update', { body: { name, email, ...proof } })
    if (!user.pendingEmail) return result(user, userDetails(user))
    const { pendingEmail } = user
    return result(
      user,
      (style) =>
        `${userDetails(user)(style)}\n\n` +
        `A confirmation link went to ${pendingEmail.email}: the e-mail changes when it is followed (until ${pendingEmail.expiresAt}). ` +
        asProgram(`${user.email} was told. Cancel with: svc-cli profile update --cancel-email`, style.program),
    )
  },
})
