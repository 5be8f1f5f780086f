import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg } from '../_shared.ts'
import { printWarnings, shareDetails } from './_view.ts'

export default defineSvcCommand({
  description:
    "Publish an app's endpoint (the first publish creates its token); records stay private unless reads are open",
  example: 'svc-cli share publish --app 0193…',
  effect: 'write',
  args: { ...appArg },
  async run(args, env) {
    const share = await env.client().call('share.publish', { params: { id: args.app } })
    printWarnings(env, share)
    return result(share, shareDetails(share))
  },
})
