/**
 * Records come from strangers: a value holding ESC or CSI sequences must not reach the
 * owner's terminal as control codes (they could retitle the window, move the cursor or hide
 * rows). Human output shows each control character as `\xNN`; `--json` keeps the value as
 * stored (JSON escapes it), so nothing is lost.
 */
import { describe, expect, test } from 'bun:test'
import { cliAccount, cliProcess, expectOk } from '../support/server.ts'

const { env, cli } = await cliAccount()

describe('human output of records a stranger posted', () => {
  test('shows control characters as \\xNN and never prints them raw', async () => {
    const app = expectOk(await cli('app', 'create', '--name', 'Escapes', '--json')).json()
    expectOk(await cli('share', 'publish', '--app', app.id))
    const hostile = '\u001b]0;pwned\u0007\u001b[2J\u009b31mred\u007f'
    expectOk(await cli('share', 'post', '--app', app.id, '--data', JSON.stringify({ note: hostile })))

    const run = await cliProcess(['share', 'query', '--app', app.id], { env })
    expect([run.code, run.stderr]).toEqual([0, ''])
    expect(run.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/)
    expect(run.stdout.split('\n')[1]).toContain('\\x1b]0;pwned\\x07\\x1b[2J\\x9b31mred\\x7f')

    const json = expectOk(await cli('share', 'query', '--app', app.id, '--json')).json()
    expect(json.records[0].data).toEqual({ note: hostile })
  })
})
