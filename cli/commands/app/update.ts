import { defineSvcCommand } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { result } from '../../output.ts'
import { appArg } from '../_shared.ts'
import { appDetails } from './_view.ts'
import { checkInput } from '../../validate.ts'
import { updateAppSchema } from '../../../server/contract/apps/schemas.ts'

export default defineSvcCommand({
  description: 'Rename an app or change its description',
  example: 'svc-cli app update --app 0193… --name "Contact (2025)"',
  effect: 'write',
  args: {
    ...appArg,
    name: { type: 'string', description: 'New name', valueHint: 'name' },
    description: { type: 'string', description: 'New description', valueHint: 'text' },
  },
  async run(args, env) {
    if (args.name === undefined && args.description === undefined)
      throw usageError('Nothing to change: pass --name and/or --description')
    const app = await env.client().call('apps.update', {
      params: { id: args.app },
      body: checkInput(updateAppSchema, { name: args.name, description: args.description }),
    })
    return result(app, appDetails(app))
  },
})
