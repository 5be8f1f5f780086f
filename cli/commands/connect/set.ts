import { defineSvcCommand } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { result } from '../../output.ts'
import { appArg } from '../_shared.ts'
import { themeArgs, themeBody, themeDetails } from './_view.ts'
import { checkInput } from '../../validate.ts'
import { setThemeSchema } from '../../../server/contract/connect/schemas.ts'

export default defineSvcCommand({
  description: 'Change the page theme; settings not given stay as they are',
  example: 'svc-cli connect set --app 0193… --primary-color "#0f766e" --font-family humanist --layout one-per-screen',
  effect: 'write',
  args: { ...appArg, ...themeArgs },
  async run(args, env) {
    const body = themeBody(args)
    if (Object.values(body).every((v) => v === undefined))
      throw usageError(
        `Nothing to change: pass ${Object.keys(themeArgs)
          .map((k) => `--${k}`)
          .join(', ')
          .replace(/, ([^,]+)$/, ' or $1')}`,
      )
    const theme = await env
      .client()
      .call('connect.update', { params: { id: args.app }, body: checkInput(setThemeSchema, body) })
    return result(theme, themeDetails(theme))
  },
})
