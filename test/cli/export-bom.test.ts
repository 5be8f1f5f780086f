/**
 * Where `share export` writes decides the byte-order mark: a CSV file named by `--out` starts
 * with one (Excel then reads it as UTF-8, like the admin page's download); stdout, whether a
 * pipe or `--out -`, gets none, so `| cut`, `| csvkit` or `> part.csv` see the header as
 * written. Run as real processes; the bytes are compared, not decoded text.
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { withoutByteOrderMark } from '../../cli/commands/share/_rows.ts'
import { BUN, ROOT } from '../support/process.ts'
import { cliAccount, expectOk } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'

const { env, cli } = await cliAccount()
const app = expectOk(await cli('app', 'create', '--name', 'Café', '--json')).json().id as string
expectOk(await cli('share', 'publish', '--app', app))
expectOk(await cli('share', 'post', '--app', app, '--data', '{"name":"Zoë","city":"東京"}'))

const BOM = [0xef, 0xbb, 0xbf]

/** `svc-cli share export …` as a process in `cwd`: exit code and the raw bytes of stdout. */
async function exportBytes(args: string[], cwd = tempDir('svc-bom-')) {
  const proc = Bun.spawn([BUN, join(ROOT, 'cli', 'main.ts'), 'share', 'export', '--app', app, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: tempDir('svc-bom-home-'), ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [bytes, stderr, code] = await Promise.all([
    new Response(proc.stdout).bytes(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  return { code, stderr, bytes: [...bytes] }
}

const csvText = (bytes: number[]) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(bytes))

describe('share export and the byte-order mark', () => {
  test('stdout (a pipe) gets the CSV without one', async () => {
    const run = await exportBytes([])
    expect([run.code, run.stderr]).toEqual([0, ''])
    expect(run.bytes.slice(0, 3)).not.toEqual(BOM)
    expect(csvText(run.bytes)).toMatch(/^id,createdAt,name,city,[^\r\n]*\r\n[^,]+,[^,]+,Zoë,東京,[^\r\n]*\r\n$/)
  })

  test('`--out -` is stdout: the same bytes, and no file named "-"', async () => {
    const cwd = tempDir('svc-bom-cwd-')
    const [dash, plain] = await Promise.all([exportBytes(['--out', '-'], cwd), exportBytes([])])
    expect([dash.code, dash.stderr]).toEqual([0, ''])
    expect(dash.bytes).toEqual(plain.bytes)
    expect(existsSync(join(cwd, '-'))).toBe(false)
  })

  test('a file named by --out starts with one, for Excel; its report counts the bytes written', async () => {
    const file = join(tempDir('svc-bom-out-'), 'records.csv')
    const run = await exportBytes(['--out', file, '--json'])
    expect(run.code).toBe(0)
    const written = [...readFileSync(file)]
    expect(written.slice(0, 3)).toEqual(BOM)
    expect(JSON.parse(csvText(run.bytes))).toEqual({ path: file, rows: 1, bytes: written.length })
    expect(csvText(written.slice(3))).toMatch(/^id,createdAt,name,city,/)
  })

  test('JSON Lines to stdout never had one, and still has none', async () => {
    const run = await exportBytes(['--format', 'jsonl'])
    expect(JSON.parse(csvText(run.bytes)).data).toEqual({ name: 'Zoë', city: '東京' })
  })

  test('the mark is taken off even when the download splits it across chunks', async () => {
    async function* chunks(...parts: number[][]) {
      for (const part of parts) yield new Uint8Array(part)
    }
    const joined = async (...parts: number[][]) => {
      const out: number[] = []
      for await (const chunk of withoutByteOrderMark(chunks(...parts))) out.push(...chunk)
      return out
    }
    expect(await joined([0xef], [0xbb], [0xbf, 0x61], [0x62])).toEqual([0x61, 0x62])
    expect(await joined([0xef, 0xbb, 0xbf])).toEqual([])
    expect(await joined([0xef, 0xbb], [0x61])).toEqual([0xef, 0xbb, 0x61])
    expect(await joined([0x61, 0xef, 0xbb, 0xbf])).toEqual([0x61, 0xef, 0xbb, 0xbf])
    expect(await joined()).toEqual([])
  })
})
