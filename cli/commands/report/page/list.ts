import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { appArg } from '../../_shared.ts'
import { pagePath, pageTable, type ReportPage } from '../_view.ts'

export default defineSvcCommand({
  description: 'List the report pages in order with their sections',
  example: 'svc-cli report page list --app 0193…',
  effect: 'read',
  args: { ...appArg },
  async run(args, env) {
    const data = await env.client().request<{ pages: ReportPage[] }>('GET', pagePath(args.app))
    return result(data, pageTable(data.pages))
  },
})
