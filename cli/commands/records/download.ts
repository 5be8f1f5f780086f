import { defineSvcCommand } from '../../command.ts'
import { CliError } from '../../errors.ts'
import { result } from '../../output.ts'
import { appArg } from '../_shared.ts'
import { recordFiles, saveFiles } from './_save.ts'

export default defineSvcCommand({
  description:
    "Save a record's files (file fields) into a folder, names cleaned, each checked against its SHA-256; never overwrites without --force",
  example: 'svc-cli records download 0193a… --app 0193… --field cv --out ./cvs',
  effect: 'read',
  untrusted: true,
  args: {
    record: {
      type: 'positional',
      required: true,
      description: 'Record id (see `svc-cli share query --app <id> -q`)',
      valueHint: 'recordId',
    },
    ...appArg,
    field: {
      type: 'string',
      description: "Only this file field's files (default: every file field)",
      valueHint: 'field',
    },
    out: {
      type: 'string',
      description: 'Folder to save into, made when missing (default: the current folder)',
      valueHint: 'dir',
    },
    force: { type: 'boolean', description: 'Replace files of the same name already in the folder' },
  },
  async run(args, env) {
    const client = env.client()
    const record = await client.call('records.get', { params: { id: args.app, recordId: args.record } })
    const files = recordFiles(record.data, args.field)
    if (files.length === 0)
      throw new CliError(
        'not_found',
        args.field === undefined
          ? `Record ${args.record} holds no files`
          : `Record ${args.record} holds no files in field ${JSON.stringify(args.field)} (see svc-cli share get --app ${args.app} --record ${args.record})`,
      )
    const saved = await saveFiles(client, args.app, files, args.out ?? '.', args.force === true)
    const data = { record: record.id, files: saved }
    return result(data, () =>
      saved.map((file) => `Wrote ${file.path} (${file.size} bytes, ${file.field}, sha256 ${file.sha256})`).join('\n'),
    )
  },
})
