import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { appArg } from '../../_shared.ts'
import { webhooksPath, webhookTable, type Webhook } from './_view.ts'

export default defineSvcCommand({
  description: "List an app's webhooks: URL, events, on or off (and why svc switched one off), failed attempts",
  example: 'svc-cli share webhook list --app 0193…',
  effect: 'read',
  args: { ...appArg },
  async run(args, env) {
    const { webhooks } = await env.client().request<{ webhooks: Webhook[] }>('GET', webhooksPath(args.app))
    return result(webhooks, webhookTable(webhooks))
  },
})
