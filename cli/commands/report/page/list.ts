import { defineSvcCommand } from '../../../command.ts'
import { idsResult } from '../../../listing.ts'
import { result } from '../../../output.ts'
import { appArg, quietArg } from '../../_shared.ts'
import { pageTable } from '../_view.ts'

export default defineSvcCommand({
  description: 'List the report pages in order with their sections',
  example: 'svc-cli report page list --app 0193…',
  effect: 'read',
  // No --limit/--page: an app has at most a few report pages, and --page names one of them elsewhere.
  args: { ...appArg, ...quietArg },
  async run(args, env) {
    const data = await env.client().call('reports.listPages', { params: { id: args.app } })
    if (args.quiet) return idsResult(data.pages.map((p) => p.id))
    return result(data, pageTable(data.pages))
  },
})
