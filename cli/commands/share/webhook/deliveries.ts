import { defineSvcCommand, intArg } from '../../../command.ts'
import { idsResult } from '../../../listing.ts'
import { result } from '../../../output.ts'
import { WEBHOOK_LIMITS } from '../../../../server/contract/webhooks/events.ts'
import { appArg, quietArg } from '../../_shared.ts'
import { deliveryTable, webhookArg } from './_view.ts'

export default defineSvcCommand({
  description:
    "A webhook's deliveries, newest first: records carried, status (pending, delivered, dead), attempts, the last answer and its latency, the next try",
  example: 'svc-cli share webhook deliveries --app 0193… --webhook 0194… --limit 20',
  effect: 'read',
  args: {
    ...appArg,
    ...webhookArg,
    limit: { type: 'string', description: `How many, 1–${WEBHOOK_LIMITS.maxDeliveries} (default 50)`, valueHint: 'n' },
    ...quietArg,
  },
  async run(args, env) {
    const limit = intArg(args.limit, 'limit', 1, WEBHOOK_LIMITS.maxDeliveries)
    const { deliveries } = await env
      .client()
      .call('webhooks.deliveries', { params: { id: args.app, webhook: args.webhook }, query: { limit } })
    if (args.quiet) return idsResult(deliveries.map((delivery) => delivery.id))
    return result(deliveries, deliveryTable(deliveries))
  },
})
