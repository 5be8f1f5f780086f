/**
 * What every agent pays for on every session: the tools/list answer of a real `svc-cli mcp`
 * process, as an SDK Client receives it over stdio. It stays within its budget, says the
 * shared constraints nowhere (they are the server instructions and svc://constraints), and
 * its annotations tell the truth: svc_read lists only read-only commands, svc_exec the
 * rest, "!" marks exactly the destructive ones, and read-only tools change nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { CONSTRAINT_LINES, CONSTRAINTS } from '../../cli/mcp/constraints.ts'
import { ROOT as SVC_CLI } from '../../cli/commands/index.ts'
import { execWhitelist, type ExecEntry } from '../../cli/mcp/exec.ts'
import { connectStdioMcp } from '../support/mcp-client.ts'

/**
 * The most tools/list may weigh (JSON.stringify of the tools array): issue 23 measured about
 * 22,000 before; issue 40 sets 12,000 at most (11,696 with the sender and profile commands).
 * The command lists grow by a line's worth with each command; the SDK's `$schema` on every
 * schema is left out (cli/mcp/compact-tools.ts).
 */
const TOOLS_LIST_BUDGET = 12_000

let client: Client
let tools: Tool[]
let whitelist: Map<string, ExecEntry>
beforeAll(async () => {
  client = await connectStdioMcp({ SVC_URL: 'http://127.0.0.1:9' }, { name: 'svc-tools-list-test' })
  tools = (await client.listTools()).tools
  whitelist = await execWhitelist(SVC_CLI)
})
afterAll(() => client.close())

const tool = (name: string) => tools.find((t) => t.name === name)!

/** The commands a description lists after its "Commands" line: "module: a --x …, b", "module sub: a, b" or "snapshot --app …". */
function listedCommands(description: string): { name: string; destructive: boolean; flags: string[]; more: boolean }[] {
  const lines = description.split('(… = more: args ["--help"] lists them):\n')[1].split('\n')
  return lines.flatMap((line) => {
    const grouped = /^([a-z-]+(?: [a-z-]+)?): (.*)$/.exec(line)
    const items = grouped ? grouped[2].split(', ').map((item) => `${grouped[1]} ${item}`) : [line]
    return items.map((item) => {
      const words = item.split(' ')
      const name = words.filter((word) => !word.startsWith('--') && !word.startsWith('<') && word !== '…').join(' ')
      return {
        name: name.replace('!', ''),
        destructive: name.includes('!'),
        flags: words.filter((word) => word.startsWith('--') || word.startsWith('<')),
        more: words.includes('…'),
      }
    })
  })
}

describe('tools/list', () => {
  test(`weighs at most ${TOOLS_LIST_BUDGET} characters`, () => {
    expect(JSON.stringify(tools).length).toBeLessThanOrEqual(TOOLS_LIST_BUDGET)
  })

  test('no schema names its JSON Schema dialect (the SDK adds draft-07 to each; MCP assumes one)', () => {
    for (const { name, inputSchema, outputSchema } of tools)
      expect([name, '$schema' in inputSchema, outputSchema ? '$schema' in outputSchema : false]).toEqual([
        name,
        false,
        false,
      ])
  })

  test('says the shared constraints nowhere; the instructions and svc://constraints say them once', async () => {
    for (const { name, description } of tools)
      for (const line of CONSTRAINT_LINES) expect([name, description?.includes(line)]).toEqual([name, false])
    expect(client.getInstructions()).toContain(CONSTRAINTS)
    const { contents } = await client.readResource({ uri: 'svc://constraints' })
    for (const line of CONSTRAINT_LINES) expect((contents[0] as { text: string }).text).toContain(`- ${line}\n`)
  })

  test('every tool sets all four hints and a title; the read-only ones are the ones that change nothing', () => {
    for (const { name, title, annotations } of tools) {
      expect([name, Object.keys(annotations ?? {}).sort()]).toEqual([
        name,
        ['destructiveHint', 'idempotentHint', 'openWorldHint', 'readOnlyHint', 'title'],
      ])
      expect(annotations!.title).toBe(title!)
    }
    expect(tools.filter((t) => t.annotations!.readOnlyHint).map((t) => t.name)).toEqual([
      'auth_status',
      'svc_snapshot',
      'svc_skill',
      'svc_read',
    ])
    expect(tools.filter((t) => t.annotations!.destructiveHint).map((t) => t.name)).toEqual(['svc_exec'])
  })

  test('svc_read lists exactly the read-only commands, svc_exec the others, "!" on exactly the destructive ones', () => {
    const reads = listedCommands(tool('svc_read').description!)
    const changes = listedCommands(tool('svc_exec').description!)
    const effect = (name: string) => whitelist.get(name)?.effect
    expect(reads.map((c) => [c.name, effect(c.name), c.destructive])).toEqual(reads.map((c) => [c.name, 'read', false]))
    expect(changes.map((c) => [c.name, effect(c.name) === 'destructive', c.destructive])).toEqual(
      changes.map((c) => [c.name, c.destructive, c.destructive]),
    )
    expect(changes.every((c) => effect(c.name) === 'write' || effect(c.name) === 'destructive')).toBe(true)
    expect([...reads, ...changes].map((c) => c.name).sort()).toEqual([...whitelist.keys()].sort())
  })

  test('each command is listed with exactly its required flags, and "…" when it has more', () => {
    const listed = [...listedCommands(tool('svc_read').description!), ...listedCommands(tool('svc_exec').description!)]
    for (const { name, flags, more } of listed) {
      const entry = whitelist.get(name)!
      const required = entry.flags.filter((flag) => !flag.startsWith('['))
      expect([name, flags, more]).toEqual([name, required, required.length < entry.flags.length])
    }
  })
})
