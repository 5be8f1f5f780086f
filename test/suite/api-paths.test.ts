/**
 * @module Tests speak the API's names: they call operations by name (test/support/call.ts),
 * so a renamed route or a changed answer fails when the suite compiles. An `/api/v3/…` path
 * written out in a test is left only where the path itself is what the test is about (its
 * encoding, an unknown route, a method the route lacks, a `?help` query, the OpenAPI
 * document's keys). This holds their number to a ceiling, so a new test that writes paths by
 * hand is noticed; the ceiling only ever comes down.
 */
import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO } from '../support/imports.ts'

/** Written-out API paths allowed across test/: a quoted or templated string that starts with `/api/v3`. */
const CEILING = 150
const WRITTEN_PATH = /['"`]\/api\/v3|\}\/api\/v3/g

test(`test/ writes at most ${CEILING} /api/v3 paths by hand; the rest call operations by name`, () => {
  const files = Bun.spawnSync(['git', 'ls-files', 'test'], { cwd: REPO }).stdout.toString().split('\n')
  const counts = files
    .filter((file) => /\.(ts|js)$/.test(file) && !file.startsWith('test/fixtures/'))
    .map((file) => ({ file, paths: readFileSync(join(REPO, file), 'utf8').match(WRITTEN_PATH)?.length ?? 0 }))
    .filter(({ paths }) => paths > 0)
  const total = counts.reduce((sum, { paths }) => sum + paths, 0)
  // The whole list when over, most first, so the file to convert is the first line.
  const over =
    total > CEILING ? counts.sort((a, b) => b.paths - a.paths).map(({ file, paths }) => `${file}: ${paths}`) : []
  expect(over).toEqual([])
  // The scan sees the tree: the tests about paths themselves are found.
  expect(total).toBeGreaterThan(0)
})
