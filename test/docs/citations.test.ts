/**
 * The documents the code cites exist and say what is cited: every "docs/design.md rule N"
 * names a rule that docs/design.md numbers, every docs/*.md named in the code is there,
 * and nothing cites a design document the repository does not hold.
 */
import { expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO } from '../support/imports.ts'

/** Every tracked source and test file, with its text. */
function sources(): Array<{ file: string; text: string }> {
  const files = Bun.spawnSync(['git', 'ls-files', 'server', 'cli', 'admin', 'test', 'bench'], { cwd: REPO })
    .stdout.toString()
    .split('\n')
  return files
    .filter((file) => /\.(ts|js|mjs)$/.test(file))
    .map((file) => ({ file, text: readFileSync(join(REPO, file), 'utf8') }))
}

test('every design rule the code cites is a numbered rule of docs/design.md', () => {
  const rules = new Set(
    [...readFileSync(join(REPO, 'docs', 'design.md'), 'utf8').matchAll(/^(\d+)\. \*\*/gm)].map((match) =>
      Number(match[1]),
    ),
  )
  const missing: string[] = []
  for (const { file, text } of sources()) {
    for (const match of text.matchAll(/docs\/design\.md rules? (\d+)(?:[–-](\d+))?/g)) {
      const [from, to] = [Number(match[1]), Number(match[2] ?? match[1])]
      for (let rule = from; rule <= to; rule++) if (!rules.has(rule)) missing.push(`${file}: rule ${rule}`)
    }
  }
  expect(rules.size).toBe(21)
  expect(missing).toEqual([])
})

test('the docs the code names exist, and no code cites a design document outside the repository', () => {
  const problems: string[] = []
  for (const { file, text } of sources()) {
    for (const match of text.matchAll(/\bdocs\/([\w-]+\.md)/g))
      if (!existsSync(join(REPO, 'docs', match[1]))) problems.push(`${file}: docs/${match[1]}`)
    if (/DESIGN(\.md)? (rule|"|“)/.test(text)) problems.push(`${file}: cites DESIGN`)
  }
  expect(problems).toEqual([])
})
