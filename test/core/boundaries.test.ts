/**
 * @module The layering of docs/architecture.md, checked on every import form the
 * scanner in test/support/imports.ts finds: core knows nothing of its callers and names the
 * storage only by its interface's types, the storage loads no core, HTTP never reaches storage, and cli/ and admin/ take from server/ only the contract, whose list is
 * the one in docs/architecture.md. Each test fails with the offending `file: specifier` pairs.
 */
import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describeRef, isRuntime, REPO, scanTree, type ImportRef } from '../support/imports.ts'

/**
 * Reads the package names of the table under `### Packages` in the section "## The contract":
 * the npm packages contract modules may load.
 */
function contractPackages(): string[] {
  const docs = readFileSync(join(REPO, 'docs', 'architecture.md'), 'utf8')
  const section = docs.split(/^## /m).find((part) => part.startsWith('The contract'))
  const table = section?.split(/^### /m).find((part) => part.startsWith('Packages\n'))
  const rows = [...(table ?? '').matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1])
  if (rows.length === 0) throw new Error('docs/architecture.md: no table under "## The contract" / "### Packages"')
  return rows
}

/** The contract is one folder: what the CLI and the admin page may run as their own code. */
const CONTRACT_DIR = /^server\/contract\//
/** Data a contract module may read (server/contract/version.ts reads the version). */
const CONTRACT_DATA = new Set(['package.json'])
const CONTRACT_PACKAGES = new Set(contractPackages())
const inContract = (target: string | undefined) =>
  target !== undefined && (CONTRACT_DIR.test(target) || CONTRACT_DATA.has(target))

const isCode = (file: string) => /\.[cm]?[jt]sx?$/.test(file)

/** What server/core may load at runtime: itself, the context it is handed, and its libraries (storage only as types): node:crypto and the contract's pure packages. */
const CORE_MAY_IMPORT = [
  /^server\/core\//,
  CONTRACT_DIR,
  /^server\/config\.ts$/,
  /^node:crypto$/,
  { test: (target: string) => CONTRACT_PACKAGES.has(target) },
]

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
  { file: 'cli/commands/_local.ts', kind: 'dynamic-import', target: 'server/backup/restore.ts' },
  { file: 'cli/commands/_local.ts', kind: 'dynamic-import', target: 'server/config.ts' },
] as const

const isServerException = (ref: ImportRef) =>
  SERVER_EXCEPTIONS.some(
    (allowed) => ref.file === allowed.file && ref.kind === allowed.kind && ref.target === allowed.target,
  )
const inServer = (ref: ImportRef) => ref.target?.startsWith('server/') ?? false

/** The imports of a client face (cli/ or admin/) that break the contract. */
function contractBreaches(refs: ImportRef[]): string[] {
  const breaks = (ref: ImportRef): boolean => {
    if (SERVER_LIBRARIES.some((library) => library.test(ref.target ?? ''))) return true
    if (!inServer(ref)) return false
    return isRuntime(ref)
      ? !inContract(ref.target) && !isServerException(ref)
      : !/^server\/(core|contract)\//.test(ref.target!)
  }
  return refs.filter(breaks).map(describeRef)
}

/** Globals through which a module could do I/O without importing anything. */
const IO_GLOBALS = new Set([
  'Bun',
  'process',
  'fetch',
  'Deno',
  'require',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'navigator',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'document',
  'window',
])

/** `file: name` for each I/O global `file` refers to (property names and declarations aside). */
function ioGlobalsIn(file: string): string[] {
  const tree = ts.createSourceFile(file, readFileSync(join(REPO, file), 'utf8'), ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    const parent = node.parent
    const isName =
      parent &&
      ((ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isMethodDeclaration(parent)) &&
          parent.name === node))
    if (ts.isIdentifier(node) && IO_GLOBALS.has(node.text) && !isName) found.push(`${file}: ${node.text}`)
    ts.forEachChild(node, visit)
  }
  visit(tree)
  return found
}

describe('layers (docs/architecture.md)', () => {
  test("server/core knows nothing of its callers nor of a database: at runtime it imports only core, the contract, config, node:crypto and the contract's packages", () => {
    const offending = scanTree('server/core').filter((ref) => {
      if (ref.target === undefined) return true
      if (!isRuntime(ref) && STORAGE_INTERFACE.test(ref.target)) return false
      return !CORE_MAY_IMPORT.some((allowed) => allowed.test(ref.target!))
    })
    expect(offending.map(describeRef)).toEqual([])
  })

  // The rooms that stand on core beside the faces: the planner, the self-description, exports, live streams.
  for (const room of ['server/smart', 'server/help', 'server/export', 'server/live']) {
    test(`${room} stands on core: at runtime it imports itself, core, the contract, config and the contract's packages, and storage only as types`, () => {
      const own = new RegExp(`^${room}/`)
      const offending = scanTree(room).filter((ref) => {
        if (ref.target === undefined) return true
        if (!isRuntime(ref) && STORAGE_INTERFACE.test(ref.target)) return false
        return !own.test(ref.target) && !CORE_MAY_IMPORT.some((allowed) => allowed.test(ref.target!))
      })
      expect(offending.map(describeRef)).toEqual([])
    })
  }

  test('server/db implements the storage without core: it names core only for types', () => {
    const offending = scanTree('server/db').filter(
      (ref) => isRuntime(ref) && /^server\/(core|http|pages)\//.test(ref.target ?? ''),
    )
    expect(offending.map(describeRef)).toEqual([])
  })

  test('server/http never imports storage (server/db, drizzle-orm, bun:sqlite)', () => {
    const offending = scanTree('server/http').filter((ref) => STORAGE.some((storage) => storage.test(ref.target ?? '')))
    expect(offending.map(describeRef)).toEqual([])
  })

  test('cli/ takes from server/ only server/contract/, and types from server/core; no Elysia, drizzle or bun:sqlite (serve.ts may start server/main.ts, backup and restore load server/backup/restore.ts)', () => {
    const refs = scanTree('cli')
    expect(contractBreaches(refs)).toEqual([])
    expect(refs.filter(isServerException).map(describeRef).sort()).toEqual([
      'cli/commands/_local.ts: ../../server/backup/restore.ts (dynamic-import)',
      'cli/commands/_local.ts: ../../server/config.ts (dynamic-import)',
      'cli/commands/serve.ts: ../../server/main.ts (dynamic-import)',
    ])
  })

  test('admin/ takes from server/ only server/contract/, and types from server/core; no Elysia, drizzle or bun:sqlite', () => {
    expect(contractBreaches(scanTree('admin'))).toEqual([])
  })
})

describe('the contract (docs/architecture.md "The contract")', () => {
  test('is closed: server/contract imports only server/contract, package.json and the allowed packages (types too)', () => {
    const offending = scanTree('server/contract').filter(
      (ref) => !inContract(ref.target) && !CONTRACT_PACKAGES.has(ref.target ?? ''),
    )
    expect(offending.map(describeRef)).toEqual([])
  })

  test('is pure: server/contract uses no Bun, process, fetch or browser storage globals', () => {
    const files = readdirSync(join(REPO, 'server', 'contract'), { recursive: true, encoding: 'utf8' })
      .filter(isCode)
      .map((file) => `server/contract/${file}`)
    expect(files.flatMap(ioGlobalsIn)).toEqual([])
  })
})

/** `file: text` for every string or template literal of `file` that names an /api/v3 path. */
function apiPathsIn(file: string): string[] {
  const tree = ts.createSourceFile(file, readFileSync(join(REPO, file), 'utf8'), ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)) &&
      node.text.includes('/api/v3')
    )
      found.push(`${file}: ${node.text}`)
    ts.forEachChild(node, visit)
  }
  visit(tree)
  return found
}

test('cli/ and admin/ write no /api/v3 path by hand: they call operations of the route table (server/contract/api) by name', () => {
  const files = ['cli', 'admin'].flatMap((dir) =>
    readdirSync(join(REPO, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => isCode(file) && !file.includes('dist/'))
      .map((file) => `${dir}/${file}`),
  )
  expect(files.flatMap(apiPathsIn)).toEqual([])
})

test('no import in server/, cli/ or admin/ is computed (a static check could not follow it)', () => {
  expect(
    scanTree('server', 'cli', 'admin')
      .filter((ref) => ref.kind === 'computed')
      .map(describeRef),
  ).toEqual([])
})
