import { defineSvcCommand } from '../../../command.ts'
import { CliError, EXIT } from '../../../errors.ts'
import { details, result } from '../../../output.ts'
import { appArg } from '../../_shared.ts'
import { webhookArg } from './_view.ts'

export default defineSvcCommand({
  description:
    'Send a signed webhook.test event to the webhook now and show what came back (exit 1 unless it answered 2xx)',
  example: 'svc-cli share webhook test --app 0193… --webhook 0194…',
  effect: 'write',
  args: { ...appArg, ...webhookArg },
  async run(args, env) {
    const sent = await env.client().call('webhooks.test', { params: { id: args.app, webhook: args.webhook } })
    if (!sent.delivered) {
      throw new CliError(
        'not_delivered',
        `The webhook did not accept the test event: ${sent.error ?? `HTTP ${sent.status}`}`,
        EXIT.error,
        sent,
      )
    }
    return result(sent, (style) =>
      details(style, {
        delivered: 'yes',
        'webhook-id': sent.id,
        status: sent.status,
        'latency (ms)': sent.latencyMs,
      }),
    )
  },
})
