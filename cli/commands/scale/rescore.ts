import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg } from '../_shared.ts'

export default defineSvcCommand({
  description: "Recompute every record's stored scores with the current scales (old reports change)",
  example: 'svc-cli scale rescore --app 0193…',
  effect: 'write',
  args: { ...appArg },
  async run(args, env) {
    const data = await env.client().call('scales.rescore', { params: { id: args.app } })
    return result(data, () => `Rescored ${data.rescored} record${data.rescored === 1 ? '' : 's'}.`)
  },
})
