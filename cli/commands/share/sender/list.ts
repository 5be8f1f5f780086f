import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { appArg } from '../../_shared.ts'
import { senderTable } from './_view.ts'

export default defineSvcCommand({
  description: "List an app's senders: name, kind, signature header, whether signatures are required",
  example: 'svc-cli share sender list --app 0193…',
  effect: 'read',
  args: { ...appArg },
  async run(args, env) {
    const { senders } = await env.client().call('senders.list', { params: { id: args.app } })
    return result(senders, senderTable(senders))
  },
})
