/**
 * The domain core knows nothing of its callers (STYLE.md): no file under server/core
 * imports the HTTP framework, the CLI framework, the MCP SDK, or the faces built on them.
 */
import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const CORE = join(import.meta.dir, '..', '..', 'server', 'core')
const FORBIDDEN = [/^elysia$/, /^@elysiajs\//, /^citty$/, /^@modelcontextprotocol\//, /\/http\//, /\/cli\//, /\/admin\//]

test('server/core imports no Elysia, citty, MCP SDK, HTTP, CLI or admin code', () => {
  const offending: string[] = []
  for (const file of new Bun.Glob('**/*.ts').scanSync(CORE)) {
    const source = readFileSync(join(CORE, file), 'utf8')
    for (const [, specifier] of source.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
      if (FORBIDDEN.some((pattern) => pattern.test(specifier))) offending.push(`${file}: ${specifier}`)
    }
  }
  expect(offending).toEqual([])
})
