/**
 * svc-cli share set's limit flags against a real server: closing by hand, after N records and
 * at a time, the closed text, one response per browser or per value of a field.
 */
import { describe, expect, test } from 'bun:test'
import { cliAccount, expectOk } from '../support/server.ts'

const { cli } = await cliAccount()
const ok = expectOk

describe('share set: the limits of a form', () => {
  test('every limit flag is stored, shown by share status and switched off again', async () => {
    const app = ok(await cli('app', 'create', '--name', 'Sign-up', '--json')).json().id as string
    ok(await cli('field', 'add', '--app', app, '--name', 'email', '--type', 'email'))
    const set = ok(
      await cli(
        'share',
        'set',
        '--app',
        app,
        '--closed',
        '--close-after',
        '100',
        '--closes-at',
        '2027-03-01T18:00:00Z',
        '--closed-message',
        'All places are taken.',
        '--one-per-browser',
        'on',
        '--unique-field',
        'email',
        '--json',
      ),
    ).json()
    expect(set).toMatchObject({
      closed: true,
      closeAfter: 100,
      closesAt: '2027-03-01T18:00:00.000Z',
      closedMessage: 'All places are taken.',
      onePerBrowser: true,
      uniqueField: 'email',
      records: 0,
      closedNow: true,
    })
    const status = ok(await cli('share', 'status', '--app', app)).stdout
    for (const line of [
      'taking responses       no: closed (posts answer 403 closed)\n',
      'closed by hand         yes\n',
      'closes after           100 records (0 so far)\n',
      'closes at              2027-03-01T18:00:00.000Z\n',
      'closed text            All places are taken.\n',
      'one per browser        on\n',
      'one per value of       email\n',
    ])
      expect(status).toContain(line)
    const off = ok(
      await cli(
        'share',
        'set',
        '--app',
        app,
        '--open',
        '--close-after',
        'off',
        '--closes-at',
        'off',
        '--closed-message',
        '',
        '--one-per-browser',
        'off',
        '--unique-field',
        'off',
        '--json',
      ),
    ).json()
    expect(off).toMatchObject({
      closed: false,
      closeAfter: null,
      closesAt: null,
      closedMessage: '',
      onePerBrowser: false,
      uniqueField: null,
      closedNow: false,
    })
    expect(ok(await cli('share', 'status', '--app', app)).stdout).toContain('taking responses       yes\n')
  })

  test('a closed form refuses svc-cli share post (the fast route of a real server) with 403 closed', async () => {
    const app = ok(await cli('app', 'create', '--name', 'Closing', '--json')).json().id as string
    ok(await cli('share', 'publish', '--app', app))
    ok(await cli('share', 'set', '--app', app, '--close-after', '1'))
    ok(await cli('share', 'post', '--app', app, '--data', '{"name":"Ada"}'))
    const full = await cli('share', 'post', '--app', app, '--data', '{"name":"Bo"}', '--json')
    expect({ code: full.code, stderr: JSON.parse(full.stderr) }).toEqual({
      code: 1,
      stderr: {
        error: {
          type: 'closed',
          message:
            'This form is closed (it took the 1 response it accepts (closeAfter)), so nothing was stored; its owner can open it again in the share settings',
        },
      },
    })
    expect(ok(await cli('share', 'status', '--app', app, '--json')).json()).toMatchObject({
      records: 1,
      closedNow: true,
    })
  })

  test('refusals name the flag: both --closed and --open, a bad number, a field that does not exist', async () => {
    const app = ok(await cli('app', 'create', '--name', 'Refusals', '--json')).json().id as string
    const both = await cli('share', 'set', '--app', app, '--closed', '--open')
    expect({ code: both.code, stderr: both.stderr }).toEqual({
      code: 2,
      stderr: 'error: Pass --closed or --open, not both\nRun `svc-cli share set --help` for usage.\n',
    })
    const word = await cli('share', 'set', '--app', app, '--close-after', 'many')
    expect({ code: word.code, stderr: word.stderr }).toEqual({
      code: 2,
      stderr:
        'error: --close-after must be a whole number of records, or off, got "many"\nRun `svc-cli share set --help` for usage.\n',
    })
    const zero = await cli('share', 'set', '--app', app, '--close-after', '0')
    expect({ code: zero.code, stderr: zero.stderr }).toEqual({
      code: 1,
      stderr: 'error: --close-after: must be at least 1; null for no limit, or closed: true to close the form now\n',
    })
    const date = await cli('share', 'set', '--app', app, '--closes-at', 'tomorrow')
    expect({ code: date.code, stderr: date.stderr }).toEqual({
      code: 1,
      stderr: 'error: --closes-at: must be a date and time with its zone, e.g. 2027-03-01T18:00:00Z, or null\n',
    })
    const field = await cli('share', 'set', '--app', app, '--unique-field', 'email')
    expect({ code: field.code, stderr: field.stderr }).toEqual({
      code: 1,
      stderr:
        'error: --unique-field: is not a field of this app; name one of its fields, such as email, or null for none\n',
    })
  })
})
