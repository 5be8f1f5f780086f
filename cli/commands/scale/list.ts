import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg } from '../_shared.ts'
import { scalePath, scaleTable, type Scale } from './_view.ts'

export default defineSvcCommand({
  description: "List an app's scales with their items, levels and possible range",
  example: 'svc-cli scale list --app 0193…',
  effect: 'read',
  args: { ...appArg },
  async run(args, env) {
    const data = await env.client().request<{ scales: Scale[] }>('GET', scalePath(args.app))
    return result(data, scaleTable(data.scales))
  },
})
