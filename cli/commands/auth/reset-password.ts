import { defineSvcCommand } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { result, table, type Style } from '../../output.ts'
import { asProgram } from '../../program.ts'
import { checkInput } from '../../validate.ts'
import { PasswordResetInput } from '../../../server/contract/auth/schemas.ts'
import { finishLogin, loginHuman, loginToken, passwordFromStdin, type LoginResult, type TokenInfo } from './_session.ts'

type ResetResult = LoginResult & { endedSessions: number; tokens: TokenInfo[]; warnings?: string[] }

/** The tokens that survived the reset, and the one command that revokes them. */
function survivors(style: Style, tokens: TokenInfo[]): string {
  if (tokens.length === 0) return 'No other access tokens: nothing else can act as you.'
  return [
    `${tokens.length === 1 ? 'This access token' : `These ${tokens.length} access tokens`} made before the reset still work${tokens.length === 1 ? 's' : ''}:`,
    table(style, tokens, {
      id: (t) => t.id,
      name: (t) => t.name,
      prefix: (t) => `${t.prefix}…`,
      created: (t) => t.createdAt,
      'last used': (t) => t.lastUsedAt,
    }),
    '',
    asProgram('Revoke one you do not recognise:  svc-cli auth token revoke <id>', style.program),
    asProgram("Revoke all but this login's:      svc-cli auth token revoke --all", style.program),
  ].join('\n')
}

export default defineSvcCommand({
  description:
    'Set a new password with an e-mailed login code (forgotten password), end every session, log in and list the tokens that still work',
  example: 'svc-cli auth reset-password --email you@example.com --code 123456 --password-stdin < new-password.txt',
  effect: 'write',
  args: {
    email: { type: 'string', description: 'Your account e-mail', required: true, valueHint: 'email' },
    code: {
      type: 'string',
      description: 'The 6-digit code from `svc-cli auth code --email …`',
      required: true,
      valueHint: 'code',
    },
    'password-stdin': {
      type: 'boolean',
      description: 'Read the new password from stdin instead of asking (never pass it as an argument)',
    },
    'token-name': {
      type: 'string',
      description:
        'Name of the access token this login makes (default "svc-cli on <hostname>"); it replaces the token of this config\'s last login',
      valueHint: 'name',
    },
  },
  async run(args, env) {
    const connection = env.connection()
    let newPassword: string
    if (args['password-stdin']) {
      newPassword = await passwordFromStdin(env, 'svc-cli auth reset-password … --password-stdin < new-password.txt')
    } else {
      newPassword = await env.prompt('New password: ', '--password-stdin', true)
      if ((await env.prompt('New password again: ', '--password-stdin', true)) !== newPassword)
        throw usageError('The two passwords differ; nothing was changed')
    }
    const body = checkInput(PasswordResetInput, {
      email: args.email,
      code: args.code,
      newPassword,
      ...loginToken(args['token-name']),
    })
    const reply = await env.client().call('auth.resetPassword', { body }, { auth: false })
    const login = await finishLogin(env, connection.server, reply)
    const revoked = new Set(login.replacedTokens?.map((t) => t.id))
    const data: ResetResult = {
      ...login,
      endedSessions: reply.endedSessions,
      tokens: reply.tokens.filter((t) => !revoked.has(t.id)),
      ...(reply.warnings ? { warnings: reply.warnings } : {}),
    }
    const n = data.endedSessions
    const ended =
      n === 0 ? 'the account had no admin sessions to end' : `every admin session of the account has ended (${n})`
    return result(
      data,
      (style) => `Password changed; ${ended}.\n${loginHuman(data)(style)}\n\n${survivors(style, data.tokens)}`,
    )
  },
})
