import { defineSvcCommand } from '../../command.ts'
import { details, result } from '../../output.ts'
import { appArg } from '../_shared.ts'
import { asProgram } from '../../program.ts'

export default defineSvcCommand({
  description: 'Show the fill-in, editor, data and endpoint URLs of an app',
  example: 'svc-cli app urls --app 0193…',
  effect: 'read',
  args: { ...appArg },
  async run(args, env) {
    const urls = await env.client().call('apps.urls', { params: { id: args.app } })
    return result(urls, (style) => {
      const text = details(style, {
        endpoint: urls.endpoint,
        help: urls.help,
        'fill-in': urls.fillIn,
        editor: urls.editor,
        data: urls.data,
      })
      return urls.endpoint
        ? text
        : `${text}\n\n${asProgram(`Not published yet: run svc-cli share publish --app ${args.app}`, style.program)}`
    })
  },
})
