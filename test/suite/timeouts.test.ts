/**
 * The suite's test timeout is really applied, to every file. Bun ignores a `timeout` key in
 * bunfig.toml, and setDefaultTimeout in a preload reaches only the first file of a run (a
 * run on a loaded machine once timed out at 5 s in a later file). `npm test` therefore
 * passes `--timeout`, and this proves the flag holds for every file of a run: two slow
 * fixture files, each in a `bun test` of their own, time out at a low limit and pass at a
 * high one.
 */
import { expect, test } from 'bun:test'
import { BUN, ROOT } from '../support/process.ts'
import packageJson from '../../package.json'

const FIXTURES = ['./test/suite/fixtures/slow-a.fixture.ts', './test/suite/fixtures/slow-b.fixture.ts']

async function runFixtures(timeoutMs: number): Promise<{ code: number; output: string }> {
  const proc = Bun.spawn([BUN, 'test', '--timeout', String(timeoutMs), ...FIXTURES], {
    cwd: ROOT,
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  return { code, output: stdout + stderr }
}

test('npm test gives every test 30 s', () => {
  expect(packageJson.scripts.test).toBe('bun test --timeout 30000')
})

test('--timeout reaches every file of a run: both slow files time out at 300 ms and pass at 20 s', async () => {
  const [low, high] = await Promise.all([runFixtures(300), runFixtures(20_000)])
  expect(low.code).toBe(1)
  for (const name of ['a', 'b']) {
    expect(low.output).toContain(`(fail) ${name} takes a second and a half`)
    expect(high.output).toContain(`(pass) ${name} takes a second and a half`)
  }
  expect(low.output.match(/this test timed out after 300ms\./g)).toHaveLength(2)
  expect(high.code).toBe(0)
})
