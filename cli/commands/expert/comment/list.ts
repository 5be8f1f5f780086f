import { defineSvcCommand } from '../../../command.ts'
import { listing, listResult } from '../../../listing.ts'
import { appArg, pageArgs } from '../../_shared.ts'
import { commentTable } from '../_view.ts'

export default defineSvcCommand({
  description: "List the expert's comments per scale level",
  example: 'svc-cli expert comment list --app 0193…',
  effect: 'read',
  // No -q: a comment has no id of its own (it is named by --scale and --level).
  args: { ...appArg, ...pageArgs },
  async run(args, env) {
    const asked = listing(args)
    const data = await env.client().call('expert.comments', { params: { id: args.app } })
    return listResult(env, asked, data.comments, {
      key: 'comments',
      id: (c) => `${c.scale}/${c.level}`,
      human: (comments) => commentTable(comments),
    })
  },
})
