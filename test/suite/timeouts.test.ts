/**
 * The suite's test timeout is really applied. Bun ignores a `timeout` key in bunfig.toml
 * (a test that sleeps 6 s still times out at 5 s there); test/support/setup.ts sets it with
 * setDefaultTimeout in the preload. This runs a slow fixture test in a `bun test` of its
 * own, with the preload's timeout lowered and raised: if the preload stopped applying it,
 * Bun's built-in 5 s would let the 1.5 s fixture pass in both runs.
 */
import { expect, test } from 'bun:test'
import { BUN, ROOT } from '../support/process.ts'

async function runFixture(timeoutMs: number): Promise<{ code: number; output: string }> {
  const proc = Bun.spawn([BUN, 'test', './test/suite/fixtures/slow.fixture.ts'], {
    cwd: ROOT,
    env: { ...process.env, SVC_TEST_TIMEOUT_MS: String(timeoutMs) },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  return { code, output: stdout + stderr }
}

test('a test longer than the preload timeout fails as timed out; a shorter one passes', async () => {
  const [short, long] = await Promise.all([runFixture(300), runFixture(20_000)])
  expect(short.code).toBe(1)
  expect(short.output).toContain('(fail) takes a second and a half')
  expect(short.output).toContain('this test timed out after 300ms.')
  expect(long.code).toBe(0)
  expect(long.output).toContain('(pass) takes a second and a half')
})
