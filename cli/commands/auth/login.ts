import { defineSvcCommand, type CommandEnv } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { result } from '../../output.ts'
import { defaultTokenName, loginHuman, storeToken, tokenFrom, type LoginResult, type PublicUser } from './_session.ts'

type Reply = { user: PublicUser; token?: { token: string; name: string } }

async function withEmail(env: CommandEnv, email: string, how: { code?: string; password?: string }, tokenName: string): Promise<Reply> {
  const client = env.client()
  if (how.code !== undefined) {
    return client.request('POST', '/api/v3/auth/code/verify', { auth: false, body: { email, code: how.code, tokenName } })
  }
  return client.request('POST', '/api/v3/auth/login', { auth: false, body: { email, password: how.password, tokenName } })
}

/** Asks a person at a terminal how to log in. */
async function interactiveLogin(env: CommandEnv, email: string | undefined, tokenName: string): Promise<Reply> {
  const address = email ?? (await env.prompt('E-mail: ', '--email'))
  const choice = (await env.prompt('Log in with [c]ode by e-mail or [p]assword? ', '--code or --password-stdin')).toLowerCase()
  if (choice.startsWith('p')) return withEmail(env, address, { password: await env.prompt('Password: ', '--password-stdin', true) }, tokenName)
  await env.client().request('POST', '/api/v3/auth/code', { auth: false, body: { email: address } })
  env.io.stderr.write(`A login code was sent to ${address} (valid 10 minutes).\n`)
  return withEmail(env, address, { code: await env.prompt('Code: ', '--code') }, tokenName)
}

export default defineSvcCommand({
  description: 'Log in with an access token, an e-mail code or a password, and store the token',
  example: 'svc-cli auth login --with-token < token.txt     # or: --email you@example.com --code 123456',
  effect: 'write',
  args: {
    'with-token': { type: 'boolean', description: 'Read an access token from stdin (like gh)' },
    email: { type: 'string', description: 'Log in by e-mail: with --code or --password-stdin', valueHint: 'email' },
    code: { type: 'string', description: 'The 6-digit code from `svc-cli auth code --email …`', valueHint: 'code' },
    'password-stdin': { type: 'boolean', description: 'Read the password from stdin' },
    'token-name': { type: 'string', description: 'Name of the access token created for this machine', valueHint: 'name' },
  },
  async run(args, env) {
    const connection = env.connection()
    const tokenName = args['token-name']?.trim() || defaultTokenName()
    let token: string | undefined
    let reply: Reply
    if (args.token !== undefined || args['with-token']) {
      token = args['with-token'] ? (await env.io.stdin.read()).trim() : args.token!.trim()
      if (!token) throw usageError(args['with-token'] ? 'No token on stdin: pipe one in, e.g. `svc-cli auth login --with-token < token.txt`' : '--token needs a value')
      const status = await env.client().request<{ user: PublicUser }>('GET', '/api/v3/auth/status', { token })
      reply = { user: status.user }
    } else if (args.email && args.code !== undefined) {
      reply = await withEmail(env, args.email, { code: args.code }, tokenName)
    } else if (args.email && args['password-stdin']) {
      const password = (await env.io.stdin.read()).replace(/\r?\n$/, '')
      if (!password) throw usageError('No password on stdin: pipe it in, e.g. `printf %s "$PW" | svc-cli auth login --email … --password-stdin`')
      reply = await withEmail(env, args.email, { password }, tokenName)
    } else if (env.interactive) {
      reply = await interactiveLogin(env, args.email, tokenName)
    } else {
      throw usageError(
        'Not a terminal, so svc-cli cannot ask how to log in: pass --token <token>, --with-token (token on stdin), or --email <e> with --code <c> (request one with `svc-cli auth code --email <e>`) or --password-stdin',
      )
    }
    token ??= tokenFrom(reply)
    const data: LoginResult = { server: connection.server, user: reply.user, configFile: storeToken(env.io.env, connection.server, token, reply.user.email) }
    return result(data, loginHuman(data))
  },
})
