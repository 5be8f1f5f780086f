/**
 * @module `npm run typecheck`: the TypeScript compiler's diagnostics for the whole project,
 * plus two checks tsc does not make, both about a forgotten `await`:
 * - a floating promise: a statement that calls an async function and neither awaits,
 *   returns, stores nor explicitly `void`s its promise. Such a call runs unchecked (an
 *   ownership check that is not awaited checks nothing) and its failure becomes an
 *   unhandled rejection. Write `void promise` where not waiting is meant.
 * - a promise as an object literal's property where no promise is expected, such as
 *   `{ code: 200, data: createApp(…) }`: it serialises as `{}`.
 */
import ts from 'typescript'
import { relative } from 'node:path'

const ROOT = new URL('..', import.meta.url).pathname
const configPath = ts.findConfigFile(ROOT, ts.sys.fileExists, 'tsconfig.json')!
const { config } = ts.readConfigFile(configPath, ts.sys.readFile)
const parsed = ts.parseJsonConfigFileContent(config, ts.sys, ROOT)
const program = ts.createProgram(parsed.fileNames, parsed.options)
const checker = program.getTypeChecker()

const problems: string[] = []
const where = (node: ts.Node) => {
  const source = node.getSourceFile()
  const { line, character } = source.getLineAndCharacterOfPosition(node.getStart())
  return `${relative(ROOT, source.fileName)}:${line + 1}:${character + 1}`
}

for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')
  problems.push(
    diagnostic.file && diagnostic.start !== undefined
      ? `${where({ getSourceFile: () => diagnostic.file!, getStart: () => diagnostic.start! } as ts.Node)} ${message}`
      : message,
  )
}

/** True when values of `type` are promises (or a union holding one). */
function isPromise(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.some(isPromise)
  const then = type.getProperty('then')
  return (
    then !== undefined &&
    (type.getSymbol()?.getName() === 'Promise' || checker.getTypeOfSymbol(then).getCallSignatures().length > 0)
  )
}

/** True when the place `node` stands in expects a promise (a Promise-typed property or parameter). */
function expectsPromise(node: ts.Expression): boolean {
  const contextual = checker.getContextualType(node)
  return (
    contextual !== undefined &&
    (isPromise(contextual) || ((contextual.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) !== 0 && false))
  )
}

function visit(node: ts.Node): void {
  if (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) {
    const value = ts.isPropertyAssignment(node) ? node.initializer : node.name
    if (isPromise(checker.getTypeAtLocation(value)) && !expectsPromise(value)) {
      problems.push(
        `${where(node)} a promise as a property value: await it (it would serialise as {}): ${node.getText().split('\n')[0].slice(0, 100)}`,
      )
    }
  }
  if (ts.isExpressionStatement(node)) {
    const expression = node.expression
    const assignment =
      ts.isBinaryExpression(expression) &&
      expression.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      expression.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    const skipped = ts.isVoidExpression(expression) || ts.isAwaitExpression(expression) || assignment
    if (!skipped && isPromise(checker.getTypeAtLocation(expression))) {
      problems.push(
        `${where(node)} floating promise: await it, return it, or write \`void\` if not waiting is meant: ${expression.getText().split('\n')[0].slice(0, 100)}`,
      )
    }
  }
  ts.forEachChild(node, visit)
}

for (const source of program.getSourceFiles()) {
  if (source.isDeclarationFile || source.fileName.includes('/node_modules/')) continue
  visit(source)
}

for (const problem of problems) console.error(problem)
console.log(problems.length === 0 ? 'typecheck: no problems' : `typecheck: ${problems.length} problem(s)`)
process.exit(problems.length === 0 ? 0 : 1)
