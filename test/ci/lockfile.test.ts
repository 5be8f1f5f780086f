/**
 * A fresh clone stays clean (issue 40): `npm install` rewrites package-lock.json when its
 * root entry disagrees with package.json (it once still named the old bin, cli/main.ts).
 * The root entry must say what package.json says; .ci/run also fails when its install
 * changes a tracked file.
 */
import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '..', '..')
const read = (name: string) => JSON.parse(readFileSync(join(ROOT, name), 'utf8'))

test("package-lock.json's root entry matches package.json", () => {
  const manifest = read('package.json')
  const lock = read('package-lock.json')
  const root = lock.packages['']
  const pick = (entry: Record<string, unknown>) => ({
    name: entry.name,
    version: entry.version,
    bin: entry.bin,
    engines: entry.engines,
    dependencies: entry.dependencies ?? {},
    devDependencies: entry.devDependencies ?? {},
  })
  expect({ name: lock.name, version: lock.version }).toEqual({ name: manifest.name, version: manifest.version })
  expect(pick(root)).toEqual(pick(manifest))
})
