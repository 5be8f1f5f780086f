import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg, yesArg } from '../_shared.ts'
import { themeDetails } from './_view.ts'

export default defineSvcCommand({
  description: 'Put the page theme back to the defaults (custom CSS is lost)',
  example: 'svc-cli connect reset --app 0193… --yes',
  effect: 'destructive',
  args: { ...appArg, ...yesArg },
  async run(args, env) {
    await env.confirm(`Reset the page theme of app ${args.app} to the defaults?`, args.yes)
    const theme = await env.client().call('connect.reset', { params: { id: args.app } })
    return result(theme, themeDetails(theme))
  },
})
