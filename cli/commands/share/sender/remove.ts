import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { appArg, yesArg } from '../../_shared.ts'

export default defineSvcCommand({
  description:
    'Remove a sender: its deliveries are then taken as unsigned posts (or refused, if another sender requires signatures)',
  example: 'svc-cli share sender remove --app 0193… --name github --yes',
  effect: 'destructive',
  args: {
    ...appArg,
    name: {
      type: 'string',
      description: 'The sender (see `svc-cli share sender list`)',
      required: true,
      valueHint: 'name',
    },
    ...yesArg,
  },
  async run(args, env) {
    await env.confirm(`Remove sender ${args.name} of app ${args.app}?`, args.yes)
    const removed = await env.client().call('senders.remove', { params: { id: args.app, name: args.name } })
    return result(removed, () => `Removed sender ${removed.name}.`)
  },
})
