import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg, seg } from '../_shared.ts'
import { fieldTable, type Field } from './_view.ts'

export default defineSvcCommand({
  description: 'List the fields of an app in order',
  example: 'svc-cli field list --app 0193…',
  effect: 'read',
  // With auto-create on, field names come from records the public sent.
  untrusted: true,
  args: { ...appArg },
  async run(args, env) {
    const data = await env.client().request<{ fields: Field[]; limit: number }>('GET', `/api/v3/apps/${seg(args.app)}/fields`)
    return result(data, fieldTable(data.fields, data.limit))
  },
})
