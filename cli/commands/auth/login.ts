import { defineSvcCommand, type CommandEnv } from '../../command.ts'
import { CliError, EXIT, usageError } from '../../errors.ts'
import { result } from '../../output.ts'
import {
  finishLogin,
  loginHuman,
  loginToken,
  passwordFromStdin,
  storeToken,
  type LoginReply,
  type LoginResult,
} from './_session.ts'
import { requestCode } from './_code.ts'

type TokenRequest = ReturnType<typeof loginToken>

async function withEmail(
  env: CommandEnv,
  email: string,
  how: { code: string } | { password: string; code?: string },
  token: TokenRequest,
): Promise<LoginReply> {
  const client = env.client()
  if (!('password' in how))
    return client.call('auth.verifyCode', { body: { email, code: how.code, ...token } }, { auth: false })
  const body = { email, password: how.password, ...(how.code !== undefined ? { code: how.code } : {}), ...token }
  try {
    return await client.call('auth.login', { body }, { auth: false })
  } catch (error) {
    // Many failed log-ins for the address lately: the password needs the code it mailed too.
    if (!(error instanceof CliError) || error.type !== 'code_required' || how.code !== undefined) throw error
    if (!env.interactive)
      throw new CliError(
        'code_required',
        `${error.message} With svc-cli: run the same command again with --code <the code from the e-mail>.`,
        EXIT.auth,
      )
    await env.io.stderr.write(`${error.message}\n`)
    const code = await env.prompt('Code from the e-mail: ', '--code')
    return client.call('auth.login', { body: { ...body, code } }, { auth: false })
  }
}

/** Asks a person at a terminal how to log in. */
async function interactiveLogin(env: CommandEnv, email: string | undefined, token: TokenRequest): Promise<LoginReply> {
  const address = email ?? (await env.prompt('E-mail: ', '--email'))
  const choice = (
    await env.prompt('Log in with [c]ode by e-mail or [p]assword? ', '--code or --password-stdin')
  ).toLowerCase()
  if (choice.startsWith('p'))
    return withEmail(env, address, { password: await env.prompt('Password: ', '--password-stdin', true) }, token)
  await env.io.stderr.write(`${(await requestCode(env, address, false)).text}\n`)
  return withEmail(env, address, { code: await env.prompt('Code: ', '--code') }, token)
}

/** The token of `--with-token`: piped to stdin, or pasted at a prompt (not echoed) on a terminal. */
async function tokenFromStdin(env: CommandEnv): Promise<string> {
  const token = env.interactive
    ? await env.prompt('Paste an access token: ', '--with-token', true)
    : (await env.io.stdin.read()).trim()
  if (!token)
    throw usageError(
      'No token on stdin: pipe one in, e.g. `svc-cli auth login --with-token < token.txt`, or set SVC_TOKEN',
    )
  return token
}

export default defineSvcCommand({
  description: 'Log in with an access token on stdin, an e-mail code or a password, and store the token',
  example: 'svc-cli auth login --with-token < token.txt     # or: --email you@example.com --code 123456',
  effect: 'write',
  args: {
    'with-token': {
      type: 'boolean',
      description: 'Read an access token from stdin (like gh); in CI, setting SVC_TOKEN needs no login at all',
    },
    email: {
      type: 'string',
      description: 'Log in by e-mail: with --code or --password-stdin (on a terminal: asked for)',
      valueHint: 'email',
    },
    code: {
      type: 'string',
      description:
        'The 6-digit code from `svc-cli auth code --email …`; with --password-stdin, the code a password log-in mailed after many failed log-ins',
      valueHint: 'code',
    },
    'password-stdin': { type: 'boolean', description: 'Read the password from stdin (never pass it as an argument)' },
    'token-name': {
      type: 'string',
      description:
        'Name of the access token this login makes (default "svc-cli on <hostname>"); it replaces the token of this config\'s last login',
      valueHint: 'name',
    },
  },
  async run(args, env) {
    const connection = env.connection()
    const token = loginToken(args['token-name'])
    let data: LoginResult
    if (args.token !== undefined || args['with-token']) {
      // The seed's `--token` still works; help and hints show stdin and SVC_TOKEN instead.
      const given = args['with-token'] ? await tokenFromStdin(env) : args.token!.trim()
      if (!given) throw usageError('--token needs a value; better: pipe the token to `svc-cli auth login --with-token`')
      const { user } = await env.client().call('auth.status', {}, { token: given })
      data = {
        server: connection.server,
        user,
        configFile: storeToken(env.io.env, connection.server, given, user.email),
      }
    } else {
      let reply: LoginReply
      if (args.email && args['password-stdin']) {
        // With --code too: the code a password log-in asked for after many failed log-ins (code_required).
        const password = await passwordFromStdin(env, 'svc-cli auth login --email … --password-stdin < password.txt')
        reply = await withEmail(env, args.email, { password, code: args.code }, token)
      } else if (args.email && args.code !== undefined) {
        reply = await withEmail(env, args.email, { code: args.code }, token)
      } else if (env.interactive) {
        reply = await interactiveLogin(env, args.email, token)
      } else {
        throw usageError(
          'Not a terminal, so svc-cli cannot ask how to log in: pipe an access token to --with-token (or set SVC_TOKEN), or pass --email <e> with --code <c> ' +
            '(request one with `svc-cli auth code --email <e>`) or with --password-stdin (the password piped to stdin)',
        )
      }
      data = await finishLogin(env, connection.server, reply)
    }
    return result(data, loginHuman(data))
  },
})
