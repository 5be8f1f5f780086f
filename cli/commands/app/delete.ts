import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg, yesArg } from '../_shared.ts'

export default defineSvcCommand({
  description: 'Delete an app with its fields, endpoint and every record (cannot be undone)',
  example: 'svc-cli app delete --app 0193… --yes',
  effect: 'destructive',
  args: { ...appArg, ...yesArg },
  async run(args, env) {
    await env.confirm(`Delete app ${args.app} and all its records?`, args.yes)
    const data = await env.client().call('apps.delete', { params: { id: args.app } })
    return result(data, () => `Deleted app ${data.id}.`)
  },
})
