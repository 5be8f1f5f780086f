import { defineSvcCommand, jsonArg } from '../../command.ts'
import { CliError, usageError } from '../../errors.ts'
import { idsResult } from '../../listing.ts'
import { result } from '../../output.ts'
import { appArg, quietArg } from '../_shared.ts'

export default defineSvcCommand({
  description:
    "Submit a record to an app's endpoint from --data or stdin (handy in CI), as its owner: new keys become accepted fields",
  example: `svc-cli share post --app 0193… --data '{"email":"a@example.com","plan":"pro"}'`,
  effect: 'write',
  // Problems with the record name its keys (`email`), which live in --data.
  flagFor: { '*': '--data' },
  args: {
    ...appArg,
    data: {
      type: 'string',
      description: 'The record as JSON ({"data":{…}} or a flat object); default: stdin',
      valueHint: 'json',
    },
    source: { type: 'string', description: 'meta.source of the record', valueHint: 'text' },
    ...quietArg,
  },
  async run(args, env) {
    const raw = args.data ?? (env.io.stdin.isTTY ? undefined : await env.io.stdin.read())
    if (raw === undefined || raw.trim() === '')
      throw usageError('No record given: pass --data \'{"name":"value"}\' or pipe JSON into stdin')
    let record = jsonArg(raw, 'data') as Record<string, unknown>
    if (args.source !== undefined) {
      const canonical = record && typeof record === 'object' && !Array.isArray(record) && 'data' in record
      record = canonical
        ? { ...record, meta: { ...(record.meta as object), source: args.source } }
        : { data: record, meta: { source: args.source } }
    }
    const client = env.client()
    const share = await client.call('share.get', { params: { id: args.app } })
    if (!share.token)
      throw new CliError(
        'not_published',
        `App ${args.app} has no endpoint yet: run svc-cli share publish --app ${args.app}`,
      )
    // Posted as the owner (with the access token): new keys become accepted fields, not proposals.
    const data = await client.call('ingest.post', { params: { token: share.token }, body: record })
    if (args.quiet) return idsResult([data.id])
    return result(data, () => `Stored record ${data.id}`)
  },
})
