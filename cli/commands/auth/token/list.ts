import { defineSvcCommand } from '../../../command.ts'
import { result, table } from '../../../output.ts'

interface TokenInfo {
  id: string
  name: string
  prefix: string
  createdAt: string
  lastUsedAt: string | null
}

export default defineSvcCommand({
  description: 'List your access tokens by name, prefix and last use',
  example: 'svc-cli auth token list',
  effect: 'read',
  async run(_args, env) {
    const data = await env.client().request<{ tokens: TokenInfo[] }>('GET', '/api/v3/auth/tokens')
    return result(data, (style) =>
      table(style, data.tokens, { id: (t) => t.id, name: (t) => t.name, prefix: (t) => `${t.prefix}…`, created: (t) => t.createdAt, 'last used': (t) => t.lastUsedAt }, 'No access tokens.'),
    )
  },
})
