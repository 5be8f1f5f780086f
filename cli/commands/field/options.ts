import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg, fieldArg } from '../_shared.ts'
import { fieldDetails, parseOptions } from './_view.ts'
import { checkInput } from '../../validate.ts'
import { updateFieldSchema } from '../../../server/contract/fields/schemas.ts'

export default defineSvcCommand({
  description: 'Set the choices of a choice or multichoice field',
  example: 'svc-cli field options --app 0193… --field plan --set "free,pro,team"',
  effect: 'write',
  flagFor: { options: '--set' },
  args: {
    ...appArg,
    ...fieldArg,
    set: { type: 'string', description: 'The full list: a,b,c or a JSON array', required: true, valueHint: 'list' },
  },
  async run(args, env) {
    const field = await env.client().call('fields.update', {
      params: { id: args.app, field: args.field },
      body: checkInput(updateFieldSchema, { options: parseOptions(args.set) }),
    })
    return result(field, fieldDetails(field))
  },
})
