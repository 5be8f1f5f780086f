/**
 * `svc-cli serve` takes the server's own flags (--port, --host, --data-dir) and none of a
 * client's (--server, --token, --timeout); and help text lays flags out from the left margin
 * (citty right-aligned every flag to the longest: `field add` started its options at column 63).
 * Through the real process.
 */
import { describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BUN, cliProcess, ROOT } from '../support/server.ts'
import { testAdminDist } from '../support/admin-build.ts'
import { startListening } from '../support/process.ts'
import { tempDir } from '../support/tmp.ts'
import { callServer } from '../support/call.ts'

/** The OPTIONS section's lines of a help text. */
const optionLines = (help: string) => help.split('\nOPTIONS\n\n')[1].split('\n\n')[0].split('\n')

describe('svc-cli serve', () => {
  test('--help lists --port, --host, --data-dir and --env-file, and no client flag', async () => {
    const run = await cliProcess(['serve', '--help'])
    expect(run.code).toBe(0)
    const flags = optionLines(run.stdout)
      .map((line) => /^ {2}(--[a-z-]+)/.exec(line)?.[1])
      .filter(Boolean)
    expect(flags).toEqual(['--port', '--host', '--data-dir', '--env-file'])
  })

  test('a client flag is a usage error (exit 2) naming the flag', async () => {
    const run = await cliProcess(['serve', '--server', 'http://127.0.0.1:9'])
    expect(run).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'error: Unknown flag "--server" for svc-cli serve.\nRun `svc-cli serve --help` for usage.\n',
    })
    expect((await cliProcess(['serve', '--port', 'eighty'])).code).toBe(2)
  })

  test('--port, --host and --data-dir win over PORT, HOST and SVC_DATA_DIR', async () => {
    const dataDir = tempDir('svc-serve-flags-')
    const ignored = tempDir('svc-serve-ignored-')
    const { proc, url, output } = await startListening(
      [BUN, 'cli/main.ts', 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: tmpdir(),
          // Port 1 needs root and 192.0.2.1 is no address of this machine: the flags must win.
          PORT: '1',
          HOST: '192.0.2.1',
          SVC_DATA_DIR: ignored,
          SVC_LOG: 'warn',
          // SIGTERM stops at once here; the drain has its own test (test/process/ready.test.ts).
          SVC_DRAIN_SECONDS: '0',
          SVC_ADMIN_DIR: testAdminDist(),
        },
        dataDir,
      },
    )
    try {
      expect(url).toStartWith('http://127.0.0.1:')
      expect((await callServer(url, 'health.get')).body).toEqual({
        code: 200,
        data: { status: 'ok', version: expect.any(String) },
      })
      expect(output()).toContain(`  Data      ${join(dataDir, 'svc.db')}`)
      expect(existsSync(join(ignored, 'svc.db'))).toBe(false)
    } finally {
      proc.kill('SIGTERM')
      expect(await proc.exited).toBe(0)
    }
  })
})

describe('help layout', () => {
  test('field add --help: flags at the left margin, descriptions in one column, lines within 100 columns', async () => {
    const run = await cliProcess(['field', 'add', '--help'])
    expect(run.code).toBe(0)
    const lines = optionLines(run.stdout)
    expect(lines[0]).toBe(
      '  --app=<app>               App id, or its name when no other app has it (see `svc-cli app list`)',
    )
    expect(lines).toContain(
      '  --type=<type>             Field type: text, longtext, number, boolean, choice, multichoice,',
    )
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(100)
      expect(line).toMatch(/^ {2}(-\S.{0,26} {2,}\S| {26}\S)/)
    }
  })
})
