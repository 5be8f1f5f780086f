import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg, yesArg } from '../_shared.ts'
import { shareDetails } from './_view.ts'

export default defineSvcCommand({
  description: 'Give the endpoint a new token; the old URL answers 404 from now on',
  example: 'svc-cli share rotate --app 0193… --yes',
  effect: 'destructive',
  args: { ...appArg, ...yesArg },
  async run(args, env) {
    await env.confirm(`Rotate the endpoint token of app ${args.app}? The current URL stops working`, args.yes)
    const share = await env.client().call('share.rotate', { params: { id: args.app } })
    return result(share, shareDetails(share))
  },
})
