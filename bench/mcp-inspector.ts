/**
 * @module Exercises `svc-cli mcp` with MCP Inspector's CLI mode (a client nobody here
 * wrote): tools/list, resources/read, a successful tools/call and an isError one, against
 * a real server with a logged-in temp config. Needs the npm registry (npx fetches the
 * inspector). Run: node_modules/.bin/bun bench/mcp-inspector.ts
 */
import { writeConfig } from '../cli/config.ts'
import { startTestServer, tempConfigHome, ROOT, BUN } from '../test/support/server.ts'

const INSPECTOR = '@modelcontextprotocol/inspector@0.15.0'

const server = await startTestServer()
const { token } = await server.account('inspector@example.com')
const home = tempConfigHome()
writeConfig(
  { XDG_CONFIG_HOME: home },
  { current: server.url, servers: { [server.url]: { token, savedAt: new Date().toISOString() } } },
)

/** One inspector run; resolves with its exit code and output. */
async function inspect(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const proc = Bun.spawn(
    [
      'npx',
      '-y',
      INSPECTOR,
      '--cli',
      '-e',
      `SVC_URL=${server.url}`,
      '-e',
      `XDG_CONFIG_HOME=${home}`,
      BUN,
      'cli/main.ts',
      'mcp',
      ...args,
    ],
    {
      cwd: ROOT,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  )
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  return { code, stdout, stderr }
}

const checks: [string, string[], (r: { code: number; stdout: string }) => boolean][] = [
  ['tools/list', ['--method', 'tools/list'], (r) => r.code === 0 && JSON.parse(r.stdout).tools.length === 7],
  [
    'resources/read',
    ['--method', 'resources/read', '--uri', 'svc://skills/form'],
    (r) => r.code === 0 && JSON.parse(r.stdout).contents[0].text.startsWith('# Skill: form'),
  ],
  [
    'tools/call svc_exec app create',
    [
      '--method',
      'tools/call',
      '--tool-name',
      'svc_exec',
      '--tool-arg',
      'command=app create',
      '--tool-arg',
      'args=["--name","From Inspector"]',
    ],
    (r) => r.code === 0 && r.stdout.includes('From Inspector'),
  ],
  [
    'tools/call svc_read app list',
    ['--method', 'tools/call', '--tool-name', 'svc_read', '--tool-arg', 'command=app list'],
    (r) => r.code === 0 && r.stdout.includes('From Inspector'),
  ],
  [
    'tools/call with isError',
    [
      '--method',
      'tools/call',
      '--tool-name',
      'svc_read',
      '--tool-arg',
      'command=app get',
      '--tool-arg',
      'args=["--app","nope"]',
    ],
    (r) => r.stdout.includes('"isError": true'),
  ],
]

let failed = 0
for (const [name, args, passes] of checks) {
  const run = await inspect(args)
  const good = passes(run)
  if (!good) failed++
  console.log(`${good ? 'ok  ' : 'FAIL'} ${name} (exit ${run.code})${good ? '' : `\n${run.stdout}\n${run.stderr}`}`)
}
await server.close()
process.exit(failed ? 1 : 0)
