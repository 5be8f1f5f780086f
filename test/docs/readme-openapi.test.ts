/**
 * The README's way to write the OpenAPI document to a file gives a file that is the document
 * and nothing else (`npm run openapi > file` used to start with npm's banner), and its
 * stdout spelling prints only JSON. Run through npm as a reader would, into a temp folder.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'

const README = readFileSync(join(ROOT, 'README.md'), 'utf8')

/** Runs an npm command line of the README in the checkout, with `svc-openapi.json` in a temp folder. */
async function npm(line: string, file: string) {
  const argv = line.replace('svc-openapi.json', file).split(' ')
  const proc = Bun.spawn(argv, {
    cwd: ROOT,
    env: { PATH: `${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`, HOME: tempDir('svc-npm-home-') },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited])
  return { stdout, code }
}

describe('README: the OpenAPI document into a file', () => {
  test('`npm run openapi -- svc-openapi.json` writes exactly the document; `npm run -s openapi` prints only it', async () => {
    const line = /^(npm run openapi -- svc-openapi\.json)\s+# .*\(to stdout: (npm run -s openapi)\)$/m.exec(README)
    expect(line).not.toBeNull()
    const file = join(tempDir('svc-openapi-'), 'svc-openapi.json')
    expect((await npm(line![1], file)).code).toBe(0)
    const written = JSON.parse(readFileSync(file, 'utf8'))
    expect(written).toMatchObject({ openapi: '3.1.0', info: { title: 'svc' } })
    const printed = await npm(line![2], file)
    expect(printed.code).toBe(0)
    expect(JSON.parse(printed.stdout)).toEqual(written)
  }, 30_000)
})
