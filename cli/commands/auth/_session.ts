/**
 * @module What every way of logging in ends with: the token stored for the server exactly
 * once, in one place, so `auth login`, `auth signup` and the MCP login tools agree.
 */
import { hostname } from 'node:os'
import { configPath, updateConfig } from '../../config.ts'
import { CliError } from '../../errors.ts'
import { details, type Style } from '../../output.ts'

export interface PublicUser {
  id: string
  email: string
  name: string
  hasPassword: boolean
  createdAt: string
}

/** The access-token name used when logging in with an e-mail address. */
export const defaultTokenName = () => `svc-cli on ${hostname()}`.slice(0, 100)

/** Stores `token` for `server` and makes it the current server. */
export function storeToken(env: Record<string, string | undefined>, server: string, token: string, email?: string): string {
  updateConfig(env, (config) => {
    config.servers[server] = { token, email, savedAt: new Date().toISOString() }
    config.current = server
  })
  return configPath(env)
}

/** The reply of /auth/login, /auth/code/verify and /auth/signup: the new token must be there. */
export function tokenFrom(reply: { user: PublicUser; token?: { token: string; name: string } }): string {
  if (!reply.token?.token) throw new CliError('bad_response', 'The server did not return an access token; is it an svc server of the same version?')
  return reply.token.token
}

export interface LoginResult {
  server: string
  user: PublicUser
  configFile: string
}

export const loginHuman = (data: LoginResult) => (style: Style) =>
  `Logged in to ${data.server} as ${data.user.email}. The token is stored in ${data.configFile}.\n\n${details(style, { id: data.user.id, email: data.user.email, name: data.user.name })}`
