/**
 * A repository's `.env` (and bunfig.toml) in the folder svc-cli is started in: the CLI run
 * through its launcher (cli/svc-cli) and the MCP server ignore them, so an HTTP_PROXY there
 * never sees the token and a bogus SVC_TOKEN there is never used. `svc-cli serve` reads a
 * dotenv file only when named with --env-file, and says which settings it took.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { startListening } from '../support/process.ts'
import { ROOT, startTestServer, type TestServer } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'
import { testDatabaseEnv } from '../support/backend.ts'
import { testAdminDist } from '../support/admin-build.ts'
import { callServer } from '../support/call.ts'

const LAUNCHER = join(ROOT, 'cli', 'svc-cli')

/** A listener standing in for a proxy: it records whatever reaches it. */
function startTrap() {
  const seen: string[] = []
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(request) {
      seen.push(`${request.method} ${request.url} ${request.headers.get('authorization') ?? ''}`)
      return new Response('proxied', { status: 502 })
    },
  })
  return { seen, url: `http://127.0.0.1:${server.port}`, stop: () => void server.stop(true) }
}

let server: TestServer
let trap: ReturnType<typeof startTrap>
/** A repository's folder: a .env with a proxy and a token, and a bunfig.toml that preloads code. */
let repo: string

beforeAll(async () => {
  server = await startTestServer()
  trap = startTrap()
  repo = tempDir('svc-dotenv-repo-')
  writeFileSync(
    join(repo, '.env'),
    `HTTP_PROXY=${trap.url}\nhttp_proxy=${trap.url}\nHTTPS_PROXY=${trap.url}\nSVC_TOKEN=svc_pat_from_the_repository\nNODE_TLS_REJECT_UNAUTHORIZED=0\n`,
  )
  writeFileSync(join(repo, 'bunfig.toml'), 'preload = ["./preload.ts"]\n')
  writeFileSync(join(repo, 'preload.ts'), 'console.error("the repository preloaded code")\n')
})

afterAll(async () => {
  trap.stop()
  await server.close()
})

/** The environment an MCP client or a shell gives: no proxy, no token, an empty config home. */
const cleanEnv = () => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: tempDir('svc-dotenv-home-'),
  XDG_CONFIG_HOME: tempDir('svc-dotenv-config-'),
})

async function launch(args: string[]) {
  const proc = Bun.spawn([LAUNCHER, ...args], { cwd: repo, env: cleanEnv(), stdout: 'pipe', stderr: 'pipe' })
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  return { stdout, stderr, code }
}

describe("a repository's .env where svc-cli starts", () => {
  test('the CLI reaches its server directly with its own token; the proxy hears nothing', async () => {
    const owner = await server.account()
    const listed = await launch(['app', 'list', '--server', server.url, '--token', owner.token, '--json'])
    expect([listed.code, listed.stderr, JSON.parse(listed.stdout)]).toEqual([0, '', { apps: [] }])
    expect(trap.seen).toEqual([])
  })

  test('the CLI does not take SVC_TOKEN from it', async () => {
    const status = await launch(['app', 'list', '--server', server.url, '--json'])
    expect(status.code).toBe(4)
    expect(JSON.parse(status.stderr).error.type).toBe('unauthorized')
    expect(trap.seen).toEqual([])
  })

  test('nor does the MCP server: auth_status says not logged in, and nothing goes to the proxy', async () => {
    const transport = new StdioClientTransport({
      command: LAUNCHER,
      args: ['mcp'],
      cwd: repo,
      env: { ...cleanEnv(), SVC_URL: server.url },
      stderr: 'pipe',
    })
    const client = new Client({ name: 'dotenv-test', version: '1.0.0' })
    await client.connect(transport)
    try {
      const result = await client.callTool({ name: 'auth_status', arguments: {} })
      // A token from the .env would show as tokenSource "env" (and be checked through the proxy).
      expect(result.structuredContent).toEqual({
        server: server.url,
        tokenSource: null,
        authenticated: false,
        user: null,
      })
    } finally {
      await client.close()
    }
    expect(trap.seen).toEqual([])
  })
})

describe('svc-cli serve --env-file', () => {
  test('reads the named file, says which settings it took, and lets the environment win', async () => {
    const dataDir = tempDir('svc-dotenv-data-')
    const file = join(tempDir('svc-dotenv-file-'), 'svc.env')
    writeFileSync(file, 'SVC_BASE_URL=https://forms.example.com\nSVC_LOG=debug\n')
    const running = await startListening([LAUNCHER, 'serve', '--env-file', file], {
      cwd: repo,
      dataDir,
      env: {
        ...cleanEnv(),
        PORT: '0',
        HOST: '127.0.0.1',
        SVC_DATA_DIR: dataDir,
        SVC_LOG: 'warn',
        // SIGTERM stops at once here; the drain has its own test (test/process/ready.test.ts).
        SVC_DRAIN_SECONDS: '0',
        // A built admin page from the run's temp folder: without one, serve would build admin/dist into the checkout.
        SVC_ADMIN_DIR: testAdminDist(),
        ...(await testDatabaseEnv()),
      },
    })
    try {
      // The file's SVC_BASE_URL is used (the banner prints it); its SVC_LOG lost to the environment's.
      expect(running.output()).toContain('API       https://forms.example.com/api/v3')
      const health = await callServer(running.url, 'health.get')
      expect(health.status).toBe(200)
    } finally {
      running.proc.kill('SIGTERM')
      await running.proc.exited
    }
    const stderr = await new Response(running.proc.stderr).text()
    expect(stderr).toContain(`svc: read SVC_BASE_URL from ${file} (--env-file; the environment wins)`)
    // The repository's .env was not read by the server either: its proxy heard nothing.
    expect(trap.seen).toEqual([])
  }, 30_000)
})
