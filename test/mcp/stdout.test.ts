/**
 * stdout of `svc-cli mcp` is protocol only: every line is a JSON-RPC message, whether the
 * server is unreachable, the token is wrong, or there is no token at all.
 */
import { afterAll, expect, test } from 'bun:test'
import { BUN, ROOT, startTestServer, tempConfigHome } from '../support/server.ts'

const server = await startTestServer()
afterAll(() => server.close())

const calls: [string, Record<string, unknown>][] = [
  ['auth_status', {}],
  ['svc_read', { command: 'app list' }],
  ['svc_read', { command: 'share export', args: ['--app', 'x'] }],
  ['svc_exec', { command: 'app create', args: ['--name', 'x'] }],
  ['svc_snapshot', { appId: 'x' }],
  ['auth_login', { token: 'svc_pat_wrong' }],
  ['auth_email_code', { email: 'someone@example.com' }],
  ['svc_skill', { module: 'form' }],
  ['svc_read', { command: 'no such thing' }],
  ['svc_read', { command: 'smart plan validate', args: ['--file', '/nonexistent/plan.json'] }],
  ['svc_execute', { plan: { version: 1 } }],
  ['svc_generate', { instruction: 'a quiz' }],
]

/** Talks raw JSON-RPC to the process and returns every stdout line. */
async function session(env: Record<string, string>): Promise<{ lines: string[]; stderr: string }> {
  const proc = Bun.spawn([BUN, 'cli/main.ts', 'mcp'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: '/tmp', ...env },
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const send = (message: object) => void proc.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`)
  send({
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  })
  send({ method: 'notifications/initialized' })
  send({ id: 1, method: 'tools/list' })
  send({ id: 2, method: 'resources/read', params: { uri: 'svc://skills/share' } })
  calls.forEach(([name, args], i) => {
    send({ id: 10 + i, method: 'tools/call', params: { name, arguments: args } })
  })
  send({ id: 99, method: 'no/such/method' })
  await proc.stdin.flush()
  const expected = 4 + calls.length
  let out = ''
  const reader = proc.stdout.getReader()
  while (out.split('\n').filter(Boolean).length < expected) {
    const { value, done } = await reader.read()
    if (done) break
    out += new TextDecoder().decode(value)
  }
  await proc.stdin.end()
  await proc.exited
  return { lines: out.split('\n').filter(Boolean), stderr: await new Response(proc.stderr).text() }
}

test.each([
  [
    'the server is unreachable',
    () => ({ SVC_URL: 'http://127.0.0.1:9', SVC_TOKEN: 'svc_pat_x', XDG_CONFIG_HOME: tempConfigHome() }),
  ],
  [
    'the token is wrong',
    () => ({ SVC_URL: server.url, SVC_TOKEN: 'svc_pat_wrong', XDG_CONFIG_HOME: tempConfigHome() }),
  ],
  ['there is no token', () => ({ SVC_URL: server.url, XDG_CONFIG_HOME: tempConfigHome() })],
])('every stdout line is JSON-RPC when %s', async (_name, env) => {
  const { lines } = await session(env())
  const messages = lines.map((line) => JSON.parse(line))
  for (const message of messages) expect(message.jsonrpc).toBe('2.0')
  expect(messages.map((m) => m.id).sort((a, b) => a - b)).toEqual([0, 1, 2, ...calls.map((_, i) => 10 + i), 99])
  const byId = new Map(messages.map((m) => [m.id, m]))
  expect(byId.get(99).error.code).toBe(-32601)
  // Tool failures are results, not protocol errors.
  for (let i = 0; i < calls.length; i++) expect(byId.get(10 + i).result).toBeDefined()
  expect(byId.get(11).result.isError).toBe(true)
})
