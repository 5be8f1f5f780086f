/**
 * The single executable `npm run build:exe` makes, run from a folder that holds nothing of
 * the checkout, with only the environment it is given: it migrates an empty data dir, serves
 * the API, the admin page and a collection endpoint, acts as svc-cli against itself and as
 * an MCP server, and exits 0 on SIGTERM.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { testDatabaseEnv } from '../support/backend.ts'
import { testExecutable } from '../support/executable.ts'
import { startListening, type ServerProcess } from '../support/process.ts'
import { tempDir } from '../support/tmp.ts'
import { callServer } from '../support/call.ts'

let svc: string
let server: ServerProcess | undefined
/** An empty working directory: nothing the executable reads may come from the checkout. */
const cwd = tempDir('svc-exe-cwd-')
const home = tempDir('svc-exe-home-')

beforeAll(async () => {
  svc = await testExecutable()
}, 120_000)

afterAll(() => {
  server?.proc.kill('SIGKILL')
})

/** Runs `svc …` as a process with only `env` (plus HOME and an empty config home). */
async function run(args: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawn([svc, ...args], {
    cwd,
    env: { HOME: home, XDG_CONFIG_HOME: tempDir('svc-exe-config-'), ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  return { stdout, stderr, code }
}

const post = (url: string, body: unknown, token?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })

describe('the svc executable', () => {
  let token: string
  let endpoint: string
  let appId: string

  test('`svc serve` migrates an empty data dir and answers health', async () => {
    const dataDir = tempDir('svc-exe-data-')
    server = await startListening([svc, 'serve'], {
      cwd,
      dataDir,
      env: {
        HOME: home,
        PORT: '0',
        HOST: '127.0.0.1',
        SVC_DATA_DIR: dataDir,
        SVC_LOG: 'warn',
        // SIGTERM stops at once here; the drain has its own test (test/process/ready.test.ts).
        SVC_DRAIN_SECONDS: '0',
        ...(await testDatabaseEnv()),
      },
    })
    const health = await callServer(server.url, 'health.get')
    expect([health.status, health.body]).toEqual([
      200,
      { code: 200, data: { status: 'ok', version: expect.any(String) } },
    ])
    expect(server.output()).toContain('No account yet. Create the first one')
  }, 30_000)

  test('serves the admin page it carries, and its assets', async () => {
    const index = await fetch(`${server!.url}/admin/`)
    const html = await index.text()
    expect([index.status, index.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8'])
    expect(html).toContain('<svc-admin></svc-admin>')
    const assets = [...html.matchAll(/(?:src|href)="\.\/([\w.-]+\.(js|css|svg))"/g)].map((m) => [m[1], m[2]])
    expect(assets.map(([, ext]) => ext).sort()).toEqual(['css', 'js', 'svg'])
    for (const [name, ext] of assets) {
      const asset = await fetch(`${server!.url}/admin/${name}`)
      expect([
        asset.status,
        asset.headers.get('content-type')?.split(';')[0],
        (await asset.arrayBuffer()).byteLength > 100,
      ]).toEqual([200, { js: 'text/javascript', css: 'text/css', svg: 'image/svg+xml' }[ext], true])
    }
  })

  test('takes a record on a published endpoint and reads it back with /query', async () => {
    const signup = await callServer(server!.url, 'auth.signup', {
      body: { email: 'owner@example.com', password: 'a long password', tokenName: 'exe test' },
    })
    expect(signup.status).toBe(200)
    token = signup.body.data.token!.token
    appId = (await callServer(server!.url, 'apps.create', { body: { name: 'Contact' } }, { token })).body.data.id
    const published = await callServer(server!.url, 'share.publish', { params: { id: appId } }, { token })
    // The endpoint as publishing answers it, on the port this server listens on.
    endpoint = published.body.data.endpoint!.replace(/^http:\/\/localhost:\d+/, server!.url)

    const sent = await post(endpoint, { name: 'Ada', message: 'Hello ✓' })
    expect(sent.status).toBe(200)
    const { data } = (await sent.json()) as { data: { id: string } }
    const query = await fetch(`${endpoint}/query?page=1&size=100`, { headers: { authorization: `Bearer ${token}` } })
    const body = (await query.json()) as { records: Array<{ id: string; data: unknown }> }
    expect([query.status, body.records.map((r) => [r.id, r.data])]).toEqual([
      200,
      [[data.id, { name: 'Ada', message: 'Hello ✓' }]],
    ])
  })

  test('`svc app list` is svc-cli against itself', async () => {
    const list = await run(['app', 'list', '--json'], { SVC_URL: server!.url, SVC_TOKEN: token })
    expect({ code: list.code, stderr: list.stderr }).toEqual({ code: 0, stderr: '' })
    expect(
      (JSON.parse(list.stdout) as { apps: Array<{ id: string; name: string }> }).apps.map((app) => [app.id, app.name]),
    ).toEqual([[appId, 'Contact']])
    const help = await run(['--help'])
    expect([help.code, help.stdout]).toEqual([0, expect.stringContaining('serve')])
  })

  test('names itself as it was started: `svc` in help and hints, `svc-cli` through a link of that name', async () => {
    const help = await run(['--help'])
    expect(help.stdout).toContain('\nUSAGE svc auth|app|field|')
    expect(help.stdout).toContain('\n  svc auth login --with-token < token.txt   then   svc app list\n')
    expect(help.stdout).not.toContain('svc-cli ')
    const create = await run(['app', 'create', '--help'])
    expect(create.stdout).toContain('EXAMPLE\n\n  svc app create --name "Contact form"')

    const link = join(tempDir('svc-exe-link-'), 'svc-cli')
    symlinkSync(svc, link)
    const linked = Bun.spawn([link, '--help'], { cwd, env: { HOME: home }, stdout: 'pipe' })
    const linkedHelp = await new Response(linked.stdout).text()
    expect(await linked.exited).toBe(0)
    expect(linkedHelp).toContain('\nUSAGE svc-cli auth|app|field|')
    expect(linkedHelp).toContain('\n  svc-cli auth login --with-token < token.txt   then   svc-cli app list\n')
  })

  test('a hint it prints, pasted into a shell, runs', async () => {
    const config = tempDir('svc-exe-config-')
    const denied = await run(['app', 'list'], { SVC_URL: server!.url, XDG_CONFIG_HOME: config })
    expect(denied.code).toBe(4)
    const hint = /or `(svc auth login --with-token < token\.txt)`/.exec(denied.stderr)
    expect(hint?.[1]).toBe('svc auth login --with-token < token.txt')
    writeFileSync(join(cwd, 'token.txt'), token)
    const shell = Bun.spawn(['sh', '-c', hint![1]], {
      cwd,
      env: { PATH: `${dirname(svc)}:/usr/bin:/bin`, HOME: home, XDG_CONFIG_HOME: config, SVC_URL: server!.url },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    expect([await shell.exited, await new Response(shell.stderr).text()]).toEqual([0, ''])
    const list = await run(['app', 'list', '-q'], { SVC_URL: server!.url, XDG_CONFIG_HOME: config })
    expect([list.code, list.stdout]).toEqual([0, `${appId}\n`])
  })

  test('`svc mcp` answers initialize and tools/list over stdio', async () => {
    const transport = new StdioClientTransport({
      command: svc,
      args: ['mcp'],
      cwd,
      env: { HOME: home, XDG_CONFIG_HOME: tempDir('svc-exe-config-'), SVC_URL: server!.url },
      stderr: 'pipe',
    })
    const client = new Client({ name: 'svc-exe-test', version: '1.0.0' })
    try {
      await client.connect(transport)
      expect(client.getServerVersion()?.name).toBe('svc')
      const { tools } = await client.listTools()
      expect(tools.map((tool) => tool.name)).toContain('svc_exec')
      expect(tools.length).toBe(9)
    } finally {
      await client.close()
    }
  }, 30_000)

  test("a repository's .env and bunfig.toml in its working directory are ignored: no proxy, no token from them", async () => {
    const seen: string[] = []
    const trap = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: (request) => {
        seen.push(request.url)
        return new Response('proxied', { status: 502 })
      },
    })
    try {
      const repo = tempDir('svc-exe-repo-')
      const proxy = `http://127.0.0.1:${trap.port}`
      writeFileSync(
        join(repo, '.env'),
        `HTTP_PROXY=${proxy}\nhttp_proxy=${proxy}\nSVC_TOKEN=svc_pat_from_the_repository\n`,
      )
      writeFileSync(join(repo, 'bunfig.toml'), 'preload = ["./preload.ts"]\n')
      writeFileSync(join(repo, 'preload.ts'), 'console.error("the repository preloaded code")\n')
      const proc = Bun.spawn([svc, 'app', 'list', '-q', '--server', server!.url, '--token', token], {
        cwd: repo,
        env: { HOME: home, XDG_CONFIG_HOME: tempDir('svc-exe-config-') },
        stdout: 'pipe',
        stderr: 'pipe',
      })
      const [stdout, stderr, code] = await Promise.all([
        new Response(proc.stdout).text(),
        new Response(proc.stderr).text(),
        proc.exited,
      ])
      expect({ code, stdout, stderr }).toEqual({ code: 0, stdout: `${appId}\n`, stderr: '' })
      const anonymous = Bun.spawn([svc, 'app', 'list', '--server', server!.url, '--json'], {
        cwd: repo,
        env: { HOME: home, XDG_CONFIG_HOME: tempDir('svc-exe-config-') },
        stdout: 'pipe',
        stderr: 'pipe',
      })
      expect(await anonymous.exited).toBe(4)
      expect(seen).toEqual([])
    } finally {
      void trap.stop(true)
    }
  })

  test('SIGTERM: exits 0', async () => {
    server!.proc.kill('SIGTERM')
    expect(await server!.proc.exited).toBe(0)
    server = undefined
  })
})
