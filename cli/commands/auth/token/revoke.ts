import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { yesArg } from '../../_shared.ts'

export default defineSvcCommand({
  description: 'Revoke an access token; anything using it gets 401 from then on',
  example: 'svc-cli auth token revoke --id 0193… --yes',
  effect: 'destructive',
  args: {
    id: { type: 'string', description: 'Token id (see `svc-cli auth token list`)', required: true, valueHint: 'id' },
    ...yesArg,
  },
  async run(args, env) {
    await env.confirm(`Revoke access token ${args.id}?`, args.yes)
    const data = await env.client().request<{ revoked: boolean; id: string }>('DELETE', `/api/v3/auth/tokens/${encodeURIComponent(args.id)}`)
    return result(data, () => `Revoked token ${data.id}.`)
  },
})
