import { defineSvcCommand } from '../../../command.ts'
import { result } from '../../../output.ts'
import { appArg } from '../../_shared.ts'
import { commentTable, expertPath, type ExpertComment } from '../_view.ts'

export default defineSvcCommand({
  description: "List the expert's comments per scale level",
  example: 'svc-cli expert comment list --app 0193…',
  effect: 'read',
  args: { ...appArg },
  async run(args, env) {
    const data = await env.client().request<{ comments: ExpertComment[] }>('GET', `${expertPath(args.app)}/comments`)
    return result(data, commentTable(data.comments))
  },
})
