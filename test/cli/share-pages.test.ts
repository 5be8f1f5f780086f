/**
 * `svc-cli share set --pages` against a real server: the titles and page conditions are
 * stored, shown by `share status`, cleared with `off`; JSON that does not parse is a usage
 * error before any request, and a condition the server refuses names the bad reference.
 */
import { describe, expect, test } from 'bun:test'
import { cliAccount, expectOk } from '../support/server.ts'

const { cli } = await cliAccount()
const ok = expectOk

describe('svc-cli share set --pages', () => {
  test('pages are stored and shown; off clears them; bad JSON and a bad reference are refused', async () => {
    const app = ok(await cli('app', 'create', '--name', 'Paged', '--json')).json().id as string
    ok(await cli('field', 'add', '--app', app, '--name', 'happy', '--json'))
    const pages = [
      { title: 'About you' },
      { title: 'Details', showIf: { all: [{ field: 'happy', op: 'eq', value: 'no' }] } },
    ]
    const set = ok(await cli('share', 'set', '--app', app, '--pages', JSON.stringify(pages), '--json')).json()
    expect(set.pages).toEqual(pages)
    expect(ok(await cli('share', 'status', '--app', app)).stdout).toContain('1. About you; 2. Details (on a condition)')
    const off = ok(await cli('share', 'set', '--app', app, '--pages', 'off', '--json')).json()
    expect(off.pages).toEqual([])
    const bad = await cli('share', 'set', '--app', app, '--pages', '[{title')
    expect([bad.code, bad.stderr.split('\n')[0]]).toEqual([
      2,
      `error: --pages must be a JSON list such as '[{"title":"About you"},{"title":"Details"}]', or off`,
    ])
    const later = await cli('share', 'set', '--app', app, '--pages', JSON.stringify([{ showIf: pages[1].showIf }]))
    expect([later.code, later.stderr]).toEqual([
      1,
      `error: --pages: 0.showIf.all.0.field: names "happy", which is on page 1; a page's condition can only look at fields on earlier pages (before page 1)\n`,
    ])
  })
})
