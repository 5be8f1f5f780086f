/**
 * @module auth_status: which server and account the tools use; not logged in is an answer,
 * not an error.
 */
import { z } from 'zod'
import { resolveConnection, SvcClient, type Connection } from '../../client.ts'
import { asCliError } from '../../output.ts'
import { LOGIN_HINT } from '../constraints.ts'
import { fail, ok } from '../results.ts'
import type { ToolModule } from './tool.ts'

/** What the token may do, in one sentence: the model plans around it. */
function tokenSentence(token: { name: string; scopes: string[]; apps: string[] | null; expiresAt: string | null }) {
  const apps = token.apps ? `the apps ${token.apps.join(', ')}` : 'every app of the account'
  const expiry = token.expiresAt ? `it expires at ${token.expiresAt}` : 'it never expires'
  return `The token "${token.name}" may ${token.scopes.join(', ')} on ${apps}; ${expiry}.`
}

export const authStatus: ToolModule = {
  name: 'auth_status',
  config: {
    title: 'Login status',
    description: "The server the tools use, the account logged in and the token's scopes and expiry. Call it first.",
    inputSchema: {},
    outputSchema: {
      server: z.string(),
      authenticated: z.boolean(),
      tokenSource: z.enum(['flag', 'env', 'config']).nullable(),
      user: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
    },
    annotations: {
      title: 'Login status',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    },
  },
  async handler(env) {
    let connection: Connection
    try {
      connection = resolveConnection({}, env)
    } catch (error) {
      return fail(asCliError(error))
    }
    const base = { server: connection.server, tokenSource: connection.tokenSource }
    if (!connection.token)
      return ok(`Not logged in to ${connection.server}. ${LOGIN_HINT}`, {
        ...base,
        authenticated: false,
        user: null,
      })
    try {
      const status = await new SvcClient(connection).call('auth.status', {})
      const user = { id: status.user.id, email: status.user.email, name: status.user.name }
      const token = status.token
      return ok(`Logged in to ${connection.server} as ${user.email}.${token ? ` ${tokenSentence(token)}` : ''}`, {
        ...base,
        authenticated: true,
        user,
      })
    } catch (error) {
      const failure = asCliError(error)
      if (failure.type !== 'unauthorized' && failure.type !== 'token_expired') return fail(failure)
      return ok(
        `The stored token for ${connection.server} is not valid (${failure.message.split(';')[0]}). ${LOGIN_HINT}`,
        {
          ...base,
          authenticated: false,
          user: null,
        },
      )
    }
  },
}
