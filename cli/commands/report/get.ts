import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg } from '../_shared.ts'
import { reportView } from './_view.ts'

export default defineSvcCommand({
  description: 'Show the report definition: every page with its sections',
  example: 'svc-cli report get --app 0193…',
  effect: 'read',
  args: { ...appArg },
  async run(args, env) {
    const data = await env.client().call('reports.get', { params: { id: args.app } })
    return result(data, reportView(data.pages))
  },
})
