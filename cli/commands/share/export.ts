import { createWriteStream } from 'node:fs'
import { resolve } from 'node:path'
import { once } from 'node:events'
import { defineSvcCommand } from '../../command.ts'
import { CliError } from '../../errors.ts'
import { result } from '../../output.ts'
import { appArg, seg } from '../_shared.ts'

/** The chunks of a web stream, one at a time. */
async function* chunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    yield value
  }
}

export default defineSvcCommand({
  description: 'Download every record as CSV (Excel-ready) or JSON Lines, to a file or stdout',
  example: 'svc-cli share export --app 0193… --format csv --out records.csv',
  effect: 'read',
  untrusted: true,
  args: {
    ...appArg,
    format: { type: 'enum', options: ['csv', 'jsonl'], default: 'csv', description: 'csv or jsonl', valueHint: 'format' },
    out: { type: 'string', description: 'File to write (default: stdout)', valueHint: 'file' },
    spam: { type: 'enum', options: ['exclude', 'include', 'only'], description: 'Spam records (default: exclude)', valueHint: 'mode' },
  },
  async run(args, env) {
    const response = await env.client().download(`/api/v3/apps/${seg(args.app)}/export.${args.format}`, {
      query: { spam: args.spam === 'exclude' ? undefined : args.spam },
      headers: { accept: args.format === 'csv' ? 'text/csv' : 'application/x-ndjson' },
    })
    if (!response.body) throw new CliError('bad_response', 'The server sent an empty export')
    let bytes = 0
    if (!args.out) {
      for await (const chunk of chunks(response.body)) await env.io.stdout.write(chunk)
      return { data: undefined, streamed: true }
    }
    const file = resolve(args.out)
    const stream = createWriteStream(file)
    for await (const chunk of chunks(response.body)) {
      bytes += chunk.byteLength
      if (!stream.write(chunk)) await once(stream, 'drain')
      env.progress(`${file}: ${(bytes / 1024).toFixed(0)} KiB`)
    }
    stream.end()
    await once(stream, 'finish')
    env.progressDone()
    const data = { file, format: args.format, bytes }
    return result(data, () => `Wrote ${bytes} bytes of ${args.format.toUpperCase()} to ${file}`)
  },
})
