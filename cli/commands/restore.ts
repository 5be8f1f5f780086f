import { defineSvcCommand } from '../command.ts'
import { result } from '../output.ts'
import { yesArg } from './_shared.ts'
import { dataDirArg, withServerFiles } from './_local.ts'

export default defineSvcCommand({
  description:
    "Put a backup in place of the server's SQLite database and files folder (svc must be stopped; the old ones are kept beside them)",
  example:
    'systemctl stop svc && svc-cli restore svc-2026-01-31.db --data-dir /var/lib/svc --yes && systemctl start svc',
  effect: 'destructive',
  args: {
    file: {
      type: 'positional',
      required: true,
      description:
        "A file written by `backup` (its files come from <file>.files beside it), or a scheduled backup's .tar archive",
      valueHint: 'file',
    },
    ...dataDirArg,
    ...yesArg,
  },
  async run(args, env) {
    await env.confirm(`Replace the server's database with ${args.file}?`, args.yes)
    const data = await withServerFiles(env, args['data-dir'], ({ restore }, config) => restore(config, args.file))
    const previous = data.previous ? ` The database that was there is kept as ${data.previous}.` : ''
    const files =
      data.files === null
        ? ' The backup holds no files folder: the files in place were left as they are.'
        : data.files.kind === 's3'
          ? ` ${data.files.note}.`
          : ` Files: ${data.files.files} (${data.files.bytes} bytes) into ${data.files.folder}${data.files.previous ? `; the folder that was there is kept as ${data.files.previous}` : ''}.`
    return result(data, () => `Restored ${data.from} into ${data.database}.${previous}${files} Start svc again.`)
  },
})
