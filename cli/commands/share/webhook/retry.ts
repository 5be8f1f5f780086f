import { defineSvcCommand } from '../../../command.ts'
import { details, result } from '../../../output.ts'
import { appArg } from '../../_shared.ts'
import { webhookArg } from './_view.ts'

export default defineSvcCommand({
  description:
    'Send a delivery again now (a dead one gets one more attempt); see the ids with `share webhook deliveries`',
  example: 'svc-cli share webhook retry --app 0193… --webhook 0194… --delivery msg_…',
  effect: 'write',
  args: {
    ...appArg,
    ...webhookArg,
    delivery: {
      type: 'string',
      description: 'Delivery id (the webhook-id header)',
      required: true,
      valueHint: 'deliveryId',
    },
  },
  async run(args, env) {
    const delivery = await env
      .client()
      .call('webhooks.retry', { params: { id: args.app, webhook: args.webhook, delivery: args.delivery } })
    return result(delivery, (style) =>
      details(style, { id: delivery.id, status: delivery.status, 'next try': delivery.nextAt }),
    )
  },
})
