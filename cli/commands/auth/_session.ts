/**
 * @module What every way of logging in ends with: the token stored for the server exactly
 * once, in one place, so `auth login`, `auth signup`, `auth reset-password` and the MCP
 * login tools agree. A login's token is named after the machine and asks the server to
 * replace the earlier token of that name, so logging in again never piles up live tokens.
 */
import { hostname } from 'node:os'
import { configPath, updateConfig } from '../../config.ts'
import { CliError, usageError } from '../../errors.ts'
import { details, type Style } from '../../output.ts'
import type { CommandEnv } from '../../command.ts'
import type { AccessTokenInfo, LoginAnswer, NewAccessToken, PublicUser } from '../../../server/contract/api/auth.ts'

export type { PublicUser }

/** An access token as the server lists it (never the secret). */
export type TokenInfo = AccessTokenInfo

/** The access-token name used when logging in with an e-mail address: one per machine. */
export const defaultTokenName = () => `svc-cli on ${hostname()}`.slice(0, 100)

/**
 * What a login asks the server for: a token named `--token-name` (else after the machine)
 * that replaces the account's earlier token of that name.
 */
export const loginToken = (flag: string | undefined) => ({
  tokenName: flag?.trim() || defaultTokenName(),
  replaceToken: true as const,
})

/** The answer of auth.login, auth.verifyCode, auth.signup and (with more) auth.resetPassword. */
export type LoginReply = LoginAnswer

/** Stores `token` for `server` and makes it the current server. */
export function storeToken(
  env: Record<string, string | undefined>,
  server: string,
  token: string,
  email?: string,
): string {
  updateConfig(env, (config) => {
    config.servers[server] = { token, email, savedAt: new Date().toISOString() }
    config.current = server
  })
  return configPath(env)
}

/** The new token of a login reply: it must be there. */
export function tokenFrom(reply: LoginReply): NewAccessToken {
  if (!reply.token?.token)
    throw new CliError(
      'bad_response',
      'The server did not return an access token; is it an svc server of the same version?',
    )
  return reply.token
}

/** What `auth login`, `signup` and `reset-password` print (`--json`: this object). */
export interface LoginResult {
  server: string
  user: PublicUser
  configFile: string
  /** The token this login made (absent for `--with-token`, which stores the given one). */
  token?: TokenInfo
  /** The earlier tokens of the same name, now revoked on the server. */
  replacedTokens?: TokenInfo[]
}

/** Stores the token of a login reply and describes the login. */
export function finishLogin(env: CommandEnv, server: string, reply: LoginReply): LoginResult {
  const { token: secret, ...info } = tokenFrom(reply)
  const configFile = storeToken(env.io.env, server, secret, reply.user.email)
  return {
    server,
    user: reply.user,
    configFile,
    token: info,
    ...(reply.replacedTokens ? { replacedTokens: reply.replacedTokens } : {}),
  }
}

const replacedLine = (token: TokenInfo) =>
  `Replaced the earlier token "${token.name}" (${token.prefix}…, last used ${token.lastUsedAt ?? 'never'}); it no longer works.`

/** The human text of a login: where the token went, which earlier token it replaced, who is logged in. */
export const loginHuman = (data: LoginResult) => (style: Style) =>
  [
    `Logged in to ${data.server} as ${data.user.email}. The token is stored in ${data.configFile}.`,
    ...(data.replacedTokens ?? []).map(replacedLine),
    '',
    details(style, { id: data.user.id, email: data.user.email, name: data.user.name }),
  ].join('\n')

/** Reads a password piped to stdin (`--password-stdin`): one trailing newline is dropped, the rest is the password. */
export async function passwordFromStdin(env: CommandEnv, example: string): Promise<string> {
  const password = (await env.io.stdin.read()).replace(/\r?\n$/, '')
  if (!password) throw usageError(`No password on stdin: pipe it in, e.g. \`${example}\``)
  return password
}
