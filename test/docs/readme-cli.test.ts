/**
 * The README's CLI section stays true: the exit-code table is the one `svc-cli --help`
 * prints (both from cli/errors.ts), and the behaviours it promises are there.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { EXIT, EXIT_MEANINGS } from '../../cli/errors.ts'
import { cliInProcess } from '../support/server.ts'

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
})
