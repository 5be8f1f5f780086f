import { defineSvcCommand, intArg } from '../../../command.ts'
import { idsResult } from '../../../listing.ts'
import { result } from '../../../output.ts'
import { ASSESSMENT } from '../../../../server/contract/limits.ts'
import { appArg, quietArg } from '../../_shared.ts'
import { pageView } from '../_view.ts'
import { checkInput } from '../../../validate.ts'
import { addPageSchema } from '../../../../server/contract/reports/schemas.ts'

export default defineSvcCommand({
  description: 'Add a report page (last unless --position is given)',
  example: 'svc-cli report page add --app 0193… --title "Your results"',
  effect: 'write',
  args: {
    ...appArg,
    title: { type: 'string', description: 'Page heading', valueHint: 'text' },
    position: { type: 'string', description: '1-based place among the pages (default: last)', valueHint: 'n' },
    ...quietArg,
  },
  async run(args, env) {
    const body = { title: args.title, position: intArg(args.position, 'position', 1, ASSESSMENT.maxReportPages) }
    const page = await env
      .client()
      .call('reports.addPage', { params: { id: args.app }, body: checkInput(addPageSchema, body) })
    if (args.quiet) return idsResult([page.id])
    return result(page, pageView(page))
  },
})
