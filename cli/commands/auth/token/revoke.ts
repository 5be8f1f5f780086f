import { defineSvcCommand } from '../../../command.ts'
import { usageError } from '../../../errors.ts'
import { result, table } from '../../../output.ts'
import { yesArg } from '../../_shared.ts'

export default defineSvcCommand({
  description: 'Revoke an access token, or --all but the one this CLI uses; anything using them gets 401 from then on',
  example: 'svc-cli auth token revoke 0193… --yes     # or: svc-cli auth token revoke --all --yes',
  effect: 'destructive',
  args: {
    'token-id': {
      type: 'positional',
      required: false,
      description: 'Id of the token to revoke (see `svc-cli auth token list`)',
    },
    id: { type: 'string', description: 'The token id as a flag (same as the positional)', valueHint: 'id' },
    all: {
      type: 'boolean',
      description: 'Revoke every token of the account except the one this CLI is using (after a password reset, say)',
    },
    ...yesArg,
  },
  async run(args, env) {
    const id = (args.id ?? args['token-id'])?.trim()
    if (args.all && id) throw usageError('Pass a token id or --all, not both')
    if (!args.all && !id)
      throw usageError(
        'Name the token to revoke: svc-cli auth token revoke <id> (ids: svc-cli auth token list), or pass --all',
      )
    const client = env.client()
    if (args.all) {
      await env.confirm('Revoke every access token except the one this CLI uses?', args.yes)
      const data = await client.call('tokens.revokeAll', {})
      return result(data, (style) =>
        data.revoked.length === 0
          ? 'No other access tokens; nothing was revoked.'
          : `Revoked ${data.revoked.length} access token${data.revoked.length === 1 ? '' : 's'}; the one this CLI uses still works.\n\n` +
            table(style, data.revoked, {
              id: (t) => t.id,
              name: (t) => t.name,
              prefix: (t) => `${t.prefix}…`,
              'last used': (t) => t.lastUsedAt,
            }),
      )
    }
    await env.confirm(`Revoke access token ${id}?`, args.yes)
    const data = await client.call('tokens.revoke', { params: { id: id! } })
    return result(data, () => `Revoked token ${data.id}.`)
  },
})
