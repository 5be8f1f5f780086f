/**
 * @module No import circles: the files of server/, cli/ and admin/ import each other in one
 * direction only, type-only imports included (a circle of types still ties the files
 * together for a reader and for the compiler). Fails naming every circle, file by file.
 */
import { expect, test } from 'bun:test'
import { scanTree, sourceFiles } from '../support/imports.ts'

/** The strongly connected groups of more than one file (Tarjan), each sorted. */
function circles(edges: Map<string, Set<string>>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (file: string): void => {
    index.set(file, next)
    low.set(file, next++)
    stack.push(file)
    onStack.add(file)
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file)!, low.get(target)!))
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!))
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member)
      group.push(member)
      if (member === file) break
    }
    if (group.length > 1) found.push(group.sort())
  }
  for (const file of edges.keys()) if (!index.has(file)) visit(file)
  return found
}

test('no import circles in server/, cli/ or admin/ (type-only imports count)', () => {
  const files = new Set(sourceFiles('server', 'cli', 'admin'))
  const edges = new Map<string, Set<string>>([...files].map((file) => [file, new Set<string>()]))
  for (const ref of scanTree('server', 'cli', 'admin')) {
    if (ref.target !== undefined && files.has(ref.target) && ref.target !== ref.file)
      edges.get(ref.file)!.add(ref.target)
  }
  expect(circles(edges)).toEqual([])
})
