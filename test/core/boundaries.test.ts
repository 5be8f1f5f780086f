/**
 * @module The layering of DESIGN.md "Architecture", checked on every import form the
 * scanner in test/support/imports.ts finds: core knows nothing of its callers and names the
 * storage only by its interface's types, the storage loads no core, HTTP never reaches storage, and cli/ and admin/ take from server/ only the contract, whose list is
 * the one in docs/architecture.md. Each test fails with the offending `file: specifier` pairs.
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describeRef, isRuntime, REPO, scanImports, scanTree, type ImportRef } from '../support/imports.ts'

/**
 * Reads the rows of the table under `### <heading>` in the section "## The contract". A row
 * naming a folder (ending in `/`) stands for every module in it, so a folder whose modules are
 * added one per kind (the field types) is listed once.
 */
function contractTable(heading: string): string[] {
  const docs = readFileSync(join(REPO, 'docs', 'architecture.md'), 'utf8')
  const section = docs.split(/^## /m).find((part) => part.startsWith('The contract'))
  const table = section?.split(/^### /m).find((part) => part.startsWith(`${heading}\n`))
  const rows = [...(table ?? '').matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1])
  if (rows.length === 0) throw new Error(`docs/architecture.md: no table under "## The contract" / "### ${heading}"`)
  return rows.flatMap((row) => (row.endsWith('/') ? readdirSync(join(REPO, row)).filter((file) => file.endsWith('.ts')).map((file) => `${row}${file}`) : [row]))
}

const CONTRACT = new Set(contractTable('Modules'))
const CONTRACT_PACKAGES = new Set(contractTable('Packages'))

const isCode = (file: string) => /\.[cm]?[jt]sx?$/.test(file)
/** The contract's code modules (package.json is data); a listed file that is missing is reported below. */
const CONTRACT_CODE = [...CONTRACT].filter((file) => isCode(file) && existsSync(join(REPO, file)))

/** What server/core may load at runtime: itself, the context it is handed, and its libraries (storage only as types): node:crypto and the contract's pure packages. */
const CORE_MAY_IMPORT = [/^server\/core\//, /^server\/(config|context|version)\.ts$/, /^node:crypto$/, { test: (target: string) => CONTRACT_PACKAGES.has(target) }]

/** The storage interface (server/db/storage.ts and storage/*.ts), the only part of server/db core may name, and only its types. */
const STORAGE_INTERFACE = /^server\/db\/storage(\.ts$|\/)/

/** Storage, which server/http reaches only through core. */
const STORAGE = [/^server\/db\//, /^drizzle-orm$/, /^bun:sqlite$/]

/** The server's own libraries, which a client reaches only through the HTTP API. */
const SERVER_LIBRARIES = [/^elysia$/, /^@elysiajs\//, /^drizzle-orm$/, /^drizzle-kit$/, /^bun:sqlite$/, /^nodemailer$/]

/**
 * The server modules a client may load that are not contract, each from one command that runs
 * on the server's own machine: `svc-cli serve` starts the server; `backup` and `restore` copy
 * its database file (through cli/commands/_local.ts, with the configuration they need).
 */
const SERVER_EXCEPTIONS = [
  { file: 'cli/commands/serve.ts', kind: 'dynamic-import', target: 'server/main.ts' },
  { file: 'cli/commands/_local.ts', kind: 'dynamic-import', target: 'server/backup.ts' },
  { file: 'cli/commands/_local.ts', kind: 'dynamic-import', target: 'server/config.ts' },
] as const

const isServerException = (ref: ImportRef) => SERVER_EXCEPTIONS.some((allowed) => ref.file === allowed.file && ref.kind === allowed.kind && ref.target === allowed.target)
const inServer = (ref: ImportRef) => ref.target?.startsWith('server/') ?? false

/** The imports of a client face (cli/ or admin/) that break the contract. */
function contractBreaches(refs: ImportRef[]): string[] {
  const breaks = (ref: ImportRef): boolean => {
    if (SERVER_LIBRARIES.some((library) => library.test(ref.target ?? ''))) return true
    if (!inServer(ref)) return false
    return isRuntime(ref) ? !CONTRACT.has(ref.target!) && !isServerException(ref) : !ref.target!.startsWith('server/core/')
  }
  return refs.filter(breaks).map(describeRef)
}

/** Every repository file reached at runtime from `roots`, following relative imports. */
function reachable(roots: string[]): Set<string> {
  const seen = new Set<string>()
  const queue = [...roots]
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    if (!isCode(file)) continue
    for (const ref of scanImports(file)) if (isRuntime(ref) && ref.target !== undefined && existsSync(join(REPO, ref.target))) queue.push(ref.target)
  }
  return seen
}

/** Globals through which a module could do I/O without importing anything. */
const IO_GLOBALS = new Set(['Bun', 'process', 'fetch', 'Deno', 'require', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'navigator', 'localStorage', 'sessionStorage', 'indexedDB', 'document', 'window'])

/** `file: name` for each I/O global `file` refers to (property names and declarations aside). */
function ioGlobalsIn(file: string): string[] {
  const tree = ts.createSourceFile(file, readFileSync(join(REPO, file), 'utf8'), ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    const parent = node.parent
    const isName = parent && ((ts.isPropertyAccessExpression(parent) && parent.name === node) || ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isMethodDeclaration(parent)) && parent.name === node))
    if (ts.isIdentifier(node) && IO_GLOBALS.has(node.text) && !isName) found.push(`${file}: ${node.text}`)
    ts.forEachChild(node, visit)
  }
  visit(tree)
  return found
}

describe('layers (docs/architecture.md)', () => {
  test('server/core knows nothing of its callers nor of a database: at runtime it imports only core, config, context, version, node:crypto and the contract\'s packages', () => {
    const offending = scanTree('server/core').filter((ref) => {
      if (ref.target === undefined) return true
      if (!isRuntime(ref) && STORAGE_INTERFACE.test(ref.target)) return false
      return !CORE_MAY_IMPORT.some((allowed) => allowed.test(ref.target!))
    })
    expect(offending.map(describeRef)).toEqual([])
  })

  test('server/db implements the storage without core: it names core only for types', () => {
    const offending = scanTree('server/db').filter((ref) => isRuntime(ref) && /^server\/(core|http|pages)\//.test(ref.target ?? ''))
    expect(offending.map(describeRef)).toEqual([])
  })

  test('server/http never imports storage (server/db, drizzle-orm, bun:sqlite)', () => {
    const offending = scanTree('server/http').filter((ref) => STORAGE.some((storage) => storage.test(ref.target ?? '')))
    expect(offending.map(describeRef)).toEqual([])
  })

  test('cli/ takes from server/ only contract modules, and types from server/core; no Elysia, drizzle or bun:sqlite (serve.ts may start server/main.ts, backup and restore load server/backup.ts)', () => {
    const refs = scanTree('cli')
    expect(contractBreaches(refs)).toEqual([])
    expect(refs.filter(isServerException).map(describeRef).sort()).toEqual([
      'cli/commands/_local.ts: ../../server/backup.ts (dynamic-import)',
      'cli/commands/_local.ts: ../../server/config.ts (dynamic-import)',
      'cli/commands/serve.ts: ../../server/main.ts (dynamic-import)',
    ])
  })

  test('admin/ takes from server/ only contract modules, and types from server/core; no Elysia, drizzle or bun:sqlite', () => {
    expect(contractBreaches(scanTree('admin'))).toEqual([])
  })
})

describe('the contract (docs/architecture.md "The contract")', () => {
  test('is closed: contract modules import at runtime only contract modules and the allowed packages', () => {
    const offending = CONTRACT_CODE.flatMap(scanImports).filter((ref) => isRuntime(ref) && !CONTRACT.has(ref.target ?? '') && !CONTRACT_PACKAGES.has(ref.target ?? ''))
    expect(offending.map(describeRef)).toEqual([])
  })

  test('does no I/O: contract modules use no Bun, process, fetch or browser storage globals', () => {
    expect(CONTRACT_CODE.flatMap(ioGlobalsIn)).toEqual([])
  })

  test('lists only modules that exist and that cli/ or admin/ reach', () => {
    const roots = [...scanTree('cli'), ...scanTree('admin')].filter((ref) => isRuntime(ref) && inServer(ref) && !isServerException(ref)).map((ref) => ref.target!)
    const reached = reachable(roots)
    expect([...CONTRACT].filter((file) => !existsSync(join(REPO, file)))).toEqual([])
    expect([...CONTRACT].filter((file) => !reached.has(file))).toEqual([])
  })
})

test('no import in server/, cli/ or admin/ is computed (a static check could not follow it)', () => {
  expect(scanTree('server', 'cli', 'admin').filter((ref) => ref.kind === 'computed').map(describeRef)).toEqual([])
})
