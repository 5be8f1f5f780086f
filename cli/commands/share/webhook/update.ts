import { boolArg, defineSvcCommand } from '../../../command.ts'
import { usageError } from '../../../errors.ts'
import { result } from '../../../output.ts'
import { checkInput } from '../../../validate.ts'
import { updateWebhookSchema } from '../../../../server/contract/webhooks/schemas.ts'
import { appArg } from '../../_shared.ts'
import { eventsArg } from './add.ts'
import { webhookArg, webhookDetails } from './_view.ts'

export default defineSvcCommand({
  description:
    'Change a webhook: URL, events, switch it on or off (on again after svc switched it off), or a new signing secret (printed once)',
  example: 'svc-cli share webhook update --app 0193… --webhook 0194… --enabled on',
  effect: 'write',
  args: {
    ...appArg,
    ...webhookArg,
    url: { type: 'string', description: 'New target URL', valueHint: 'url' },
    events: { type: 'string', description: 'Comma-separated events', valueHint: 'events' },
    enabled: {
      type: 'string',
      description: 'Send events: on or off (on clears the failure count)',
      valueHint: 'on|off',
    },
    'rotate-secret': {
      type: 'boolean',
      description: 'Replace the signing secret; the new one is printed once and the old one stops verifying',
    },
  },
  async run(args, env) {
    const body = {
      url: args.url,
      events: eventsArg(args.events),
      enabled: boolArg(args.enabled, 'enabled'),
      rotateSecret: args['rotate-secret'] ? (true as const) : undefined,
    }
    if (Object.values(body).every((v) => v === undefined))
      throw usageError('Nothing to change: pass --url, --events, --enabled or --rotate-secret')
    const hook = await env.client().call('webhooks.update', {
      params: { id: args.app, webhook: args.webhook },
      body: checkInput(updateWebhookSchema, body),
    })
    return result(hook, webhookDetails(hook))
  },
})
