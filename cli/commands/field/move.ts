import { defineSvcCommand, intArg } from '../../command.ts'
import { result } from '../../output.ts'
import { LIMITS } from '../../../server/contract/limits.ts'
import { appArg, fieldArg } from '../_shared.ts'
import { fieldTable } from './_view.ts'

export default defineSvcCommand({
  description: 'Move a field to another position (as numbered by `field list`)',
  example: 'svc-cli field move --app 0193… --field email --to 0',
  effect: 'write',
  flagFor: { position: '--to' },
  args: { ...appArg, ...fieldArg, to: { type: 'string', description: 'New position', required: true, valueHint: 'n' } },
  async run(args, env) {
    const position = intArg(args.to, 'to', 0, LIMITS.maxFields)
    const client = env.client()
    await client.call('fields.update', { params: { id: args.app, field: args.field }, body: { position } })
    const data = await client.call('fields.list', { params: { id: args.app } })
    return result(data, fieldTable(data.fields, data.limit, args.app))
  },
})
