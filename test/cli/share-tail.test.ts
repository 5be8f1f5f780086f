/**
 * `svc-cli share tail` through its own process: records print as they arrive (one JSON
 * document a line with --json, table rows otherwise), a dropped connection is resumed with
 * Last-Event-ID so records posted meanwhile print once, a server that goes silent is
 * reconnected to rather than given up on, Ctrl-C ends it with 130 and the position to go on
 * from, a closed pipe ends it quietly with 0, and a refusal no retry can fix ends it at once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Subprocess } from 'bun'
import { createLogger } from '../../server/core/logger.ts'
import { makeEndpoint } from '../support/records.ts'
import { BUN, ROOT, startTestServer, tempConfigHome, type TestServer } from '../support/server.ts'
import { startRelay, type Relay } from '../support/tcp-relay.ts'
import { callServer } from '../support/call.ts'

let server: TestServer
let quiet: TestServer
let relay: Relay
let token: string
let userId: string
const quietLines: string[] = []
const quietWaiters = new Set<() => void>()

/** Resolves once the quiet server has logged a line holding `text`. */
const quietLogged = (text: string) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (!quietLines.some((line) => line.includes(text))) return
      quietWaiters.delete(check)
      resolve()
    }
    quietWaiters.add(check)
    check()
  })

beforeAll(async () => {
  server = await startTestServer()
  // A server whose streams stay silent (no heartbeat within a test): the CLI's idle timeout has to act.
  quiet = await startTestServer(
    { SVC_STREAM_HEARTBEAT_MS: '120000' },
    {
      log: createLogger('debug', (_level, line) => {
        quietLines.push(line)
        for (const wake of [...quietWaiters]) wake()
      }),
    },
  )
  relay = await startRelay(server.url)
  const account = await server.account()
  token = account.token
  userId = account.user.id
})

afterAll(async () => {
  await relay.close()
  await Promise.all([server.close(), quiet.close()])
})

/** A published app of `owner` on `on`; posts go straight to the server. */
async function app(on: TestServer, owner = { id: userId, token }) {
  const ownerToken = owner.token
  const endpoint = await makeEndpoint(on.ctx, owner.id, { fields: [{ name: 'name' }, { name: 'n', type: 'number' }] })
  const post = async (data: Record<string, unknown>) => {
    const response = await callServer(on.url, 'ingest.post', { params: { token: endpoint.token }, body: data })
    expect(response.status).toBe(200)
  }
  const page = async () =>
    (
      await callServer(
        on.url,
        'records.list',
        { params: { id: endpoint.appId }, query: { size: 1000 } },
        { token: ownerToken },
      )
    ).body.records
  return { ...endpoint, post, page }
}

/** `svc-cli share tail …` as a process, its stdout read line by line as it comes. */
function tail(argv: string[], serverUrl: string, accessToken = token) {
  const proc: Subprocess<'ignore', 'pipe', 'pipe'> = Bun.spawn([BUN, 'cli/main.ts', 'share', 'tail', ...argv], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      SVC_URL: serverUrl,
      SVC_TOKEN: accessToken,
      XDG_CONFIG_HOME: tempConfigHome(),
    },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const lines: string[] = []
  const waiters = new Set<() => void>()
  const reader = proc.stdout.getReader()
  const decoder = new TextDecoder()
  const reading = (async () => {
    let rest = ''
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      const parts = (rest + decoder.decode(chunk.value, { stream: true })).split('\n')
      rest = parts.pop() ?? ''
      lines.push(...parts)
      for (const wake of [...waiters]) wake()
    }
  })()
  const stderr = new Response(proc.stderr).text()
  return {
    proc,
    lines,
    /** Resolves once stdout has `count` lines. */
    until: (count: number) =>
      new Promise<string[]>((resolve, reject) => {
        const check = () => {
          if (lines.length >= count) {
            waiters.delete(check)
            resolve(lines)
          }
        }
        waiters.add(check)
        void proc.exited.then(() => {
          if (lines.length < count) reject(new Error(`exited with ${lines.length} lines: ${lines.join(' | ')}`))
        })
        check()
      }),
    /** Stops reading stdout, as `| head` would once it has what it wants. */
    closeStdout: () => reader.cancel(),
    async finished() {
      await reading.catch(() => {})
      return { code: await proc.exited, stderr: await stderr }
    },
  }
}

describe('svc-cli share tail', () => {
  test('--json prints each record as it arrives; a dropped connection resumes with Last-Event-ID (each once); Ctrl-C exits 130 saying where it stopped', async () => {
    const a = await app(server)
    // From the first record on, whenever the stream opens: no race with the posts.
    const run = tail(['--app', a.appId, '--since', '0', '--json'], relay.url)
    for (const n of [1, 2, 3]) await a.post({ name: `r${n}`, n })
    await run.until(3)
    relay.cut()
    // Posted while the CLI is cut off: it resumes after the last record it printed.
    for (const n of [4, 5]) await a.post({ name: `r${n}`, n })
    await run.until(5)
    expect(relay.connections).toBeGreaterThanOrEqual(2)
    run.proc.kill('SIGINT')
    const { code, stderr } = await run.finished()
    expect(run.lines.map((line) => JSON.parse(line))).toEqual(await a.page())
    expect(code).toBe(130)
    expect(JSON.parse(stderr)).toEqual({
      error: {
        type: 'interrupted',
        message: 'Interrupted: stopped following records after position 5; go on from there with --since 5',
        details: { since: 5 },
      },
    })
  }, 30_000)

  test('without --json: a header from the first record, then a row per record, later keys added as key=value', async () => {
    const a = await app(server)
    await a.post({ name: 'Ada', n: 1 })
    await a.post({ name: 'Lin Qiu-Anderson the Second', n: 22, extra: true })
    const run = tail(['--app', a.appId, '--since', '0'], server.url)
    await run.until(3)
    run.proc.kill('SIGINT')
    const { code, stderr } = await run.finished()
    const [first, second] = (await a.page()) as Array<{ id: string; createdAt: string }>
    expect(run.lines).toEqual([
      'CREATED                   NAME      N         ID',
      `${first.createdAt}  Ada       1         ${first.id}`,
      `${second.createdAt}  Lin Qiu…  22        ${second.id}  extra=true`,
    ])
    expect([code, stderr]).toEqual([
      130,
      'error: Interrupted: stopped following records after position 2; go on from there with --since 2\n',
    ])
  }, 30_000)

  test('--filter picks records on the server; a closed stdout ends the run quietly with 0 at the next record', async () => {
    const a = await app(server)
    const run = tail(['--app', a.appId, '--since', '0', '--filter', 'n >= 10', '--json'], server.url)
    for (const n of [1, 10, 2, 11]) await a.post({ name: `r${n}`, n })
    await run.until(2)
    expect(run.lines.map((line) => JSON.parse(line).data.n)).toEqual([10, 11])
    await run.closeStdout()
    // As `tail -f | head` does, it learns the reader is gone when it next writes.
    await a.post({ name: 'after', n: 12 })
    expect(await run.finished()).toEqual({ code: 0, stderr: '' })
  }, 30_000)

  test('a server that goes silent is reconnected to, not given up on: records still print once', async () => {
    const owner = await quiet.account()
    const a = await app(quiet, { id: owner.user.id, token: owner.token })
    const run = tail(['--app', a.appId, '--since', '0', '--json', '--timeout', '0.5'], quiet.url, owner.token)
    await a.post({ name: 'first', n: 1 })
    await run.until(1)
    // Nothing comes for longer than the timeout: the CLI drops that stream (the server sees it end)…
    await quietLogged('live stream ended')
    // …and opens another, resuming after the first record.
    await a.post({ name: 'second', n: 2 })
    await run.until(2)
    run.proc.kill('SIGINT')
    const { code } = await run.finished()
    expect([code, run.lines.map((line) => JSON.parse(line).data.n)]).toEqual([130, [1, 2]])
  }, 30_000)

  test.each([
    [
      ['--app', 'no-such-app'],
      1,
      'error: No app has the id or name "no-such-app". See your apps with `svc-cli app list`.\n',
    ],
    [['--app', 'APP', '--filter', 'colour = 1'], 1, 'error: filter: '],
    [['--app', 'APP', '--since', 'yesterday'], 2, 'error: --since must be a whole number, got "yesterday"'],
  ])(
    'a refusal no retry can fix ends it at once: %p',
    async (argv, exitCode, start) => {
      const a = await app(server)
      const run = tail(
        argv.map((arg) => (arg === 'APP' ? a.appId : arg)),
        server.url,
      )
      const { code, stderr } = await run.finished()
      expect(code).toBe(exitCode)
      expect(stderr).toStartWith(start)
    },
    30_000,
  )
})
