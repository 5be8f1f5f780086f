import { defineSvcCommand } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { result } from '../../output.ts'
import { proofArgs, proofFor } from '../../proof.ts'

export default defineSvcCommand({
  description:
    'Set or change your password (stdin: current password on line 1 if you have one, new on the last line; without one, --code)',
  example: 'printf "%s\\n%s\\n" "$OLD" "$NEW" | svc-cli profile password --password-stdin',
  effect: 'write',
  args: {
    'password-stdin': {
      type: 'boolean',
      description: 'Read the passwords from stdin instead of asking (never pass them as arguments)',
    },
    code: proofArgs.code,
  },
  async run(args, env) {
    const client = env.client()
    const me = await client.call('profile.get', {})
    let passwordLine: string | undefined
    let newPassword: string
    if (args['password-stdin']) {
      const lines = (await env.io.stdin.read())
        .split(/\r?\n/)
        .filter((line, i, all) => line !== '' || i < all.length - 1)
      if (me.hasPassword && lines.length < 2)
        throw usageError(
          'Your account has a password: put the current one on the first line of stdin and the new one on the second',
        )
      newPassword = lines.at(-1) ?? ''
      passwordLine = me.hasPassword ? lines[0] : undefined
    } else {
      if (me.hasPassword) passwordLine = await env.prompt('Current password: ', '--password-stdin', true)
      newPassword = await env.prompt('New password: ', '--password-stdin', true)
      if ((await env.prompt('New password again: ', '--password-stdin', true)) !== newPassword)
        throw usageError('The two new passwords differ; nothing was changed')
    }
    if (!newPassword) throw usageError('The new password is empty')
    const proof = await proofFor(env, me, { code: args.code, passwordLine })
    const data = await client.call('profile.setPassword', { body: { ...proof, newPassword } })
    return result(data, () => 'Password changed.')
  },
})
