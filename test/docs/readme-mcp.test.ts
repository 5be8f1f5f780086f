/**
 * The README's MCP configuration works as a new user meets it: each JSON entry of the MCP
 * section, exactly as written, is started by the MCP SDK's own client (StdioClientTransport)
 * from a fresh clone of the checkout after the README's set-up (`npm install`; the
 * executable's entry after `npm run build:exe` too), with nothing from the test's shell but
 * what a GUI client passes: a home folder and a minimal PATH without Bun. The only edits are
 * the two a reader makes: `/path/to/svc` is the clone, the server URL the one running here.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { linkSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { freshClone } from '../support/checkout.ts'
import { testExecutable } from '../support/executable.ts'
import { ROOT } from '../support/process.ts'
import { startTestServer, type TestServer } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'

const README = readFileSync(join(ROOT, 'README.md'), 'utf8')
const SECTION = README.slice(
  README.indexOf('## Using svc from an AI assistant (MCP)'),
  README.indexOf('## Assessment apps'),
)
/** What a GUI client's PATH holds on a fresh machine: the system's folders, no Bun, no npm globals. */
const GUI_PATH = '/usr/bin:/bin'

interface Entry {
  command: string
  args: string[]
  env?: Record<string, string>
}

const entries: Entry[] = [...SECTION.matchAll(/```json\n([\s\S]*?)```/g)].map(
  (block) => JSON.parse(block[1]).mcpServers.svc,
)

let server: TestServer
let clone: string

beforeAll(async () => {
  server = await startTestServer()
  clone = freshClone()
  // `npm run build:exe` in the clone: the suite's executable, built once per run, is that build
  // (linked, not copied: it is 115 MB, and both live in the run's temp folder).
  mkdirSync(join(clone, 'dist'))
  linkSync(await testExecutable(), join(clone, 'dist', 'svc'))
}, 120_000)

afterAll(() => server?.close())

/** The entry as the reader fills it in: their checkout, their server. */
function filledIn(entry: Entry): Entry {
  return {
    command: entry.command.replace('/path/to/svc', clone),
    args: entry.args,
    env: Object.fromEntries(
      Object.entries(entry.env ?? {}).map(([key, value]) => [key, value.replace('http://localhost:8787', server.url)]),
    ),
  }
}

const text = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n')

describe('README: the MCP configuration', () => {
  test('gives the executable first, then the form that needs only Node and npm', () => {
    expect(entries.map((entry) => entry.command)).toEqual(['/path/to/svc/dist/svc', '/path/to/svc/cli/svc-cli'])
    for (const entry of entries) {
      expect(entry.args).toEqual(['mcp'])
      expect(entry.env).toEqual({ SVC_URL: 'http://localhost:8787' })
    }
    expect(SECTION).not.toContain('.bun/bin')
  })

  test.each(entries.map((entry) => [entry.command, entry] as const))(
    '%s: lists the tools, logs in inside the chat and reads the apps',
    async (_command, entry) => {
      const { command, args, env } = filledIn(entry)
      const home = tempDir('svc-mcp-home-')
      const transport = new StdioClientTransport({
        command,
        args,
        // A GUI client's own environment (a home, a minimal PATH); the entry's env on top, as clients merge it.
        env: { HOME: home, PATH: GUI_PATH, ...env },
        cwd: tempDir('svc-mcp-cwd-'),
        stderr: 'pipe',
      })
      const client = new Client({ name: 'readme-mcp-test', version: '1.0.0' })
      try {
        await client.connect(transport)
        const { tools } = await client.listTools()
        expect(tools.map((tool) => tool.name).sort()).toEqual([
          'auth_email_code',
          'auth_login',
          'auth_status',
          'svc_exec',
          'svc_execute',
          'svc_generate',
          'svc_read',
          'svc_skill',
          'svc_snapshot',
        ])
        const before = (await client.callTool({ name: 'auth_status', arguments: {} })) as CallToolResult
        expect(before.structuredContent).toEqual({
          server: server.url,
          authenticated: false,
          tokenSource: null,
          user: null,
        })
        const { token, user } = await server.account()
        const login = (await client.callTool({ name: 'auth_login', arguments: { token } })) as CallToolResult
        expect(login.isError).toBeUndefined()
        const after = (await client.callTool({ name: 'auth_status', arguments: {} })) as CallToolResult
        expect(after.structuredContent).toMatchObject({ authenticated: true, user: { email: user.email } })
        const apps = (await client.callTool({
          name: 'svc_read',
          arguments: { command: 'app list', args: [] },
        })) as CallToolResult
        expect(JSON.parse(text(apps))).toEqual({ apps: [] })
      } finally {
        await client.close()
      }
    },
    30_000,
  )
})
