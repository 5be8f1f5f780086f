/**
 * svc-cli never waits on a silent server: a real TCP server that accepts and never answers,
 * and an HTTP server that sends part of a download and then stalls, against `bun cli/main.ts`
 * as a process (SVC_TIMEOUT=1) and in-process (--timeout). The idle rule itself — silence
 * counts, length does not — is checked with hand-moved timers, so nothing depends on speed.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { idleLimited, idleWithin, type Timers } from '../../cli/timeout.ts'
import { target } from '../support/call.ts'
import { cliInProcess, cliProcess } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'

const advice =
  'Check that the server is running and that --server or SVC_URL points at it; to wait longer pass --timeout <seconds> or set SVC_TIMEOUT.'

// Accepts connections and never says a word (a stuck proxy, a wrong port).
const silent = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {}, open() {} } })
const silentUrl = `http://127.0.0.1:${silent.port}`

// Answers, starts a download or a page series, and then stalls.
const encoder = new TextEncoder()
const CSV_START = '\ufeffid,createdAt\r\nr1,2026-01-01T00:00:00.000Z\r\n'
const JSONL_START = '{"id":"r1","data":{"n":1},"meta":{},"createdAt":"2026-01-01T00:00:00.000Z"}\n'
const streamsThenStalls = (text: string) =>
  new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(encoder.encode(text)) })
const fullPage = {
  code: 200,
  data: {
    records: Array.from({ length: 1000 }, (_, i) => ({
      id: `r${i}`,
      data: { n: i },
      meta: {},
      createdAt: '2026-01-01T00:00:00.000Z',
    })),
    page: 1,
    size: 1000,
    total: 1001,
  },
}
/** The stub's paths for the app the commands name, from the route table. */
const STUB_APP = { params: { id: '0193a1a1-0000-7000-8000-000000000001' } }
const CSV_PATH = target('records.exportCsv', STUB_APP).path
const JSONL_PATH = target('records.exportJsonl', STUB_APP).path
const RECORDS_PATH = target('records.list', STUB_APP).path
const SHARE_PATH = target('share.get', STUB_APP).path
const stalling = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(request) {
    const url = new URL(request.url)
    if (url.pathname === CSV_PATH)
      return new Response(streamsThenStalls(CSV_START), { headers: { 'content-type': 'text/csv' } })
    if (url.pathname === JSONL_PATH)
      return new Response(streamsThenStalls(JSONL_START), { headers: { 'content-type': 'application/x-ndjson' } })
    if (url.pathname === RECORDS_PATH && url.searchParams.get('page') === '1') return Response.json(fullPage)
    // share post --file: the endpoint is known, the form post is never answered.
    if (url.pathname === SHARE_PATH) return Response.json({ code: 200, data: { token: 'tok' } })
    return new Promise<Response>(() => {})
  },
})
const stallingUrl = `http://127.0.0.1:${stalling.port}`

afterAll(() => {
  silent.stop(true)
  void stalling.stop(true)
})

describe('a server that never answers', () => {
  test('`svc-cli app list` as a process with SVC_TIMEOUT=1 exits 124 naming the server, the timeout and the fix', async () => {
    const run = await cliProcess(['app', 'list'], {
      env: { SVC_URL: silentUrl, SVC_TOKEN: 'svc_pat_x', SVC_TIMEOUT: '1' },
    })
    expect(run).toEqual({
      code: 124,
      stdout: '',
      stderr: `error: svc at ${silentUrl} did not answer GET /api/v3/apps?limit=1000 within 1 s. ${advice}\n`,
      json: expect.any(Function),
    })
  })

  test('with --json the error on stderr is one document with type timeout and details', async () => {
    const run = await cliProcess(['app', 'list', '--json'], {
      env: { SVC_URL: silentUrl, SVC_TOKEN: 'svc_pat_x', SVC_TIMEOUT: '1' },
    })
    expect(run.code).toBe(124)
    expect(run.stdout).toBe('')
    expect(JSON.parse(run.stderr)).toEqual({
      error: {
        type: 'timeout',
        message: `svc at ${silentUrl} did not answer GET /api/v3/apps?limit=1000 within 1 s. ${advice}`,
        details: { server: silentUrl, request: 'GET /api/v3/apps?limit=1000', timeoutSeconds: 1 },
      },
    })
  })

  test('--timeout beats SVC_TIMEOUT, and takes fractions of a second', async () => {
    const run = await cliInProcess(
      ['share', 'summary', '--app', '0193a1a1-0000-7000-8000-000000000001', '--timeout', '0.5', '--json'],
      {
        env: { SVC_URL: silentUrl, SVC_TOKEN: 'svc_pat_x', SVC_TIMEOUT: '600' },
      },
    )
    expect(run.code).toBe(124)
    expect(JSON.parse(run.stderr).error.details).toEqual({
      server: silentUrl,
      request: 'GET /api/v3/apps/0193a1a1-0000-7000-8000-000000000001/summary',
      timeoutSeconds: 0.5,
    })
  })

  test.each([['0'], ['-1'], ['soon'], ['1e3']])(
    '--timeout %s is a usage error (exit 2) before anything is sent',
    async (value) => {
      const run = await cliInProcess(['app', 'list', '--timeout', value], {
        env: { SVC_URL: silentUrl, SVC_TOKEN: 'svc_pat_x' },
      })
      expect(run).toMatchObject({
        code: 2,
        stdout: '',
        stderr: `error: --timeout must be a number of seconds greater than 0 and at most 86400, got "${value}"\nRun \`svc-cli app list --help\` for usage.\n`,
      })
    },
  )
})

describe('a download that starts and then stalls', () => {
  test('share export to stdout keeps what arrived, then exits 124 saying how many bytes came', async () => {
    const run = await cliProcess(['share', 'export', '--app', '0193a1a1-0000-7000-8000-000000000001'], {
      env: { SVC_URL: stallingUrl, SVC_TOKEN: 'svc_pat_x', SVC_TIMEOUT: '1' },
    })
    const bytes = encoder.encode(CSV_START).byteLength
    expect(run).toEqual({
      code: 124,
      // What arrived, less the byte-order mark stdout never gets; the count is of the bytes received.
      stdout: CSV_START.replace(/^\ufeff/, ''),
      stderr: `error: svc at ${stallingUrl} stopped sending during GET /api/v3/apps/0193a1a1-0000-7000-8000-000000000001/export.csv: nothing for 1 s after ${bytes} bytes. ${advice}\n`,
      json: expect.any(Function),
    })
  })

  test('share export --json --out: the same error as JSON, and the partial file is left for inspection', async () => {
    const file = join(tempDir('svc-timeout-'), 'records.jsonl')
    const run = await cliInProcess(
      [
        'share',
        'export',
        '--app',
        '0193a1a1-0000-7000-8000-000000000001',
        '--format',
        'jsonl',
        '--out',
        file,
        '--json',
        '--timeout',
        '1',
      ],
      { env: { SVC_URL: stallingUrl, SVC_TOKEN: 'svc_pat_x' } },
    )
    expect(run.code).toBe(124)
    expect(run.stdout).toBe('')
    const bytes = encoder.encode(JSONL_START).byteLength
    expect(JSON.parse(run.stderr)).toEqual({
      error: {
        type: 'timeout',
        message: `svc at ${stallingUrl} stopped sending during GET /api/v3/apps/0193a1a1-0000-7000-8000-000000000001/export.jsonl: nothing for 1 s after ${bytes} bytes. ${advice}`,
        details: {
          server: stallingUrl,
          request: 'GET /api/v3/apps/0193a1a1-0000-7000-8000-000000000001/export.jsonl',
          timeoutSeconds: 1,
          bytes,
        },
      },
    })
    expect(readFileSync(file, 'utf8')).toBe(JSONL_START)
  })

  test('share query --all: each page has the timeout, so a stall on page 2 ends the read', async () => {
    const run = await cliProcess(
      ['share', 'query', '--app', '0193a1a1-0000-7000-8000-000000000001', '--all', '--json'],
      {
        env: { SVC_URL: stallingUrl, SVC_TOKEN: 'svc_pat_x', SVC_TIMEOUT: '1' },
      },
    )
    expect(run.code).toBe(124)
    expect(run.stdout).toBe('')
    expect(JSON.parse(run.stderr)).toEqual({
      error: {
        type: 'timeout',
        message: `svc at ${stallingUrl} did not answer GET /api/v3/apps/0193a1a1-0000-7000-8000-000000000001/records?page=2&size=1000 within 1 s. ${advice}`,
        details: {
          server: stallingUrl,
          request: 'GET /api/v3/apps/0193a1a1-0000-7000-8000-000000000001/records?page=2&size=1000',
          timeoutSeconds: 1,
        },
      },
    })
  })
})

describe('an upload the server never answers', () => {
  test('share post --file exits 124 naming the form post', async () => {
    const file = join(tempDir('svc-upload-stall-'), 'cv.txt')
    writeFileSync(file, 'a CV')
    const run = await cliInProcess(
      ['share', 'post', '--app', STUB_APP.params.id, '--file', `cv=${file}`, '--timeout', '1', '--json'],
      { env: { SVC_URL: stallingUrl, SVC_TOKEN: 'svc_pat_x' } },
    )
    expect({ code: run.code, error: JSON.parse(run.stderr).error }).toEqual({
      code: 124,
      error: {
        type: 'timeout',
        message: `svc at ${stallingUrl} did not answer POST /api/v3/share/tok/form within 1 s. ${advice}`,
        details: { server: stallingUrl, request: 'POST /api/v3/share/tok/form', timeoutSeconds: 1 },
      },
    })
  })
})

/** Timers moved by hand; `armed()` resolves when the next wait starts. */
class HandTimers implements Timers {
  private now = 0
  private nextId = 1
  readonly pending = new Map<number, { at: number; callback: () => void }>()
  private onArm: (() => void) | undefined
  set(callback: () => void, ms: number) {
    const id = this.nextId++
    this.pending.set(id, { at: this.now + ms, callback })
    this.onArm?.()
    return id
  }
  clear(id: unknown) {
    this.pending.delete(id as number)
  }
  armed(): Promise<void> {
    return new Promise((resolve) => {
      this.onArm = () => {
        this.onArm = undefined
        resolve()
      }
    })
  }
  advance(ms: number) {
    this.now += ms
    for (const [id, timer] of [...this.pending]) {
      if (timer.at <= this.now) {
        this.pending.delete(id)
        timer.callback()
      }
    }
  }
}

describe('the idle rule', () => {
  test('a download may take any total time as long as each wait is shorter than the timeout; a slow reader costs nothing', async () => {
    const timers = new HandTimers()
    let source!: ReadableStreamDefaultController<Uint8Array>
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        source = controller
      },
    })
    const limited = idleLimited(body, 1000, (bytes) => new Error(`idle after ${bytes} bytes`), timers).getReader()

    for (let i = 0; i < 5; i++) {
      const armed = timers.armed()
      const read = limited.read()
      await armed
      timers.advance(900)
      source.enqueue(new Uint8Array(10))
      expect((await read).value).toEqual(new Uint8Array(10))
      // Nobody is reading: no clock runs, however long the reader takes.
      expect(timers.pending.size).toBe(0)
      timers.advance(60_000)
    }

    const armed = timers.armed()
    const read = limited.read()
    await armed
    timers.advance(1000)
    await expect(read).rejects.toThrow('idle after 50 bytes')
  })

  test('an upload may take any total time while chunks keep going; silence after the last one times out', async () => {
    const timers = new HandTimers()
    let touch!: () => void
    let answer!: (value: string) => void
    const waiting = idleWithin(
      (touched) => {
        touch = touched
        return new Promise<string>((resolve) => {
          answer = resolve
        })
      },
      1000,
      () => new Error('silent'),
      timers,
    )
    for (let i = 0; i < 5; i++) {
      timers.advance(900)
      touch()
    }
    answer('answered')
    expect(await waiting).toBe('answered')
    expect(timers.pending.size).toBe(0)

    const stalled = idleWithin(
      () => new Promise<string>(() => {}),
      1000,
      () => new Error('silent'),
      timers,
    )
    timers.advance(1000)
    await expect(stalled).rejects.toThrow('silent')
  })

  test('the end of the body ends the stream and leaves no timer behind', async () => {
    const timers = new HandTimers()
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([1, 2]))
        controller.close()
      },
    })
    const limited = idleLimited(body, 1000, () => new Error('idle'), timers)
    expect(new Uint8Array(await new Response(limited).arrayBuffer())).toEqual(new Uint8Array([1, 2]))
    expect(timers.pending.size).toBe(0)
  })
})
