/**
 * Every hint names something that exists. Each error path of the tools is triggered for
 * real (not logged in, bad arguments, unknown and refused commands, refused flags, local
 * paths, server errors, an unreachable server, a stopped build), and every name in the
 * answers is checked: tools against tools/list, `svc_read "…"` / `svc_exec "…"` commands
 * against what that tool runs (with the flags they pass), `svc-cli …` commands and flags
 * against the command tree, and svc:// URIs against resources/list and resources/templates/list. The tool descriptions
 * and the server instructions go through the same check.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { ROOT } from '../../cli/commands/index.ts'
import { execWhitelist, type ExecEntry } from '../../cli/mcp/exec.ts'
import { checkFlags, resolveCommand } from '../../cli/tree.ts'
import { startTestServer, tempConfigHome } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'
import { inProcessMcp, resultText, type InProcessMcp } from './in-process.ts'
import { callServer } from '../support/call.ts'

const server = await startTestServer()
const sessions: InProcessMcp[] = []
let tools: Set<string>
let resources: string[]
let templates: string[]
let whitelist: Map<string, ExecEntry>
afterAll(async () => {
  await Promise.all(sessions.map((s) => s.close()))
  await server.close()
})

async function session(env: Record<string, string>): Promise<InProcessMcp> {
  const mcp = await inProcessMcp({ XDG_CONFIG_HOME: tempConfigHome(), ...env })
  sessions.push(mcp)
  return mcp
}

/** Every problem with the names in `text`: a tool, command, flag or resource that does not exist. */
async function unknownNames(text: string): Promise<string[]> {
  const problems: string[] = []
  for (const [name] of text.matchAll(/\b(?:auth|svc)_[a-z]+(?:_[a-z]+)*\b/g)) {
    if (name !== 'svc_pat' && !tools.has(name)) problems.push(`tool ${name}`)
  }
  for (const [, tool, command, args] of text.matchAll(
    /\b(svc_read|svc_exec)(?: with(?: command)?)? "([^"]+)"(?: with (\[[^\]]*\]))?/g,
  )) {
    const entry = whitelist.get(command)
    if (!entry || (tool === 'svc_read' && entry.effect !== 'read')) {
      problems.push(`${tool} "${command}"`)
      continue
    }
    const flags = args ? (JSON.parse(args) as string[]) : []
    const refused = flags.filter((arg) =>
      ['--server', '--token', '--json', ...entry.paths.filter((p) => !p.takesId).map((p) => p.flag)].includes(arg),
    )
    if (refused.length) problems.push(`${tool} "${command}" with refused ${refused.join(' ')}`)
    const problem = await treeProblem([...command.split(' '), ...flags])
    if (problem) problems.push(`${tool} "${command}" ${args}: ${problem}`)
  }
  for (const [, line] of text.matchAll(/`svc-cli ([^`]+)`/g)) {
    const argv = line.split(' <')[0].split(' ').filter(Boolean)
    const problem = await treeProblem(argv)
    if (problem) problems.push(`\`svc-cli ${line}\`: ${problem}`)
  }
  for (const [, words] of text.matchAll(/(?<!`)svc-cli ((?:[a-z][a-z-]*(?: |$))+)/g)) {
    // "an svc-cli command" is a noun, not a command line.
    if (/^commands?\b/.test(words)) continue
    // Prose such as "svc-cli serve runs in a terminal only": the words resolve to a command, the rest is left over.
    const problem = await treeProblem(words.trim().split(' '), false)
    if (problem) problems.push(`svc-cli ${words.trim()}: ${problem}`)
  }
  for (const [uri] of text.matchAll(/svc:\/\/[^\s`'")\]]+/g)) {
    const clean = uri.replace(/[.,;:]+$/, '')
    // A resource template named as it is (svc://apps/{id}/records), not a list of URIs in braces.
    if (templates.includes(clean)) continue
    const braces = /^(.*)\{([^}]+)\}(.*)$/.exec(clean)
    const uris = braces ? braces[2].split(',').map((part) => `${braces[1]}${part}${braces[3]}`) : [clean]
    for (const one of uris) {
      // A placeholder (svc://apps/<app id>/records) stands for a resource or a template's URI.
      const ok = one.includes('<')
        ? [...resources, ...templates].some((r) => r.startsWith(one.slice(0, one.indexOf('<'))))
        : resources.includes(one)
      if (!ok) problems.push(`resource ${one}`)
    }
  }
  return problems
}

/** Why argv does not name a command (and, when `flags`, the flags it takes), or null. */
async function treeProblem(argv: string[], flags = true): Promise<string | null> {
  try {
    const resolved = await resolveCommand(ROOT, argv)
    if (resolved.path.length === 0) return 'no command'
    if (flags && !resolved.command.subCommands) await checkFlags(resolved)
    return null
  } catch (error) {
    return (error as Error).message
  }
}

const hinted: { where: string; text: string }[] = []
const record = (where: string, result: CallToolResult) => {
  hinted.push({ where, text: resultText(result) })
  return result
}

beforeAll(async () => {
  const probe = await session({ SVC_URL: server.url })
  tools = new Set((await probe.client.listTools()).tools.map((t) => t.name))
  resources = (await probe.client.listResources()).resources.map((r) => r.uri)
  templates = (await probe.client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)
  whitelist = await execWhitelist(ROOT)
})

describe('every hint in a tool error names something that exists', () => {
  test('not logged in', async () => {
    const anonymous = await session({ SVC_URL: server.url })
    for (const [tool, args] of [
      ['auth_status', {}],
      ['svc_read', { command: 'app list' }],
      ['svc_exec', { command: 'app create', args: ['--name', 'x'] }],
      ['svc_snapshot', { appId: 'x' }],
      ['svc_generate', { instruction: 'a quiz' }],
      ['svc_execute', { planId: 'x' }],
      ['svc_execute', { jobId: 'x' }],
    ] as const) {
      const result = record(`anonymous ${tool}`, await anonymous.call(tool, args))
      if (tool !== 'auth_status') expect([tool, result.isError]).toEqual([tool, true])
      expect(resultText(result)).toContain('auth_login')
    }
  })

  test('bad arguments, unknown and refused commands, refused flags and local paths', async () => {
    const { token } = await server.account()
    const mcp = await session({ SVC_URL: server.url, SVC_TOKEN: token })
    const app = (await callServer(server.url, 'apps.create', { body: { name: 'Hints' } }, { token })).body.data
    const calls: [string, Record<string, unknown>][] = [
      ['svc_execute', {}],
      ['svc_execute', { planId: 'a', jobId: 'b' }],
      ['svc_execute', { jobId: 'x', module: 'form' }],
      ['svc_execute', { plan: { version: 2 } }],
      ['svc_generate', { instruction: 'a quiz', planner: 'llm' }],
      ['svc_generate', { instruction: '' }],
      ['auth_login', {}],
      ['auth_login', { token: 'svc_pat_wrong' }],
      ['auth_email_code', { email: 'someone@example.com', code: '12' }],
      ['svc_snapshot', { appId: 'x', module: 'nope' }],
      ['svc_read', { command: 'help field add' }],
      ['svc_read', { command: 'app lst' }],
      ['svc_read', { command: 'app create', args: ['--name', 'x'] }],
      ['svc_read', { command: 'no such thing' }],
      ['svc_exec', { command: 'auth login' }],
      ['svc_exec', { command: 'serve' }],
      ['svc_exec', { command: 'mcp' }],
      ['svc_exec', { command: 'smart generate', args: ['--input', 'x'] }],
      ['svc_exec', { command: 'profile password' }],
      ['svc_exec', { command: 'field add', args: ['--app', app.id, '--name', 'x', '--nope', 'y'] }],
      ['svc_exec', { command: 'field add', args: ['--app', app.id] }],
      ['svc_read', { command: 'share query', args: ['--app', app.id, '--size', '5000'] }],
      ['svc_exec', { command: 'app delete', args: ['--app', app.id] }],
      ['svc_exec', { command: 'share export', args: ['--app', app.id, '--server', 'http://elsewhere'] }],
      ['svc_exec', { command: 'share export', args: ['--app', app.id, '--token', 'x'] }],
      ['svc_exec', { command: 'share export', args: ['--app', app.id, '--json'] }],
      ['svc_read', { command: 'share export', args: ['--app', app.id, '--out', `${tempDir('svc-hints-')}/x.csv`] }],
      ['svc_read', { command: 'smart plan validate', args: ['--file', 'plan.json'] }],
      ['svc_read', { command: 'smart plan validate' }],
      ['svc_exec', { command: 'smart plan edit', args: ['--plan', 'x', '--file', 'plan.json'] }],
      ['svc_exec', { command: 'smart plan edit', args: ['--plan', 'x'] }],
      ['svc_exec', { command: 'smart execute', args: ['--plan', './plan.json'] }],
    ]
    for (const [tool, args] of calls) {
      const result = record(`${tool} ${JSON.stringify(args)}`, await mcp.call(tool, args))
      expect([tool, args, result.isError]).toEqual([tool, args, true])
    }
  })

  test('server errors, a stopped build, a wrong token and an unreachable server', async () => {
    const { token } = await server.account()
    const mcp = await session({ SVC_URL: server.url, SVC_TOKEN: token })
    for (const [tool, args] of [
      ['svc_read', { command: 'app get', args: ['--app', 'nope'] }],
      ['svc_read', { command: 'field list', args: ['--app', 'nope'] }],
      ['svc_snapshot', { appId: 'nope' }],
      ['svc_execute', { planId: 'nope' }],
      ['svc_execute', { jobId: 'nope' }],
      ['svc_read', { command: 'smart status', args: ['--job', 'nope'] }],
    ] as const) {
      const result = record(`${tool} ${JSON.stringify(args)}`, await mcp.call(tool, args))
      expect([tool, result.isError]).toEqual([tool, true])
    }

    // A build that stops at a module: 45 other fields leave no room for the plan's questions.
    const planId = (
      (
        await mcp.call('svc_generate', {
          instruction: 'a 6-question burnout check with two dimensions: exhaustion, cynicism',
        })
      ).structuredContent as { planId: string }
    ).planId
    const appId = (
      (await mcp.call('svc_execute', { planId, module: 'connect' })).structuredContent as { appId: string }
    ).appId
    for (let i = 0; i < 45; i++)
      await callServer(server.url, 'fields.add', { params: { id: appId }, body: { name: `other${i}` } }, { token })
    const stopped = record('stopped build', await mcp.call('svc_execute', { planId }))
    expect(resultText(stopped)).toContain('Executing the plan stopped at the form module: ')

    const wrong = await session({ SVC_URL: server.url, SVC_TOKEN: 'svc_pat_wrong' })
    expect(record('wrong token svc_read', await wrong.call('svc_read', { command: 'app list' })).isError).toBe(true)
    record('wrong token auth_status', await wrong.call('auth_status'))

    const unreachable = await session({ SVC_URL: 'http://127.0.0.1:9', SVC_TOKEN: 'svc_pat_x' })
    for (const [tool, args] of [
      ['svc_read', { command: 'app list' }],
      ['svc_exec', { command: 'app create', args: ['--name', 'x'] }],
      ['svc_snapshot', { appId: 'x' }],
      ['svc_generate', { instruction: 'a quiz' }],
      ['svc_execute', { planId: 'x' }],
      ['auth_status', {}],
    ] as const) {
      const result = record(`unreachable ${tool}`, await unreachable.call(tool, args))
      expect([tool, result.isError]).toEqual([tool, true])
    }
  })

  test('…and each of those answers names only tools, commands, flags and resources that exist', async () => {
    expect(hinted.length).toBeGreaterThan(50)
    const problems: string[] = []
    for (const { where, text } of hinted)
      for (const problem of await unknownNames(text)) problems.push(`${where}: ${problem}`)
    expect(problems).toEqual([])
  })

  test('the checker itself catches names that do not exist', async () => {
    expect(await unknownNames('svc_read with command "help <command>" shows the flags')).toEqual([
      'svc_read "help <command>"',
    ])
    expect(
      await unknownNames(
        'call svc_make, then svc_read "app create", then `svc-cli app frobnicate`, then svc://skills/nope',
      ),
    ).toEqual([
      'tool svc_make',
      'svc_read "app create"',
      '`svc-cli app frobnicate`: Unknown command "frobnicate" for svc-cli app. Run `svc-cli app --help` to see the commands.',
      'resource svc://skills/nope',
    ])
    expect(await unknownNames('svc_read "share query" with ["--app", "x", "--sise", "5"]')).toEqual([
      'svc_read "share query" ["--app", "x", "--sise", "5"]: Unknown flag "--sise" for svc-cli share query. Did you mean --size?',
    ])
    expect(await unknownNames('svc_exec "smart plan edit" with ["--plan", "x", "--file", "p.json"]')).toEqual([
      'svc_exec "smart plan edit" with refused --file',
    ])
  })
})

describe('descriptions and instructions name only what exists too', () => {
  test('every tool description, every input description and the instructions', async () => {
    const probe = sessions[0]
    const listed = (await probe.client.listTools()).tools
    const texts = [
      { where: 'instructions', text: probe.client.getInstructions() ?? '' },
      ...listed.map((t) => ({ where: `${t.name} description`, text: t.description ?? '' })),
      ...listed.flatMap((t) =>
        Object.entries(t.inputSchema.properties ?? {}).map(([name, schema]) => ({
          where: `${t.name} ${name}`,
          text: (schema as { description?: string }).description ?? '',
        })),
      ),
    ]
    const problems: string[] = []
    for (const { where, text } of texts)
      for (const problem of await unknownNames(text)) problems.push(`${where}: ${problem}`)
    expect(problems).toEqual([])
  })
})
