import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg, fieldArg, yesArg } from '../_shared.ts'

export default defineSvcCommand({
  description: 'Remove a field (values already stored stay in the records)',
  example: 'svc-cli field remove --app 0193… --field nickname --yes',
  effect: 'destructive',
  args: { ...appArg, ...fieldArg, ...yesArg },
  async run(args, env) {
    await env.confirm(`Remove field ${args.field}?`, args.yes)
    const data = await env.client().call('fields.remove', { params: { id: args.app, field: args.field } })
    return result(data, () => `Removed field ${args.field} (${data.id}).`)
  },
})
