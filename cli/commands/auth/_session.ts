/**
 * @module What every way of logging in ends with: the token stored for the server exactly
 * once, in one place, so `auth login`, `auth signup`, `auth reset-password` and the MCP
 * login tools agree. A login's token is named after the machine; the config remembers its id,
 * and the next login through the same config revokes exactly that token, so logging in again
 * never piles up live tokens and never ends a login another config dir holds (two config dirs
 * on one machine, or machines that share a hostname such as `ubuntu`, each keep theirs).
 */
import { hostname } from 'node:os'
import { configPath, readConfig, updateConfig, type ServerEntry } from '../../config.ts'
import { CliError, EXIT, usageError } from '../../errors.ts'
import { details, type Style } from '../../output.ts'
import type { CommandEnv } from '../../command.ts'
import type { AccessTokenInfo, LoginAnswer, NewAccessToken, PublicUser } from '../../../server/contract/api/auth.ts'

export type { PublicUser }

/** An access token as the server lists it (never the secret). */
export type TokenInfo = AccessTokenInfo

/** The access-token name used when logging in with an e-mail address: one per machine. */
export const defaultTokenName = () => `svc-cli on ${hostname()}`.slice(0, 100)

/**
 * What a login asks the server for: a token named `--token-name` (else after the machine).
 * Not `replaceToken`: that would revoke every token of the name, other config dirs' included.
 */
export const loginToken = (flag: string | undefined) => ({ tokenName: flag?.trim() || defaultTokenName() })

/** The answer of auth.login, auth.verifyCode, auth.signup and (with more) auth.resetPassword. */
export type LoginReply = LoginAnswer

/**
 * Stores `token` for `server` and makes it the current server; `tokenId` marks a token this
 * config's login made (the next login revokes it), absent for one pasted with `--with-token`.
 */
export function storeToken(
  env: Record<string, string | undefined>,
  server: string,
  token: string,
  email?: string,
  tokenId?: string,
): string {
  updateConfig(env, (config) => {
    config.servers[server] = { token, email, ...(tokenId ? { tokenId } : {}), savedAt: new Date().toISOString() }
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
  /** The token an earlier login through this config made, now revoked on the server (none or one). */
  replacedTokens?: TokenInfo[]
}

/**
 * Revokes the token an earlier login of this config stored (it revokes itself, so it works
 * whichever account it belongs to); null when there was none, or it no longer worked.
 */
async function revokeEarlier(env: CommandEnv, earlier: ServerEntry | undefined, secret: string) {
  if (!earlier?.tokenId || earlier.token === secret) return null
  try {
    return (await env.client().call('auth.logout', {}, { token: earlier.token })).revoked ?? null
  } catch (error) {
    if (!(error instanceof CliError)) throw error
    if (error.exitCode !== EXIT.auth)
      await env.io.stderr.write(
        `The earlier token of this config (${earlier.token.slice(0, 14)}…) could not be revoked: ${error.message} Revoke it with \`svc-cli auth token revoke <id>\`.\n`,
      )
    return null
  }
}

/** Stores the token of a login reply, revokes the one this config held before, and describes the login. */
export async function finishLogin(env: CommandEnv, server: string, reply: LoginReply): Promise<LoginResult> {
  const { token: secret, ...info } = tokenFrom(reply)
  const earlier = readConfig(env.io.env).servers[server]
  const configFile = storeToken(env.io.env, server, secret, reply.user.email, info.id)
  const replaced = await revokeEarlier(env, earlier, secret)
  return { server, user: reply.user, configFile, token: info, replacedTokens: replaced ? [replaced] : [] }
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
