/**
 * `svc-cli share set --spam-rules / --dedupe-seconds / --dedupe-json` against a real server:
 * the settings are stored and shown by `share status`, switched off with `off`, the server's
 * refusal of a bad rule is shown as it is, and a value that is not JSON or whole seconds is
 * a usage error before any request.
 */
import { describe, expect, test } from 'bun:test'
import { cliAccount, expectOk } from '../support/server.ts'

const { cli } = await cliAccount()
const ok = expectOk

describe('svc-cli share set: content rules and duplicates', () => {
  test('rules and the window are stored and shown; off clears them; bad values are refused', async () => {
    const app = ok(await cli('app', 'create', '--name', 'Guarded', '--json')).json().id as string
    const rules = '{"maxLinks":2,"blockedWords":["casino"],"scripts":["Latin"]}'
    const set = ok(
      await cli(
        'share',
        'set',
        '--app',
        app,
        '--spam-rules',
        rules,
        '--dedupe-seconds',
        '30',
        '--dedupe-json',
        'on',
        '--json',
      ),
    ).json()
    expect([set.spamRules, set.dedupeSeconds, set.dedupeJson]).toEqual([JSON.parse(rules), 30, true])
    const status = ok(await cli('share', 'status', '--app', app)).stdout
    expect(status).toContain(`content rules          ${rules}`)
    expect(status).toContain('stored once within 30 s (form posts and JSON)')
    const off = ok(
      await cli('share', 'set', '--app', app, '--spam-rules', 'off', '--dedupe-seconds', 'off', '--json'),
    ).json()
    expect([off.spamRules, off.dedupeSeconds, off.dedupeJson]).toEqual([null, 0, true])
    const notJson = await cli('share', 'set', '--app', app, '--spam-rules', 'maxLinks=2')
    expect([notJson.code, notJson.stderr.split('\n')[0]]).toEqual([
      2,
      `error: --spam-rules must be a JSON object such as '{"maxLinks":2}', or off, got "maxLinks=2"`,
    ])
    const seconds = await cli('share', 'set', '--app', app, '--dedupe-seconds', 'ten')
    expect([seconds.code, seconds.stderr.split('\n')[0]]).toEqual([
      2,
      'error: --dedupe-seconds must be a whole number of seconds, or off, got "ten"',
    ])
    const refused = await cli('share', 'set', '--app', app, '--spam-rules', '{"scripts":["Klingon"]}')
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toContain('must be a Unicode script name such as Latin, Cyrillic or Han')
  })
})
