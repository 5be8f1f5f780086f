import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg } from '../_shared.ts'
import { themeArgs, themeBody } from './_view.ts'
import { checkInput } from '../../validate.ts'
import { setThemeSchema } from '../../../server/contract/connect/schemas.ts'

export default defineSvcCommand({
  description: 'Print the fill-in page as HTML with the theme (flags try changes without saving them)',
  example: 'svc-cli connect preview --app 0193… --primary-color teal > preview.html',
  effect: 'read',
  args: { ...appArg, ...themeArgs },
  async run(args, env) {
    const body = themeBody(args)
    const data = await env
      .client()
      .call('connect.preview', { params: { id: args.app }, body: checkInput(setThemeSchema, body) })
    return result(data, () => data.html)
  },
})
