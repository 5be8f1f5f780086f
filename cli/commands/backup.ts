import { defineSvcCommand } from '../command.ts'
import { result } from '../output.ts'
import { dataDirArg, withServerFiles } from './_local.ts'

export default defineSvcCommand({
  description:
    "Copy the server's SQLite database into a new file, consistently, while it runs, and its files into <file>.files/ (PostgreSQL: pg_dump)",
  example: 'svc-cli backup /var/backups/svc-$(date +%F).db --data-dir /var/lib/svc',
  effect: 'read',
  args: {
    file: {
      type: 'positional',
      required: true,
      description: 'The new file to write, with the files folder <file>.files beside it (neither overwritten)',
      valueHint: 'file',
    },
    ...dataDirArg,
  },
  async run(args, env) {
    const data = await withServerFiles(env, args['data-dir'], ({ backup }, config) => backup(config, args.file))
    const key = data.secretKey ? `\nKeep ${data.secretKey} with it: the endpoint tokens are sealed with that key.` : ''
    const files =
      data.files.kind === 's3'
        ? `\n${data.files.note}.`
        : `\nFiles: ${data.files.files} (${data.files.bytes} bytes) into ${data.files.folder}; keep it with the database copy.`
    return result(
      data,
      () => `Backed up ${data.database} into ${data.file} (${data.bytes} bytes, integrity ok).${files}${key}`,
    )
  },
})
