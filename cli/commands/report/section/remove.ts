import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { appArg, yesArg } from '../../_shared.ts'
import { pageArg, pageView } from '../_view.ts'

export default defineSvcCommand({
  description: 'Remove a section from a report page',
  example: 'svc-cli report section remove --app 0193… --page 1 --section 2 --yes',
  effect: 'destructive',
  args: {
    ...appArg,
    ...pageArg,
    section: {
      type: 'string',
      description: 'Section number on the page (1, 2, …) or id',
      required: true,
      valueHint: 'section',
    },
    ...yesArg,
  },
  async run(args, env) {
    await env.confirm(`Remove section ${args.section} of report page ${args.page}?`, args.yes)
    const page = await env
      .client()
      .call('reports.removeSection', { params: { id: args.app, page: args.page, section: args.section } })
    return result(page, pageView(page))
  },
})
