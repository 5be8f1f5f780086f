import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg } from '../_shared.ts'
import { themeDetails } from './_view.ts'

export default defineSvcCommand({
  description: 'Show the theme of the fill-in and report pages',
  example: 'svc-cli connect get --app 0193…',
  effect: 'read',
  args: { ...appArg },
  async run(args, env) {
    const theme = await env.client().call('connect.get', { params: { id: args.app } })
    return result(theme, themeDetails(theme))
  },
})
