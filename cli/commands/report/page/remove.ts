import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { appArg, yesArg } from '../../_shared.ts'
import { pageArg } from '../_view.ts'

export default defineSvcCommand({
  description: 'Remove a report page with its sections',
  example: 'svc-cli report page remove --app 0193… --page 2 --yes',
  effect: 'destructive',
  args: { ...appArg, ...pageArg, ...yesArg },
  async run(args, env) {
    await env.confirm(`Remove report page ${args.page} with its sections?`, args.yes)
    const data = await env.client().call('reports.removePage', { params: { id: args.app, page: args.page } })
    return result(data, () => `Removed report page ${args.page} (${data.id}).`)
  },
})
