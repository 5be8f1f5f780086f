/**
 * @module Small files and short functions, checked on every source file under server/, cli/,
 * admin/, bench/ and scripts/ (generated output, dist/ and drizzle/, lives outside them).
 *
 * - A file has at most 400 lines, unless it is a table of data: item banks, word lists and
 *   other tables that read top to bottom say so in their header, a `@module` comment whose
 *   text contains "(a table of data)".
 * - A function, method or arrow function over 100 lines (counted from its first line to its
 *   last) says why it stays whole: its body starts with a one-line `// Long: <reason>`
 *   comment, the first thing after `{` (or after `=>` for an expression body).
 *
 * Each test fails with the offenders as `file:line (n lines)`.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { REPO, sourceFiles } from '../support/imports.ts'

const MAX_FILE_LINES = 400
const MAX_FUNCTION_LINES = 100
const DATA_TABLE = /^\/\*\*[\s\S]*?@module[\s\S]*?\(a table of data\)[\s\S]*?\*\//
const REASON = /^\/\/ Long: \S/

const FILES = sourceFiles('server', 'cli', 'admin', 'bench', 'scripts').map((file) => ({
  file,
  text: readFileSync(join(REPO, file), 'utf8'),
}))

/** Lines as `wc -l` counts them: a final newline ends the last line rather than starting one. */
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0)

/** The header comment, after a `#!` line if there is one. */
const isDataTable = (text: string) => DATA_TABLE.test(text.replace(/^#!.*\n/, '').trimStart())

/** The first comment inside a function's body, before its first statement or expression. */
function openingComment(body: ts.ConciseBody, source: ts.SourceFile): string | undefined {
  const from = ts.isBlock(body) ? body.getStart(source) + 1 : body.getFullStart()
  const [first] = ts.getLeadingCommentRanges(source.text, from) ?? []
  return first && source.text.slice(first.pos, first.end)
}

interface LongFunction {
  where: string
  lines: number
  reason?: string
}

/** Every function-like node with a body over the limit, with the reason it opens with, if any. */
function longFunctions(file: string, text: string): LongFunction[] {
  const kind = /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind)
  const found: LongFunction[] = []
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const body = node.body as ts.ConciseBody
      const first = lineOf(node.getStart(source))
      const lines = lineOf(node.end) - first + 1
      if (lines > MAX_FUNCTION_LINES)
        found.push({ where: `${file}:${first}`, lines, reason: openingComment(body, source) })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('sizes', () => {
  test(`no source file is over ${MAX_FILE_LINES} lines unless it is a table of data`, () => {
    const long = FILES.map(({ file, text }) => ({ file, text, lines: lineCount(text) }))
      .filter(({ lines, text }) => lines > MAX_FILE_LINES && !isDataTable(text))
      .map(({ file, lines }) => `${file}:1 (${lines} lines)`)
    expect(long).toEqual([])
  })

  test(`a function over ${MAX_FUNCTION_LINES} lines opens with a one-line "// Long:" reason`, () => {
    const unexplained = FILES.flatMap(({ file, text }) => longFunctions(file, text))
      .filter(({ reason }) => !reason || !REASON.test(reason))
      .map(({ where, lines }) => `${where} (${lines} lines)`)
    expect(unexplained).toEqual([])
  })

  test('the checks see the tree: files are found and a long function is measured', () => {
    expect(FILES.some(({ file }) => file === 'server/main.ts')).toBe(true)
    const body = Array.from({ length: MAX_FUNCTION_LINES }, (_, i) => `  const a${i} = ${i}`).join('\n')
    const [measured] = longFunctions('x.ts', `function f() {\n  // Long: a test.\n${body}\n}\n`)
    expect(measured).toEqual({ where: 'x.ts:1', lines: MAX_FUNCTION_LINES + 3, reason: '// Long: a test.' })
    expect(longFunctions('x.ts', `const f = () => {\n${body}\n}\n`)).toEqual([
      { where: 'x.ts:1', lines: MAX_FUNCTION_LINES + 2, reason: undefined },
    ])
  })
})
