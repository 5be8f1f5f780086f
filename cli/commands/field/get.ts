import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg, fieldArg } from '../_shared.ts'
import { fieldDetails } from './_view.ts'

export default defineSvcCommand({
  description: 'Show one field (by id or name)',
  example: 'svc-cli field get --app 0193… --field email',
  effect: 'read',
  // With auto-create on, field names come from records the public sent.
  untrusted: true,
  args: { ...appArg, ...fieldArg },
  async run(args, env) {
    const field = await env.client().call('fields.get', { params: { id: args.app, field: args.field } })
    return result(field, fieldDetails(field))
  },
})
