import { defineSvcCommand } from '../../../command.ts'
import { result, table } from '../../../output.ts'

export default defineSvcCommand({
  description: 'List your access tokens by name, prefix and last use',
  example: 'svc-cli auth token list',
  effect: 'read',
  async run(_args, env) {
    const data = await env.client().call('tokens.list', {})
    return result(data, (style) =>
      table(
        style,
        data.tokens,
        {
          id: (t) => t.id,
          name: (t) => t.name,
          prefix: (t) => `${t.prefix}…`,
          created: (t) => t.createdAt,
          'last used': (t) => t.lastUsedAt,
        },
        'No access tokens.',
      ),
    )
  },
})
