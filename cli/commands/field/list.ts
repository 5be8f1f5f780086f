import { defineSvcCommand } from '../../command.ts'
import { listing, listResult } from '../../listing.ts'
import { appArg, pageArgs, quietArg } from '../_shared.ts'
import { fieldTable } from './_view.ts'
import { unlistedSection } from './_unlisted.ts'

export default defineSvcCommand({
  description: 'List the fields of an app in order, and its unlisted keys',
  example: 'svc-cli field list --app 0193…',
  effect: 'read',
  // With auto-create on, field names come from records the public sent.
  untrusted: true,
  args: { ...appArg, ...pageArgs, ...quietArg },
  async run(args, env) {
    const asked = listing(args)
    const data = await env.client().call('fields.list', { params: { id: args.app } })
    return listResult(env, asked, data.fields, {
      key: 'fields',
      id: (f) => f.id,
      extra: { limit: data.limit, unlisted: data.unlisted },
      human: (fields) => (style) =>
        `${fieldTable(fields, data.limit, args.app, data.fields.length)(style)}${unlistedSection(data.unlisted)(style)}`,
    })
  },
})
