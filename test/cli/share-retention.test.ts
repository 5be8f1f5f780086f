/**
 * `svc-cli share set --keep-records-days / --keep-spam-days` against a real server: the
 * settings are stored, shown by `share status`, switched off with `off`, and a value that is
 * not whole days is a usage error before any request.
 */
import { describe, expect, test } from 'bun:test'
import { cliAccount, expectOk } from '../support/server.ts'

const { cli } = await cliAccount()
const ok = expectOk

describe('svc-cli share set: how long records are kept', () => {
  test('days are stored and shown; off keeps them again; anything else is a usage error', async () => {
    const app = ok(await cli('app', 'create', '--name', 'Retained', '--json')).json().id as string
    const set = ok(
      await cli('share', 'set', '--app', app, '--keep-records-days', '365', '--keep-spam-days', '30', '--json'),
    ).json()
    expect([set.keepRecordsDays, set.keepSpamDays]).toEqual([365, 30])
    const status = ok(await cli('share', 'status', '--app', app)).stdout
    expect(status).toContain('records deleted after 365 days')
    expect(status).toContain('spam deleted after 30 days')
    const off = ok(await cli('share', 'set', '--app', app, '--keep-spam-days', 'off', '--json')).json()
    expect([off.keepRecordsDays, off.keepSpamDays]).toEqual([365, null])
    const bad = await cli('share', 'set', '--app', app, '--keep-records-days', 'a year')
    expect([bad.code, bad.stderr.split('\n')[0]]).toEqual([
      2,
      'error: --keep-records-days must be a whole number of days, or off, got "a year"',
    ])
  })
})
