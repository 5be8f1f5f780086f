import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { appArg, yesArg } from '../../_shared.ts'
import { webhookArg } from './_view.ts'

export default defineSvcCommand({
  description: 'Remove a webhook; its pending deliveries are not sent',
  example: 'svc-cli share webhook remove --app 0193… --webhook 0194… --yes',
  effect: 'destructive',
  args: { ...appArg, ...webhookArg, ...yesArg },
  async run(args, env) {
    await env.confirm(`Remove webhook ${args.webhook} of app ${args.app}? Its pending deliveries are dropped`, args.yes)
    const removed = await env.client().call('webhooks.remove', { params: { id: args.app, webhook: args.webhook } })
    return result(removed, () => `Removed webhook ${removed.id}.`)
  },
})
