import { defineSvcCommand } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { result } from '../../output.ts'
import { LIMITS } from '../../../server/contract/limits.ts'
import { appArg } from '../_shared.ts'

/** Record ids from the positionals, or one per line (or space-separated) on stdin, as `share query -q` prints them. */
async function recordIds(positionals: string[], stdin: { isTTY: boolean; read(): Promise<string> }): Promise<string[]> {
  const given = positionals.length > 0 ? positionals : stdin.isTTY ? [] : (await stdin.read()).split(/\s+/)
  return [...new Set(given.map((id) => id.trim()).filter((id) => id !== ''))]
}

export default defineSvcCommand({
  description: 'Mark records as spam, or with --not as not spam; pages, totals and the summary follow at once',
  example:
    'svc-cli share spam --app 0193… 0193a… 0193b…     # or: svc-cli share query --app 0193… --spam only -q | svc-cli share spam --app 0193… --not',
  effect: 'write',
  args: {
    ...appArg,
    ids: {
      type: 'positional',
      required: false,
      description: `Record ids (up to ${LIMITS.maxDeleteIds}); default: one per line on stdin`,
      valueHint: 'id…',
    },
    not: {
      type: 'boolean',
      description: 'Mark the records as not spam (back among the records pages and the summary count)',
    },
  },
  async run(args, env) {
    const ids = await recordIds((args._ as string[] | undefined) ?? [], env.io.stdin)
    if (ids.length === 0)
      throw usageError(
        'Name the records: svc-cli share spam --app <app id> <record id>… (ids: svc-cli share query --app <app id> -q), or pipe ids into stdin',
      )
    if (ids.length > LIMITS.maxDeleteIds)
      throw usageError(`At most ${LIMITS.maxDeleteIds} records at a time; got ${ids.length}`)
    const spam = !args.not
    const data = await env.client().call('records.spam', { params: { id: args.app }, body: { ids, spam } })
    const unchanged = ids.length - data.changed
    const what = spam ? 'as spam' : 'as not spam'
    return result(
      data,
      () =>
        `Marked ${data.changed} record${data.changed === 1 ? '' : 's'} ${what}.${unchanged > 0 ? ` ${unchanged} ${unchanged === 1 ? 'was' : 'were'} already so marked or not in this app.` : ''}`,
    )
  },
})
