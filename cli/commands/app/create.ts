import { defineSvcCommand } from '../../command.ts'
import { quietArg } from '../_shared.ts'
import { idsResult } from '../../listing.ts'
import { result } from '../../output.ts'
import { appDetails } from './_view.ts'
import { checkInput } from '../../validate.ts'
import { createAppSchema } from '../../../server/contract/apps/schemas.ts'

export default defineSvcCommand({
  description: 'Create an app (a form and its collection endpoint)',
  example: 'svc-cli app create --name "Contact form" --description "Website contact"',
  effect: 'write',
  args: {
    name: { type: 'string', description: 'App name', required: true, valueHint: 'name' },
    description: { type: 'string', description: 'What the app collects', valueHint: 'text' },
    ...quietArg,
  },
  async run(args, env) {
    const app = await env
      .client()
      .call('apps.create', { body: checkInput(createAppSchema, { name: args.name, description: args.description }) })
    if (args.quiet) return idsResult([app.id])
    return result(app, appDetails(app))
  },
})
