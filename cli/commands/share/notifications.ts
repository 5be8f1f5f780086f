import { boolArg, defineSvcCommand } from '../../command.ts'
import { details, result } from '../../output.ts'
import { checkInput } from '../../validate.ts'
import { notificationsSchema } from '../../../server/contract/webhooks/schemas.ts'
import { appArg } from '../_shared.ts'

export default defineSvcCommand({
  description:
    "Show or switch the e-mail to the app's owner about each new record (capped per hour, then digests; each mail has an unsubscribe link)",
  example: 'svc-cli share notifications --app 0193… --email on',
  effect: 'write',
  args: {
    ...appArg,
    email: {
      type: 'string',
      description: 'E-mail me about new records: on or off (leave out to show the setting)',
      valueHint: 'on|off',
    },
  },
  async run(args, env) {
    const enabled = boolArg(args.email, 'email')
    const params = { id: args.app }
    const state =
      enabled === undefined
        ? await env.client().call('notifications.get', { params })
        : await env.client().call('notifications.set', { params, body: checkInput(notificationsSchema, { enabled }) })
    return result(state, (style) =>
      details(style, {
        'e-mail per new record': state.enabled ? 'on' : 'off',
        'at most': `${state.perHour} mails an hour, then digests`,
        ...(state.smtp ? {} : { note: 'the server has no SMTP (SVC_SMTP_URL): mails are written to its log' }),
      }),
    )
  },
})
