import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg } from '../_shared.ts'
import { printWarnings, shareDetails } from './_view.ts'

export default defineSvcCommand({
  description: "Show an app's endpoint: published or not, URL, switches, limits (warns on stderr when reads are open)",
  example: 'svc-cli share status --app 0193…',
  effect: 'read',
  args: { ...appArg },
  async run(args, env) {
    const share = await env.client().call('share.get', { params: { id: args.app } })
    printWarnings(env, share)
    return result(share, shareDetails(share))
  },
})
