import { defineSvcCommand } from '../../../command.ts'
import { idsResult } from '../../../listing.ts'
import { result } from '../../../output.ts'
import { appArg, quietArg } from '../../_shared.ts'
import { webhookTable } from './_view.ts'

export default defineSvcCommand({
  description: "List an app's webhooks: URL, events, on or off (and why svc switched one off), failed attempts",
  example: 'svc-cli share webhook list --app 0193…',
  effect: 'read',
  args: { ...appArg, ...quietArg },
  async run(args, env) {
    const { webhooks } = await env.client().call('webhooks.list', { params: { id: args.app } })
    if (args.quiet) return idsResult(webhooks.map((hook) => hook.id))
    return result(webhooks, webhookTable(webhooks))
  },
})
