import { createWriteStream } from 'node:fs'
import { resolve } from 'node:path'
import { once } from 'node:events'
import { defineSvcCommand } from '../../command.ts'
import { CliError, flagError } from '../../errors.ts'
import { escapeControls, result } from '../../output.ts'
import { appArg, filterArg, spamArg } from '../_shared.ts'
import { jsonArrayWriter, rowCounter, withoutByteOrderMark } from './_rows.ts'
import { exportedFiles, filesLine, type FilesSaved } from './_export-files.ts'
import { chunksOf } from '../records/_save.ts'

type Format = 'csv' | 'jsonl'

export default defineSvcCommand({
  description: 'Download every record as CSV (Excel-ready) or JSON Lines, to a file or stdout (--json: one JSON array)',
  example: 'svc-cli share export --app 0193… --format csv --out records.csv',
  effect: 'read',
  untrusted: true,
  args: {
    ...appArg,
    format: {
      type: 'enum',
      options: ['csv', 'jsonl'],
      description: 'csv (default) or jsonl: the format written to --out or stdout; --json prints a JSON array instead',
      valueHint: 'format',
    },
    out: {
      type: 'string',
      description:
        'File to write, then prints {path, rows, bytes}; a CSV file starts with a byte-order mark so Excel reads it as UTF-8. Default (or -): stdout, without the mark',
      valueHint: 'file',
    },
    ...spamArg,
    ...filterArg,
    raw: {
      type: 'boolean',
      description:
        'CSV cells exactly as stored, for programs (+44 20… stays as typed); by default a cell a spreadsheet would run as a formula (= + - @ first) gets a leading apostrophe',
    },
    files: {
      type: 'string',
      description:
        'Also save every file of the exported records into this folder, as <folder>/<record id>/<name> (names cleaned, each checked against its SHA-256)',
      valueHint: 'dir',
    },
    force: { type: 'boolean', description: 'With --files: replace files of the same name already there' },
  },
  async run(args, env) {
    // `--out -` is stdout, as with curl and tar.
    const out = args.out === '-' ? undefined : args.out
    const toStdoutAsJson = env.json && !out
    if (toStdoutAsJson && args.format !== undefined) {
      throw flagError(
        '--format',
        'chooses the format of a file: pass --out <file> with it, or leave it out (--json prints the records as one JSON array)',
      )
    }
    // JSON Lines underneath a JSON array: the same records, one parse per line.
    const format: Format = toStdoutAsJson ? 'jsonl' : ((args.format as Format | undefined) ?? 'csv')
    if (args.raw && format !== 'csv')
      throw flagError('--raw', 'applies to CSV only: JSON Lines and --json always hold the values exactly as stored')
    const response = await env.client().callDownload(
      format === 'csv' ? 'records.exportCsv' : 'records.exportJsonl',
      {
        params: { id: args.app },
        query: {
          spam: args.spam === 'exclude' ? undefined : args.spam,
          filter: args.filter,
          ...(format === 'csv' && args.raw ? { raw: '1' } : {}),
        },
      },
      { headers: { accept: format === 'csv' ? 'text/csv' : 'application/x-ndjson' } },
    )
    if (!response.body) throw new CliError('bad_response', 'The server sent an empty export')
    const stdout = env.io.stdout

    // A terminal shows records strangers posted: their control characters are escaped there
    // (as `share query` and `tail` do); a file or a pipe gets the bytes as stored.
    const toTerminal = (text: string) => stdout.write(escapeControls(text, format === 'csv' ? 'visible' : 'json'))
    // The files of the same selection, saved once the export is written; their summary goes to stderr beside a stream.
    const saveFiles = async (): Promise<FilesSaved | null> =>
      args.files === undefined
        ? null
        : exportedFiles(
            env.client(),
            args.app,
            { spam: args.spam, filter: args.filter },
            args.files,
            args.force === true,
          )
    const streamed = async () => {
      const saved = await saveFiles()
      if (saved) await env.io.stderr.write(`${filesLine(saved)}\n`)
      return { data: undefined, streamed: true as const }
    }
    if (toStdoutAsJson) {
      const array = jsonArrayWriter((text) => (stdout.isTTY ? toTerminal(text) : stdout.write(text)))
      for await (const chunk of chunksOf(response.body)) await array.add(chunk)
      await array.end()
      return streamed()
    }
    if (!out) {
      // The byte-order mark is for a file Excel opens; a program reading stdout would take it as text.
      const body = withoutByteOrderMark(chunksOf(response.body))
      if (stdout.isTTY) {
        const decoder = new TextDecoder()
        for await (const chunk of body) await toTerminal(decoder.decode(chunk, { stream: true }))
        await toTerminal(decoder.decode())
      } else for await (const chunk of body) await stdout.write(chunk)
      return streamed()
    }

    const path = resolve(out)
    const file = createWriteStream(path)
    let fileError: Error | undefined
    file.on('error', (error) => {
      fileError ??= error
    })
    const counter = rowCounter(format)
    let bytes = 0
    try {
      for await (const chunk of chunksOf(response.body)) {
        if (fileError) break
        bytes += chunk.byteLength
        counter.add(chunk)
        if (!file.write(chunk)) await once(file, 'drain').catch(() => {})
        env.progress(`${path}: ${(bytes / 1024).toFixed(0)} KiB`)
      }
    } finally {
      if (!file.closed) {
        file.end()
        await once(file, 'close')
      }
      env.progressDone()
    }
    if (fileError) throw new CliError('output_failed', `Could not write ${path}: ${fileError.message}`)
    const saved = await saveFiles()
    const data = { path, rows: counter.rows(), bytes, ...(saved ? { files: saved } : {}) }
    return result(
      data,
      () =>
        `Wrote ${data.rows} record${data.rows === 1 ? '' : 's'} (${bytes} bytes of ${format.toUpperCase()}) to ${path}${saved ? `\n${filesLine(saved)}` : ''}`,
    )
  },
})
