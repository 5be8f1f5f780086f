import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { checkInput } from '../../../validate.ts'
import { addWebhookSchema } from '../../../../server/contract/webhooks/schemas.ts'
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../../../server/contract/webhooks/events.ts'
import { appArg } from '../../_shared.ts'
import { webhookDetails } from './_view.ts'

/** `--events a,b` as a list (the body's schema checks each name); undefined when not given. */
export const eventsArg = (raw: string | undefined) =>
  raw === undefined
    ? undefined
    : (raw
        .split(',')
        .map((event) => event.trim())
        .filter(Boolean) as WebhookEvent[])

export default defineSvcCommand({
  description: 'Add a webhook: svc POSTs the chosen events to the URL, signed; prints the signing secret once',
  example: 'svc-cli share webhook add --app 0193… --url https://example.com/hooks/svc --events record.created',
  effect: 'write',
  args: {
    ...appArg,
    url: {
      type: 'string',
      description:
        'Where the signed POSTs go (http or https; private addresses are refused unless the server allows them)',
      required: true,
      valueHint: 'url',
    },
    events: {
      type: 'string',
      description: `Comma-separated events (default all: ${WEBHOOK_EVENTS.join(', ')})`,
      valueHint: 'events',
    },
  },
  async run(args, env) {
    const body = checkInput(addWebhookSchema, { url: args.url, events: eventsArg(args.events) })
    const hook = await env.client().call('webhooks.add', { params: { id: args.app }, body })
    return result(hook, webhookDetails(hook))
  },
})
