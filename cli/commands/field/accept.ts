import { defineSvcCommand } from '../../command.ts'
import { CliError, usageError } from '../../errors.ts'
import { nearest } from '../../nearest.ts'
import type { CommandEnv } from '../../command.ts'
import { result } from '../../output.ts'
import { LIMITS } from '../../../server/contract/limits.ts'
import { appArg } from '../_shared.ts'
import { fieldTypeOf, typeArg } from './_view.ts'

/**
 * A name that is no field of the app, with the closest proposed name ("Did you mean") and where
 * the names are listed; null when every name is a field (the 404 was about something else).
 */
async function typo(env: CommandEnv, app: string, names: string[], error: CliError): Promise<CliError | null> {
  const { fields } = await env.client().call('fields.list', { params: { id: app } })
  const missing = names.find((name) => !fields.some((field) => field.id === name || field.name === name))
  if (missing === undefined) return null
  const proposed = fields.filter((field) => field.proposed).map((field) => field.name)
  const guess =
    nearest(missing, proposed) ??
    nearest(
      missing,
      fields.map((field) => field.name),
    )
  return new CliError(
    error.type,
    `${error.message}.${guess === undefined ? '' : ` Did you mean "${guess}"?`} See the proposed fields with \`svc-cli field list --app ${app}\``,
    error.exitCode,
    error.details,
  )
}

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
    const data = await env
      .client()
      .call('fields.accept', { params: { id: args.app }, body })
      .catch(async (error: unknown) => {
        if (!(error instanceof CliError) || error.type !== 'not_found' || names.length === 0) throw error
        throw (await typo(env, args.app, names, error)) ?? error
      })
    return result(data, () =>
      data.fields.length === 0
        ? 'No proposed field to accept.'
        : `Accepted ${data.fields.length} field${data.fields.length === 1 ? '' : 's'}: ${data.fields.map((field) => `${field.name} (${field.type})`).join(', ')}.`,
    )
  },
})
