import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg } from '../_shared.ts'
import { appDetails } from './_view.ts'

export default defineSvcCommand({
  description: 'Show one app with its counts',
  example: 'svc-cli app get --app 0193…',
  effect: 'read',
  args: { ...appArg },
  async run(args, env) {
    const app = await env.client().call('apps.get', { params: { id: args.app } })
    return result(app, appDetails(app))
  },
})
