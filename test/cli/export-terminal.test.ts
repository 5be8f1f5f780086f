/**
 * `svc-cli share export` to a terminal (issue 41, row 9): control characters a stranger posted
 * are escaped there, as `share query` and `tail` do — `\xNN` in CSV, JSON's own `\u00NN` in
 * JSON Lines and `--json` (so the JSON still parses to the stored value) — while a pipe or a
 * file gets the bytes exactly as stored. The terminal is a real pseudo-terminal (util-linux
 * `script`), the CLI its own process.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { BUN, ROOT, cliAccount, cliProcess, expectOk } from '../support/server.ts'

const { env, cli } = await cliAccount()
const HOSTILE = '\u001b]0;pwned\u0007\u001b[2J\u009b31mred\u007f'
const RAW_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/
let appId = ''

beforeAll(async () => {
  appId = expectOk(await cli('app', 'create', '--name', 'Export escapes', '--json')).json().id
  expectOk(await cli('share', 'publish', '--app', appId))
  expectOk(await cli('share', 'post', '--app', appId, '--data', JSON.stringify({ note: HOSTILE })))
})

const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`

/** Runs svc-cli with stdout on a pseudo-terminal; what the terminal received, line ends as the CLI wrote them. */
async function onTerminal(argv: string[]): Promise<{ code: number; output: string }> {
  const command = [BUN, 'cli/main.ts', ...argv].map(quote).join(' ')
  const proc = Bun.spawn(['script', '-qefc', command, '/dev/null'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TERM: 'dumb', ...env },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [output, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited])
  // The terminal turns each "\n" into "\r\n".
  return { code, output: output.replace(/\r\n/g, '\n') }
}

describe('share export on a terminal', () => {
  test('CSV shows each control character as \\xNN', async () => {
    const run = await onTerminal(['share', 'export', '--app', appId, '--format', 'csv'])
    expect(run.code).toBe(0)
    expect(run.output).not.toMatch(RAW_CONTROL)
    expect(run.output).toContain('\\x1b]0;pwned\\x07\\x1b[2J\\x9b31mred\\x7f')
  })

  test('JSON Lines and --json escape them as JSON does, so the record still parses to the stored value', async () => {
    const lines = await onTerminal(['share', 'export', '--app', appId, '--format', 'jsonl'])
    expect(lines.code).toBe(0)
    expect(lines.output).not.toMatch(RAW_CONTROL)
    expect(JSON.parse(lines.output.trim()).data).toEqual({ note: HOSTILE })

    const json = await onTerminal(['share', 'export', '--app', appId, '--json'])
    expect(json.code).toBe(0)
    expect(json.output).not.toMatch(RAW_CONTROL)
    expect(JSON.parse(json.output).map((record: { data: unknown }) => record.data)).toEqual([{ note: HOSTILE }])
  })

  test('a pipe gets the bytes as stored', async () => {
    const run = await cliProcess(['share', 'export', '--app', appId, '--format', 'jsonl'], { env })
    expect([run.code, run.stderr]).toEqual([0, ''])
    // JSON escapes C0 itself; DEL and C1 arrive as they were stored.
    expect(run.stdout).toContain('\u009b31mred\u007f')
    expect(JSON.parse(run.stdout.trim()).data).toEqual({ note: HOSTILE })
  })
})
