import { defineSvcCommand } from '../../command.ts'
import { CliError } from '../../errors.ts'
import { result } from '../../output.ts'
import { appArg } from '../_shared.ts'

export default defineSvcCommand({
  description: 'Print the endpoint URL (for scripts: `curl -d @rec.json "$(svc-cli share url --app …)"`)',
  example: 'svc-cli share url --app 0193…',
  effect: 'read',
  args: { ...appArg },
  async run(args, env) {
    const share = await env.client().call('share.get', { params: { id: args.app } })
    if (!share.endpoint)
      throw new CliError(
        'not_published',
        `App ${args.app} has no endpoint yet: run svc-cli share publish --app ${args.app}`,
      )
    const data = { endpoint: share.endpoint, published: share.published }
    return result(data, () => share.endpoint!)
  },
})
