/**
 * @module An import scanner for the boundary tests: every way a .ts/.js file can pull in
 * another module, with relative specifiers resolved to repository paths.
 *
 * Runtime imports come from Bun's own parser (`Bun.Transpiler#scanImports`), so they are
 * exactly what Bun loads: `import … from`, side-effect `import 'x'`, `export … from`,
 * `import('x')` and `require('x')`, with type-only imports already erased. Three things
 * Bun does not report are found on the TypeScript syntax tree instead: type-only imports
 * (`import type`, `import { type X }`, `import('x').T`), `new URL('x', import.meta.url)`
 * references (workers and assets), and `import()`/`require()` of a computed specifier,
 * which no static check can follow and so must be reported rather than skipped.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'

/** The repository root; every path this module returns is relative to it, with `/`. */
export const REPO = resolve(import.meta.dir, '..', '..')

/** How a file refers to another module. Only `type-only` is erased before it runs. */
export type ImportKind =
  | 'import-statement'
  | 'dynamic-import'
  | 'require-call'
  | 'url-reference'
  | 'computed'
  | 'type-only'

/** One reference from a file to a module. */
export interface ImportRef {
  /** The importing file, relative to the repository root. */
  file: string
  /** The specifier as written (for `computed`, the expression's source text). */
  specifier: string
  kind: ImportKind
  /**
   * What it points at: a repository path for a relative specifier (`server/contract/limits.ts`,
   * or a directory such as `admin/`), the package name for a bare one (`zod`,
   * `@modelcontextprotocol/sdk`), the builtin for `node:`/`bun:` modules, `undefined` for computed.
   */
  target?: string
}

const transpilers = {
  ts: new Bun.Transpiler({ loader: 'ts' }),
  tsx: new Bun.Transpiler({ loader: 'tsx' }),
  js: new Bun.Transpiler({ loader: 'js' }),
}
const BUN_KINDS: Record<string, ImportKind> = {
  'import-statement': 'import-statement',
  'dynamic-import': 'dynamic-import',
  'require-call': 'require-call',
  'require-resolve': 'require-call',
}

const scanned = new Map<string, ImportRef[]>()

/** Every import of `file` (a path relative to the repository root); each file is read once. */
export function scanImports(file: string): ImportRef[] {
  let refs = scanned.get(file)
  if (!refs) {
    refs = scanFile(file)
    scanned.set(file, refs)
  }
  return refs
}

function scanFile(file: string): ImportRef[] {
  const absolute = join(REPO, file)
  // Bun's scanner rejects a `#!` line (cli/main.ts has one); blank it, keeping offsets.
  const source = readFileSync(absolute, 'utf8').replace(/^#!.*/, (line) => ' '.repeat(line.length))
  const loader = file.endsWith('x') ? 'tsx' : /\.[cm]?js$/.test(file) ? 'js' : 'ts'
  const refs: ImportRef[] = []
  const add = (specifier: string, kind: ImportKind) =>
    refs.push({ file, specifier, kind, target: resolveSpecifier(absolute, specifier) })

  const runtime = new Set<string>()
  for (const { path, kind } of transpilers[loader].scanImports(source)) {
    const mapped = BUN_KINDS[kind]
    if (!mapped) throw new Error(`${file}: unexpected import kind ${kind} for ${path}`)
    runtime.add(path)
    add(path, mapped)
  }

  const tree = ts.createSourceFile(
    absolute,
    source,
    ts.ScriptTarget.Latest,
    false,
    { ts: ts.ScriptKind.TS, tsx: ts.ScriptKind.TSX, js: ts.ScriptKind.JS }[loader],
  )
  const typeOnly = new Set<string>()
  const visit = (node: ts.Node): void => {
    const specifier = staticSpecifier(node)
    if (specifier !== undefined && !runtime.has(specifier)) typeOnly.add(specifier)
    const url = urlReference(node)
    if (url !== undefined) add(url, 'url-reference')
    const computed = computedImport(node)
    if (computed !== undefined) refs.push({ file, specifier: computed.getText(tree), kind: 'computed' })
    ts.forEachChild(node, visit)
  }
  visit(tree)
  for (const specifier of typeOnly) add(specifier, 'type-only')
  return refs
}

/** Every import of every file under `dirs` (repository-relative), test and build output excluded. */
export function scanTree(...dirs: string[]): ImportRef[] {
  return sourceFiles(...dirs).flatMap(scanImports)
}

/** The .ts/.js files under `dirs` (declaration files, `dist/` and `node_modules/` skipped), sorted. */
export function sourceFiles(...dirs: string[]): string[] {
  const files = dirs.flatMap((dir) =>
    [...new Bun.Glob('**/*.{ts,tsx,js,mjs,cjs}').scanSync({ cwd: join(REPO, dir) })].map(
      (path) => `${dir}/${path.split(sep).join('/')}`,
    ),
  )
  return files.filter((path) => !path.endsWith('.d.ts') && !/(^|\/)(dist|node_modules)\//.test(path)).sort()
}

/** True for the kinds that load code when the importing file runs. */
export const isRuntime = (ref: ImportRef): boolean => ref.kind !== 'type-only'

/** `file: specifier` — how the boundary tests list offenders. */
export const describeRef = (ref: ImportRef): string =>
  `${ref.file}: ${ref.specifier}${ref.kind === 'import-statement' ? '' : ` (${ref.kind})`}`

function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const path = resolve(dirname(from), specifier)
    const found = [path, `${path}.ts`, `${path}.js`, join(path, 'index.ts')].find((candidate) => existsSync(candidate))
    const target = relative(REPO, found ?? path)
      .split(sep)
      .join('/')
    return found && statSync(found).isDirectory() ? `${target}/` : target
  }
  if (/^(node|bun):/.test(specifier) || specifier === 'bun') return specifier
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

/** The module specifier of a static import/export declaration or an `import('x')` type. */
function staticSpecifier(node: ts.Node): string | undefined {
  if (
    (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
    node.moduleSpecifier &&
    ts.isStringLiteral(node.moduleSpecifier)
  )
    return node.moduleSpecifier.text
  if (
    ts.isImportEqualsDeclaration(node) &&
    ts.isExternalModuleReference(node.moduleReference) &&
    ts.isStringLiteral(node.moduleReference.expression)
  )
    return node.moduleReference.expression.text
  if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal))
    return node.argument.literal.text
  return undefined
}

/** The first argument of `new URL('x', import.meta.url)`. */
function urlReference(node: ts.Node): string | undefined {
  if (!ts.isNewExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'URL') return undefined
  const [target, base] = node.arguments ?? []
  if (!target || !base || !ts.isStringLiteralLike(target)) return undefined
  const isImportMetaUrl =
    ts.isPropertyAccessExpression(base) &&
    ts.isMetaProperty(base.expression) &&
    base.expression.keywordToken === ts.SyntaxKind.ImportKeyword &&
    base.name.text === 'url'
  return isImportMetaUrl ? target.text : undefined
}

/** The argument of an `import(…)` or `require(…)` whose specifier is not a plain string. */
function computedImport(node: ts.Node): ts.Expression | undefined {
  if (!ts.isCallExpression(node)) return undefined
  const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword
  const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require'
  const [argument] = node.arguments
  if (!(isImport || isRequire) || !argument || ts.isStringLiteralLike(argument)) return undefined
  return argument
}
