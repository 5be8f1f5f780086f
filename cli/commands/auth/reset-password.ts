import { defineSvcCommand } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { result } from '../../output.ts'
import { checkInput } from '../../validate.ts'
import { PasswordResetInput } from '../../../server/core/auth/schemas.ts'
import { defaultTokenName, loginHuman, storeToken, tokenFrom, type LoginResult, type PublicUser } from './_session.ts'

type Reply = { user: PublicUser; token?: { token: string; name: string } }

export default defineSvcCommand({
  description: 'Set a new password with an e-mailed login code (forgotten password), end every other session and log in',
  example: 'printf %s "$NEW" | svc-cli auth reset-password --email you@example.com --code 123456 --password-stdin',
  effect: 'write',
  args: {
    email: { type: 'string', description: 'Your account e-mail', required: true, valueHint: 'email' },
    code: { type: 'string', description: 'The 6-digit code from `svc-cli auth code --email …`', required: true, valueHint: 'code' },
    'password-stdin': { type: 'boolean', description: 'Read the new password from stdin instead of asking' },
    'token-name': { type: 'string', description: 'Name of the access token created for this machine', valueHint: 'name' },
  },
  async run(args, env) {
    const connection = env.connection()
    let newPassword: string
    if (args['password-stdin']) {
      newPassword = (await env.io.stdin.read()).replace(/\r?\n$/, '')
      if (!newPassword) throw usageError('No password on stdin: pipe it in, e.g. `printf %s "$NEW" | svc-cli auth reset-password … --password-stdin`')
    } else {
      newPassword = await env.prompt('New password: ', '--password-stdin', true)
      if ((await env.prompt('New password again: ', '--password-stdin', true)) !== newPassword) throw usageError('The two passwords differ; nothing was changed')
    }
    const body = checkInput(PasswordResetInput, { email: args.email, code: args.code, newPassword, tokenName: args['token-name']?.trim() || defaultTokenName() })
    const reply = await env.client().request<Reply>('POST', '/api/v3/auth/password/reset', { auth: false, body })
    const data: LoginResult = { server: connection.server, user: reply.user, configFile: storeToken(env.io.env, connection.server, tokenFrom(reply), reply.user.email) }
    return result(data, (style) => `Password changed; every other session of the account has ended.\n${loginHuman(data)(style)}`)
  },
})
