import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { appArg, yesArg } from '../../_shared.ts'

export default defineSvcCommand({
  description: 'Leave an app you are a member of (the owner hands it over instead)',
  example: 'svc-cli app member leave --app Survey --yes',
  effect: 'destructive',
  args: { ...appArg, ...yesArg },
  async run(args, env) {
    await env.confirm(`Leave app ${args.app}? Only its owner or an admin can invite you back.`, args.yes)
    const left = await env.client().call('members.leave', { params: { id: args.app } })
    return result(left, () => `You left app ${args.app}.`)
  },
})
