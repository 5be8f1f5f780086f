import { defineSvcCommand } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { result } from '../../output.ts'
import { defaultTokenName, loginHuman, storeToken, tokenFrom, type LoginResult, type PublicUser } from './_session.ts'

export default defineSvcCommand({
  description: 'Create an account (the first one on a new server becomes the owner) and log in',
  example: 'printf %s "$PASSWORD" | svc-cli auth signup --email you@example.com --password-stdin',
  effect: 'write',
  args: {
    email: { type: 'string', description: 'Account e-mail', valueHint: 'email' },
    name: { type: 'string', description: 'Display name', valueHint: 'name' },
    'password-stdin': { type: 'boolean', description: 'Read a password from stdin (without one, log in by e-mail code)' },
    'token-name': { type: 'string', description: 'Name of the access token created for this machine', valueHint: 'name' },
  },
  async run(args, env) {
    const email = args.email?.trim() || (await env.prompt('E-mail: ', '--email'))
    let password: string | undefined
    if (args['password-stdin']) {
      password = (await env.io.stdin.read()).replace(/\r?\n$/, '')
      if (!password) throw usageError('No password on stdin; pipe one in or leave out --password-stdin')
    } else if (env.interactive) {
      password = (await env.prompt('Password (empty: log in by e-mail code): ', '--password-stdin', true)) || undefined
    }
    const connection = env.connection()
    const reply = await env.client().request<{ user: PublicUser; token?: { token: string; name: string } }>('POST', '/api/v3/auth/signup', {
      auth: false,
      body: { email, password, name: args.name, tokenName: args['token-name']?.trim() || defaultTokenName() },
    })
    const data: LoginResult = { server: connection.server, user: reply.user, configFile: storeToken(env.io.env, connection.server, tokenFrom(reply), reply.user.email) }
    return result(data, loginHuman(data))
  },
})
