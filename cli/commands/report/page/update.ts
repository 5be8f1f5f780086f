import { defineSvcCommand, intArg } from '../../../command.ts'
import { usageError } from '../../../errors.ts'
import { result } from '../../../output.ts'
import { ASSESSMENT } from '../../../../server/contract/limits.ts'
import { appArg } from '../../_shared.ts'
import { pageArg, pageView } from '../_view.ts'
import { checkInput } from '../../../validate.ts'
import { updatePageSchema } from '../../../../server/contract/reports/schemas.ts'

export default defineSvcCommand({
  description: 'Rename a report page or move it to another place',
  example: 'svc-cli report page update --app 0193… --page 2 --title "Advice" --position 1',
  effect: 'write',
  args: {
    ...appArg,
    ...pageArg,
    title: { type: 'string', description: 'New heading', valueHint: 'text' },
    position: { type: 'string', description: 'Move to this 1-based place', valueHint: 'n' },
  },
  async run(args, env) {
    const body = { title: args.title, position: intArg(args.position, 'position', 1, ASSESSMENT.maxReportPages) }
    if (Object.values(body).every((v) => v === undefined))
      throw usageError('Nothing to change: pass --title and/or --position')
    const page = await env.client().call('reports.updatePage', {
      params: { id: args.app, page: args.page },
      body: checkInput(updatePageSchema, body),
    })
    return result(page, pageView(page))
  },
})
