import { defineSvcCommand } from '../../command.ts'
import { result } from '../../output.ts'
import { appArg } from '../_shared.ts'
import { recordArg } from './_record-args.ts'
import { recordView } from './_record.ts'

export default defineSvcCommand({
  description: 'Show one record, spam or not, with its history of edits (who changed which field, from what to what)',
  example: 'svc-cli share get --app 0193… --record 0193a…',
  effect: 'read',
  untrusted: true,
  args: { ...appArg, ...recordArg },
  async run(args, env) {
    const record = await env.client().call('records.get', { params: { id: args.app, recordId: args.record } })
    return result(record, (style) => recordView(record, style))
  },
})
