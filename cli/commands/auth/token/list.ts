import { defineSvcCommand } from '../../../command.ts'
import { result, table } from '../../../output.ts'
import { scopesText } from '../../../../server/contract/access/roles.ts'

export default defineSvcCommand({
  description: 'List your access tokens: name, prefix, scopes, apps, expiry and last use',
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
          scopes: (t) => scopesText(t.scopes),
          apps: (t) => t.apps?.join(', ') ?? 'all',
          expires: (t) => t.expiresAt ?? 'never',
          created: (t) => t.createdAt,
          'last used': (t) => t.lastUsedAt,
        },
        'No access tokens.',
      ),
    )
  },
})
