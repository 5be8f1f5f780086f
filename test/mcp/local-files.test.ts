/**
 * No MCP tool opens, lists or writes a local path. Records are written by the public, so a
 * prompt injection can steer an agent; through svc it must not reach the user's files.
 * The MCP server runs in this process (a real SDK Client over InMemoryTransport) while every
 * node:fs / Bun file function is watched: a refused call must leave zero calls naming the
 * path, not merely fail. A control shows the watch does see the terminal CLI open the same
 * file. Then the same refusals from a real `svc-cli mcp` process, with the path a FIFO that
 * would block whoever opened it. Plans travel inline instead, and that is tested too.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { constants, openSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { ArgsDef } from 'citty'
import { ROOT as SVC_CLI } from '../../cli/commands/index.ts'
import { execWhitelist, NOT_FOR_EXEC } from '../../cli/mcp/exec.ts'
import { pathFlags, pathPositionals, PLAIN_ID, refusePaths } from '../../cli/mcp/paths.ts'
import { looksLikeFile } from '../../cli/commands/smart/_plan-file.ts'
import { listLeaves } from '../../cli/tree.ts'
import { checkPlan } from '../../server/contract/smart/check-plan.ts'
import { boundCaller, dataCaller } from '../support/bound-call.ts'
import { watchFs } from '../support/fs-watch.ts'
import { isRuntime, REPO, scanTree, sourceFiles } from '../support/imports.ts'
import { connectStdioMcp } from '../support/mcp-client.ts'
import { cliInProcess, startTestServer, tempConfigHome } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'
import { inProcessMcp, resultText, type InProcessMcp } from './in-process.ts'
import type { AnswerOf } from '../../server/contract/api/request.ts'
import type { JsonDocument } from '../support/contract.ts'

const server = await startTestServer()
let mcp: InProcessMcp
let token: string
let env: Record<string, string>
let planId: string
let plan: AnswerOf<'plans.get'>['plan']
let appId: string
const dir = tempDir('svc-mcp-local-')
/** A valid plan document on "the user's disk", with a name that must never reach svc. */
const planFile = join(dir, 'plan.json')
/** A file without an extension, named the way a bare id would be. */
const bareName = 'secret-plan'

/** What the server answers operation `name` with (the envelope's data), as the test's account. */
const api = dataCaller(boundCaller(server.url, () => token))

beforeAll(async () => {
  token = (await server.account()).token
  env = { SVC_URL: server.url, SVC_TOKEN: token, XDG_CONFIG_HOME: tempConfigHome() }
  mcp = await inProcessMcp(env)
  const generated = await mcp.call('svc_generate', { instruction: 'a 4-question sleep check with one dimension: rest' })
  planId = (generated.structuredContent as { planId: string }).planId
  plan = (await api('plans.get', { params: { id: planId } })).plan
  writeFileSync(planFile, JSON.stringify({ ...plan, app: { ...plan.app, name: 'SECRET FROM DISK' } }))
  appId = (await api('apps.create', { body: { name: 'Records' } })).id
})
afterAll(async () => {
  await mcp.close()
  await server.close()
})

const REFUSAL =
  'cannot be used through MCP: the MCP server never opens, lists or writes files on this machine. Instead,'
const NEXT = 'Call again with the content inline, as the message says.'
const refused = (what: string, instead: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: `Error (local_path): ${what} ${REFUSAL} ${instead}.\n${NEXT}` }],
})
const INLINE_DATA = "pass the document inline as JSON with --data '<JSON>'"
const INLINE_PLAN =
  'pass the plan inline as JSON with the plan argument of svc_execute, or give a stored id as --plan <id>'
const NO_OUT = "leave --out out: the result comes back in this tool's answer"

describe('the watch itself', () => {
  test('sees the terminal CLI open the plan file (so zero calls below means never opened)', async () => {
    using watch = watchFs([dir])
    const run = await cliInProcess(['smart', 'plan', 'validate', '--file', planFile], { env })
    // The first touch is refused by the watch, so the command fails there.
    expect(watch.calls).toEqual([{ fn: 'fs.existsSync', args: [planFile] }])
    expect({ code: run.code, stderr: run.stderr }).toEqual({
      code: 1,
      stderr: 'error: watchFs: fs.existsSync was called with a watched path\n',
    })
  })
})

describe('flags that name local paths are refused before anything runs', () => {
  test.each([
    ['svc_read', 'smart plan validate', () => ['--file', planFile], '"smart plan validate" --file', INLINE_DATA],
    [
      'svc_read',
      'smart plan validate',
      () => ['--plan', planId, '--file', planFile],
      '"smart plan validate" --file',
      INLINE_DATA,
    ],
    ['svc_read', 'smart plan validate', () => [`--file=${planFile}`], '"smart plan validate" --file', INLINE_DATA],
    ['svc_read', 'smart plan validate', () => ['--file', '-'], '"smart plan validate" --file', INLINE_DATA],
    [
      'svc_exec',
      'smart plan edit',
      () => ['--plan', planId, '--file', planFile],
      '"smart plan edit" --file',
      INLINE_DATA,
    ],
    ['svc_exec', 'smart execute', () => ['--plan', planFile], '"smart execute" --plan with a file path', INLINE_PLAN],
    [
      'svc_exec',
      'smart execute',
      () => ['--plan', join(dir, bareName)],
      '"smart execute" --plan with a file path',
      INLINE_PLAN,
    ],
    ['svc_exec', 'smart execute', () => ['--plan', '-'], '"smart execute" --plan with a file path', INLINE_PLAN],
    [
      'svc_exec',
      'smart execute',
      () => ['--plan', 'plan.json'],
      '"smart execute" --plan with a file path',
      INLINE_PLAN,
    ],
    [
      'svc_read',
      'share export',
      () => ['--app', appId, '--out', join(dir, 'records.csv')],
      '"share export" --out',
      NO_OUT,
    ],
    [
      'svc_exec',
      'share export',
      () => ['--app', appId, '--out', join(dir, 'records.csv')],
      '"share export" --out',
      NO_OUT,
    ],
    [
      'svc_exec',
      'share post',
      () => ['--app', appId, '--data', '{"a":1}', '--file', `cv=${join(dir, 'cv.pdf')}`],
      '"share post" --file',
      'leave --file out: files are sent from a terminal (`svc-cli share post --file`)',
    ],
    [
      'svc_read',
      'share export',
      () => ['--app', appId, '--files', join(dir, 'files')],
      '"share export" --files',
      "leave --files out: the records hold each file's {id, name, size, type, sha256}; the user saves the files from a terminal",
    ],
  ])('%s "%s" %#', async (tool, command, args, what, instead) => {
    const appsBefore = await api('apps.list')
    const storedBefore = await api('plans.get', { params: { id: planId } })
    using watch = watchFs([dir, 'plan.json'])
    const result = await mcp.call(tool, { command, args: args() })
    expect(result).toEqual(refused(what, instead))
    expect(watch.calls).toEqual([])
    expect(await api('apps.list')).toEqual(appsBefore)
    expect(await api('plans.get', { params: { id: planId } })).toEqual(storedBefore)
  })

  test('records download never runs through MCP: it writes files on this machine', async () => {
    using watch = watchFs([dir])
    const result = await mcp.call('svc_read', {
      command: 'records download',
      args: ['0193a3c4-5b6d-7e8f-9012-3456789abcde', '--app', appId, '--out', dir],
    })
    expect(result.isError).toBe(true)
    expect(resultText(result)).toContain('it saves files on this machine, which the MCP server never does')
    expect(watch.calls).toEqual([])
  })

  test('a bare name is a plan id: never looked up on disk, the server answers not found', async () => {
    using watch = watchFs([dir, bareName])
    const result = await mcp.call('svc_exec', { command: 'smart execute', args: ['--plan', bareName] })
    expect(result).toEqual({
      isError: true,
      content: [
        {
          type: 'text',
          text: 'Error (not_found): Plan not found\nCheck the id: svc_read "app list" lists your apps, svc_read "field list" with ["--app", "<id>"] the fields of one, svc_read "smart plan list" your plans.',
        },
      ],
    })
    expect(watch.calls).toEqual([])
  })

  test('every path flag in the command tree is refused through the tool that runs its command', async () => {
    const whitelist = [...(await execWhitelist(SVC_CLI)).values()]
    const cases = whitelist.flatMap((entry) => entry.paths.map((flag) => ({ entry, flag })))
    expect(cases.map(({ entry, flag }) => `${entry.name} ${flag.flag}`).sort()).toEqual([
      'share export --files',
      'share export --out',
      'share post --file',
      'smart execute --plan',
      'smart plan edit --file',
      'smart plan validate --file',
    ])
    for (const { entry, flag } of cases) {
      // Every required flag gets a value; the path flag gets a path under the watched folder.
      const required = entry.flags.filter((f) => !f.startsWith('[') && f !== flag.flag).flatMap((f) => [f, 'x'])
      using watch = watchFs([dir])
      const result = await mcp.call(entry.effect === 'read' ? 'svc_read' : 'svc_exec', {
        command: entry.name,
        args: [...required, flag.flag, join(dir, 'any.json')],
      })
      expect(result.isError).toBe(true)
      expect(resultText(result)).toStartWith(`Error (local_path): "${entry.name}" ${flag.flag}`)
      expect(watch.calls).toEqual([])
    }
  })

  test('only the commands with declared path flags touch the file system (a tripwire for new ones)', async () => {
    // auth (the login store), serve and mcp never run through svc_exec.
    const terminalOnly = (file: string) => /^cli\/commands\/(auth\/|serve\.ts|mcp\.ts)/.test(file)
    const viaImport = scanTree('cli/commands', 'cli/snapshot')
      .filter((ref) => isRuntime(ref) && /^node:fs(\/promises)?$/.test(ref.target ?? ''))
      .map((ref) => ref.file)
    const viaBun = sourceFiles('cli/commands', 'cli/snapshot').filter((file) =>
      /\bBun\.(file|write)\b/.test(readFileSync(join(REPO, file), 'utf8')),
    )
    // A new one must declare its path flag with valueHint 'file' (see cli/mcp/paths.ts), then join this list.
    expect([...new Set([...viaImport, ...viaBun])].filter((file) => !terminalOnly(file)).sort()).toEqual([
      'cli/commands/records/_save.ts',
      'cli/commands/share/export.ts',
      'cli/commands/share/post.ts',
      'cli/commands/smart/_plan-file.ts',
    ])
  })

  test('no command the MCP server can run declares a positional path argument (the check covers flags); backup and restore, which take one, it never runs', async () => {
    const leaves = await listLeaves(SVC_CLI)
    const withPositionalPath = leaves
      .filter((leaf) => pathPositionals((leaf.command.args ?? {}) as ArgsDef).length > 0)
      .map((leaf) => leaf.path.join(' '))
    expect(withPositionalPath.sort()).toEqual(['backup', 'restore'])
    for (const name of withPositionalPath) expect(NOT_FOR_EXEC.has(name)).toBe(true)
  })

  test('a value the check lets through as an id is never a file to the command', () => {
    const samples = [
      '0193a3c4-5b6d-7e8f-9012-3456789abcde',
      'plan',
      'my-plan_2',
      'plan.json',
      './plan',
      '../x',
      '/etc/passwd',
      'C:\\x',
      '-',
      '~/p',
      'a b',
      '.hidden',
      '',
    ]
    for (const value of samples) if (PLAIN_ID.test(value)) expect([value, looksLikeFile(value)]).toEqual([value, false])
  })

  test('the check parses as the command does: aliases, = forms and repeats', () => {
    const args: ArgsDef = {
      plan: { type: 'string', valueHint: 'id|file' },
      out: { type: 'string', alias: 'o', valueHint: 'file' },
    }
    expect(pathFlags(['x'], args).map((f) => [f.flag, f.takesId])).toEqual([
      ['--plan', true],
      ['--out', false],
    ])
    expect(refusePaths(['x'], args, ['--plan', 'abc'])).toBeNull()
    expect(refusePaths(['x'], args, ['--plan', 'abc', '--plan', 'a/b'])?.type).toBe('local_path')
    expect(refusePaths(['x'], args, ['-o', 'f'])?.type).toBe('local_path')
    expect(refusePaths(['x'], args, ['--out=f'])?.type).toBe('local_path')
    expect(refusePaths(['x'], args, [])).toBeNull()
  })
})

describe('through a real `svc-cli mcp` process, with the path a FIFO', () => {
  test('the refusals arrive, and nobody ever opened the FIFO', async () => {
    const fifoDir = tempDir('svc-mcp-fifo-')
    const fifo = join(fifoDir, 'plan.json')
    expect(Bun.spawnSync(['mkfifo', fifo]).exitCode).toBe(0)
    const client = await connectStdioMcp(env, { name: 'svc-fifo-test' })
    try {
      // Opening a FIFO to read (or write) blocks until the other end opens: any of these
      // calls would hang instead of answering if the server touched the file.
      for (const [tool, command, args] of [
        ['svc_read', 'smart plan validate', ['--file', fifo]],
        ['svc_exec', 'smart plan edit', ['--plan', planId, '--file', fifo]],
        ['svc_exec', 'smart execute', ['--plan', fifo]],
        ['svc_read', 'share export', ['--app', appId, '--out', fifo]],
      ] as const) {
        const result = (await client.callTool({ name: tool, arguments: { command, args } })) as {
          isError?: boolean
          content: { text: string }[]
        }
        expect(result.isError).toBe(true)
        expect(result.content[0].text).toStartWith(`Error (local_path): "${command}" `)
      }
      // No reader holds the FIFO open: a non-blocking open for writing finds nobody.
      expect(() => openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK)).toThrow(
        expect.objectContaining({ code: 'ENXIO' }),
      )
    } finally {
      await client.close()
    }
  })
})

describe('plans travel inline', () => {
  test('svc_execute {plan} checks the document, stores it as a new plan and builds it', async () => {
    const document = { ...plan, app: { ...plan.app, name: 'Inline plan' } }
    const built = await mcp.call('svc_execute', { plan: document })
    expect(built.isError).toBeUndefined()
    const { planId: newPlanId, appId: newAppId } = built.structuredContent as { planId: string; appId: string }
    expect(newPlanId).not.toBe(planId)
    const stored = await api('plans.get', { params: { id: newPlanId } })
    expect(stored.plan).toEqual(document)
    expect(stored.execution!.appId).toBe(newAppId)
    expect(await api('apps.get', { params: { id: newAppId } })).toMatchObject({
      name: 'Inline plan',
      fieldCount: plan.form.fields.length,
    })
    expect(built.structuredContent).toEqual({
      status: 'built',
      planId: newPlanId,
      appId: newAppId,
      urls: await api('apps.urls', { params: { id: newAppId } }),
    })
  })

  test('svc_execute {planId, plan} replaces that plan, then builds it', async () => {
    const document = { ...plan, app: { ...plan.app, name: 'Edited inline' } }
    const built = await mcp.call('svc_execute', { planId, plan: document })
    expect(built.isError).toBeUndefined()
    expect((built.structuredContent as { planId: string }).planId).toBe(planId)
    expect((await api('plans.get', { params: { id: planId } })).plan).toEqual(document)
    expect(
      await api('apps.get', { params: { id: (built.structuredContent as { appId: string }).appId } }),
    ).toMatchObject({
      name: 'Edited inline',
    })
  })

  test('an invalid inline plan lists every problem and stores nothing', async () => {
    const broken: JsonDocument = structuredClone(plan)
    broken.form.fields = []
    broken.language = 'fr'
    const { problems } = checkPlan(broken)
    const plansBefore = await api('plans.list')
    const result = await mcp.call('svc_execute', { plan: broken })
    const listed = problems.map((p) => `  - ${p.path}: ${p.message}`).join('\n')
    expect(result).toEqual({
      isError: true,
      content: [
        {
          type: 'text',
          text: `Error (validation): The plan argument is not a valid plan (${problems.length} problems); fix them and try again:\n${listed}\nFix the listed problems and call again.`,
        },
      ],
    })
    expect(await api('plans.list')).toEqual(plansBefore)
  })

  test('svc_read "smart plan validate" and svc_exec "smart plan edit" take the document with --data', async () => {
    const document = { ...plan, app: { ...plan.app, name: 'Via data' } }
    const valid = await mcp.call('svc_read', {
      command: 'smart plan validate',
      args: ['--data', JSON.stringify(document)],
    })
    expect(JSON.parse(resultText(valid))).toEqual({ valid: true, problems: [] })
    const edited = await mcp.call('svc_exec', {
      command: 'smart plan edit',
      args: ['--plan', planId, '--data', JSON.stringify(document)],
    })
    expect(JSON.parse(resultText(edited))).toEqual(await api('plans.get', { params: { id: planId } }))
    expect((await api('plans.get', { params: { id: planId } })).plan.app.name).toBe('Via data')
  })
})
