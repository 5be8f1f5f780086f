import { defineSvcCommand } from '../../command.ts'
import { listing, listResult } from '../../listing.ts'
import { appArg, pageArgs, quietArg } from '../_shared.ts'
import { scaleTable } from './_view.ts'

export default defineSvcCommand({
  description: "List an app's scales with their items, levels and possible range",
  example: 'svc-cli scale list --app 0193…',
  effect: 'read',
  args: { ...appArg, ...pageArgs, ...quietArg },
  async run(args, env) {
    const asked = listing(args)
    const data = await env.client().call('scales.list', { params: { id: args.app } })
    return listResult(env, asked, data.scales, {
      key: 'scales',
      id: (s) => s.id,
      human: (scales) => scaleTable(scales),
    })
  },
})
