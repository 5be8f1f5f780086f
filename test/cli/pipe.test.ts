/**
 * `svc-cli … | head -1`: the reader closes stdout after the first chunk. The CLI, a real
 * process, must end quietly with exit 0 (no EPIPE stack dump), whether the output was one
 * big write at the end (share query) or a stream (share export, as CSV and as JSON).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { BUN, ROOT, cliInProcess, expectOk, startTestServer, tempConfigHome } from '../support/server.ts'
import { callServer } from '../support/call.ts'

const server = await startTestServer()
afterAll(() => server.close())

let env: Record<string, string>
let app: string
beforeAll(async () => {
  const { token } = await server.account()
  env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    SVC_URL: server.url,
    SVC_TOKEN: token,
    XDG_CONFIG_HOME: tempConfigHome(),
  }
  app = expectOk(await cliInProcess(['app', 'create', '--name', 'Many', '-q'], { env })).stdout.trim()
  const endpoint = expectOk(await cliInProcess(['share', 'publish', '--app', app, '--json'], { env })).json().token
  // About 400 KB of output either way: far more than a pipe holds, so the CLI is still writing when the reader leaves.
  const records = Array.from({ length: 1000 }, (_, i) => ({ n: i, note: `record ${i} `.padEnd(300, 'x') }))
  const response = await callServer(server.url, 'ingest.batch', { params: { token: endpoint }, body: records })
  expect(response.status).toBe(200)
})

/** Runs the CLI, reads the first chunk of stdout, then closes the pipe as `head -1` would. */
async function readFirstChunkThenClose(argv: string[]) {
  const proc = Bun.spawn([BUN, 'cli/main.ts', ...argv], {
    cwd: ROOT,
    env,
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const reader = proc.stdout.getReader()
  const first = await reader.read()
  await reader.cancel()
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()])
  // The first line only (short failure messages), decoded keeping the CSV's byte-order mark.
  return { code, stderr, start: new TextDecoder('utf-8', { ignoreBOM: true }).decode(first.value).split('\n')[0] }
}

describe('a closed stdout ends the run quietly with exit 0', () => {
  test.each([
    [['share', 'query', '--size', '1000'], /^CREATED\s+N\s+NOTE\s+ID$/],
    [['share', 'query', '--size', '1000', '--json'], /^\{$/],
    [['share', 'export'], /^id,createdAt,n,note,/],
    [['share', 'export', '--json'], /^\[$/],
  ])('svc-cli %p | head -1', async (argv, start) => {
    const run = await readFirstChunkThenClose([...argv, '--app', app])
    expect(run.start).toMatch(start)
    expect(run).toEqual({ code: 0, stderr: '', start: run.start })
  })
})
