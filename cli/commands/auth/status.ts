import { defineSvcCommand } from '../../command.ts'
import { notLoggedIn } from '../../errors.ts'
import { details, result } from '../../output.ts'
import { scopesText } from '../../../server/contract/access/roles.ts'

export default defineSvcCommand({
  description: 'Show which server and account the CLI uses, and the token: where it comes from, its scopes and expiry',
  example: 'svc-cli auth status --json',
  effect: 'read',
  async run(_args, env) {
    const connection = env.connection()
    if (!connection.token) throw notLoggedIn(connection.server)
    const status = await env.client().call('auth.status', {})
    const data = {
      server: connection.server,
      tokenSource: connection.tokenSource,
      authenticated: status.authenticated,
      user: status.user,
      ...(status.token ? { token: status.token } : {}),
    }
    const source = { flag: '--token', env: 'SVC_TOKEN', config: 'stored config' }[connection.tokenSource!]
    return result(data, (style) =>
      details(style, {
        server: data.server,
        user: `${status.user.email} (${status.user.id})`,
        token: status.token ? `"${status.token.name}" (${status.token.prefix}…) from ${source}` : `from ${source}`,
        ...(status.token
          ? {
              scopes: scopesText(status.token.scopes),
              apps: status.token.apps?.join(', ') ?? 'all',
              expires: status.token.expiresAt ?? 'never',
            }
          : {}),
      }),
    )
  },
})
