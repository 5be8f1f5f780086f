import { defineSvcCommand } from '../../command.ts'
import { readConfig, updateConfig } from '../../config.ts'
import { result } from '../../output.ts'

export default defineSvcCommand({
  description: 'Forget the stored token for the server (--revoke also revokes it on the server)',
  example: 'svc-cli auth logout --revoke',
  effect: 'destructive',
  args: { revoke: { type: 'boolean', description: 'Also revoke the token on the server' } },
  async run(args, env) {
    const connection = env.connection()
    const entry = readConfig(env.io.env).servers[connection.server]
    let revoked = false
    if (args.revoke && entry) {
      const client = env.client()
      const { tokens } = await client.request<{ tokens: { id: string; prefix: string }[] }>('GET', '/api/v3/auth/tokens', { token: entry.token })
      const mine = tokens.find((t) => entry.token.startsWith(t.prefix))
      if (mine) {
        await client.request('DELETE', `/api/v3/auth/tokens/${encodeURIComponent(mine.id)}`, { token: entry.token })
        revoked = true
      }
    }
    updateConfig(env.io.env, (config) => {
      delete config.servers[connection.server]
      if (config.current === connection.server) delete config.current
    })
    const data = { server: connection.server, loggedOut: Boolean(entry), revoked }
    return result(data, () =>
      entry ? `Logged out of ${connection.server}${revoked ? ' and revoked the token' : ''}.` : `No stored token for ${connection.server}; nothing to do.`,
    )
  },
})
