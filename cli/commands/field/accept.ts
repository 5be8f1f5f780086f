import { defineSvcCommand } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { result } from '../../output.ts'
import { LIMITS } from '../../../server/contract/limits.ts'
import { appArg } from '../_shared.ts'
import { fieldTypeOf, typeArg } from './_view.ts'

export default defineSvcCommand({
  description:
    'Accept proposed fields or unlisted keys (made by anonymous submissions) so they appear on the form, the snippets and ?help',
  example: 'svc-cli field accept --app 0193… email age     # or --all; --type email to choose the type',
  effect: 'write',
  // The names come from records the public sent.
  untrusted: true,
  args: {
    ...appArg,
    names: {
      type: 'positional',
      required: false,
      description: `Names or ids of proposed fields, or names of unlisted keys (up to ${LIMITS.maxProposedFields})`,
      valueHint: 'name…',
    },
    all: { type: 'boolean', description: 'Accept every proposed field' },
    ...typeArg,
  },
  async run(args, env) {
    const names = [...new Set((args._ as string[] | undefined) ?? [])]
    if (args.all && names.length > 0) throw usageError('Name fields or pass --all, not both')
    if (!args.all && names.length === 0)
      throw usageError(
        'Name the proposed fields: svc-cli field accept --app <app id> <name>… (see svc-cli field list), or pass --all',
      )
    if (args.all && args.type !== undefined) throw usageError('--type goes with named fields, not with --all')
    const body = args.all
      ? { all: true as const }
      : { names, ...(args.type === undefined ? {} : { type: fieldTypeOf(args.type) }) }
    const data = await env.client().call('fields.accept', { params: { id: args.app }, body })
    return result(data, () =>
      data.fields.length === 0
        ? 'No proposed field to accept.'
        : `Accepted ${data.fields.length} field${data.fields.length === 1 ? '' : 's'}: ${data.fields.map((field) => `${field.name} (${field.type})`).join(', ')}.`,
    )
  },
})
