/**
 * The README's CLI section stays true: the exit-code table is the one `svc-cli --help`
 * prints (both from cli/errors.ts), and the behaviours it promises are there.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { CLI_ENVIRONMENT } from '../../cli/environment.ts'
import { EXIT, EXIT_MEANINGS } from '../../cli/errors.ts'
import { freshClone } from '../support/checkout.ts'
import { cliInProcess } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'

const PACKAGE_VERSION = (await import('../../package.json')).version
const README = readFileSync(join(import.meta.dir, '..', '..', 'README.md'), 'utf8')

describe('README: svc-cli', () => {
  test('the exit-code table lists exactly the codes in cli/errors.ts, as svc-cli --help does', async () => {
    const table = README.split('<!-- exit-codes:start -->')[1].split('<!-- exit-codes:end -->')[0]
    const expected = [
      '| Code | Meaning |',
      '|---|---|',
      ...Object.entries(EXIT_MEANINGS).map(([code, meaning]) => `| ${code} | ${meaning} |`),
    ]
    expect(
      table
        .trim()
        .split('\n')
        .map((line) => line.trim()),
    ).toEqual(expected)
    expect(
      Object.keys(EXIT_MEANINGS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(Object.values(EXIT).sort((a, b) => a - b))
    const help = await cliInProcess(['--help'])
    for (const [code, meaning] of Object.entries(EXIT_MEANINGS))
      expect(help.stdout).toContain(`  ${code.padEnd(3)}  ${meaning}\n`)
  })

  test('shows -q with xargs, --timeout, paging and how to install completion', () => {
    expect(README).toContain('svc-cli app list -q | xargs')
    expect(README).toContain('--timeout <seconds>')
    expect(README).toContain('SVC_TIMEOUT')
    expect(README).toContain('--limit 20 --page 2')
    for (const shell of ['bash', 'zsh', 'fish']) expect(README).toContain(`svc-cli completion ${shell} > `)
  })

  test('lists the environment variables svc-cli --help lists, with the same words', () => {
    const list = README.split('<!-- cli-environment:start -->')[1].split('<!-- cli-environment:end -->')[0]
    expect(
      list
        .trim()
        .split('\n')
        .map((line) => line.trim()),
    ).toEqual(CLI_ENVIRONMENT.map(({ name, summary }) => `- \`${name}\`: ${summary}`))
  })

  test('its commands are plain `svc-cli …`, not the slow `npx svc-cli …`', () => {
    const blocks = [...README.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) => block[1])
    expect(blocks.filter((block) => /^npx svc-cli/m.test(block))).toEqual([])
  })
})

/** Runs a shell line as a reader would, in `cwd`, with exactly `env`. */
async function sh(line: string, cwd: string, env: Record<string, string>) {
  const proc = Bun.spawn(['sh', '-c', line], { cwd, env, stdout: 'pipe', stderr: 'pipe' })
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  return { code, stdout, stderr }
}

describe('README: svc-cli on the PATH of a fresh clone, with no Bun on PATH', () => {
  const line = /^ln -s "\$PWD\/cli\/svc-cli" ~\/\.local\/bin\/svc-cli/m.exec(README)?.[0]
  const version = `${PACKAGE_VERSION}\n`

  test("the README's link line", async () => {
    expect(line).toBe('ln -s "$PWD/cli/svc-cli" ~/.local/bin/svc-cli')
    const clone = freshClone()
    const home = tempDir('svc-readme-home-')
    mkdirSync(`${home}/.local/bin`, { recursive: true })
    expect(await sh(line!, clone, { HOME: home, PATH: '/usr/bin:/bin' })).toEqual({ code: 0, stdout: '', stderr: '' })
    const run = await sh('svc-cli --version', tempDir('svc-readme-cwd-'), {
      HOME: home,
      PATH: `${home}/.local/bin:/usr/bin:/bin`,
    })
    expect(run).toEqual({ code: 0, stdout: version, stderr: '' })
  })

  test('npm install -g . (into a prefix of its own)', async () => {
    const clone = freshClone()
    const prefix = tempDir('svc-readme-prefix-')
    const npmPath = `${dirname(Bun.which('npm')!)}:${dirname(Bun.which('node')!)}:/usr/bin:/bin`
    const installed = await sh(`npm install -g . --prefix "${prefix}" --no-audit --no-fund`, clone, {
      HOME: tempDir('svc-readme-home-'),
      PATH: npmPath,
      npm_config_update_notifier: 'false',
    })
    expect(installed.code).toBe(0)
    const run = await sh('svc-cli --version', tempDir('svc-readme-cwd-'), {
      HOME: tempDir('svc-readme-home-'),
      PATH: `${prefix}/bin:/usr/bin:/bin`,
    })
    expect(run).toEqual({ code: 0, stdout: version, stderr: '' })
  }, 30_000)
})
