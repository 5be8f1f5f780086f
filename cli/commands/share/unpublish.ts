import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg, yesArg } from '../_shared.ts'
import { shareDetails } from './_view.ts'

export default defineSvcCommand({
  description: 'Take the endpoint offline (404) until published again; the token is kept',
  example: 'svc-cli share unpublish --app 0193… --yes',
  effect: 'destructive',
  args: { ...appArg, ...yesArg },
  async run(args, env) {
    await env.confirm(`Unpublish app ${args.app}? Submissions will get 404`, args.yes)
    const share = await env.client().call('share.unpublish', { params: { id: args.app } })
    return result(share, shareDetails(share))
  },
})
