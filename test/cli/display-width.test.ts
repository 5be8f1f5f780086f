/**
 * Tables line up in a terminal whatever script their cells are in: CJK and fullwidth
 * characters take two cells, emoji two (a ZWJ family, a flag, a heart with its variation
 * selector each one emoji), a combining accent none. The expected lines are padded by hand
 * from those widths; `share query` runs as a real process, as a person's terminal shows it.
 */
import { describe, expect, test } from 'bun:test'
import { cliAccount, cliProcess, expectOk } from '../support/server.ts'

const { env, cli } = await cliAccount()

/** Posts the records in order and returns them as `share query --json` reads them. */
async function appWith(name: string, records: Record<string, string>[]) {
  const app = expectOk(await cli('app', 'create', '--name', name, '--json')).json()
  expectOk(await cli('share', 'publish', '--app', app.id))
  for (const data of records) expectOk(await cli('share', 'post', '--app', app.id, '--data', JSON.stringify(data)))
  return { app, rows: expectOk(await cli('share', 'query', '--app', app.id, '--json')).json().records }
}

describe('share query tables', () => {
  test('align CJK, fullwidth, emoji and combining marks by the cells they take', async () => {
    const { app, rows } = await appWith('Widths', [
      { name: '东京', city: 'Zürich' },
      { name: '👨‍👩‍👧', city: '北京' },
      { name: 'Ａｄａ', city: '🇫🇷 Paris' },
      { name: 'Jose\u0301', city: '❤️ Lyon' },
    ])
    const run = await cliProcess(['share', 'query', '--app', app.id], { env })
    expect([run.code, run.stderr]).toEqual([0, ''])
    const created = (i: number) => rows[i].createdAt
    const pad = ' '.repeat(created(0).length - 'CREATED'.length)
    // name: widest is Ａｄａ (6 cells); city: 🇫🇷 Paris (2 + 6 = 8 cells).
    expect(run.stdout.split('\n')).toEqual([
      `CREATED${pad}  NAME    CITY      ID`,
      `${created(0)}  东京    Zürich    ${rows[0].id}`,
      `${created(1)}  👨‍👩‍👧      北京      ${rows[1].id}`,
      `${created(2)}  Ａｄａ  🇫🇷 Paris  ${rows[2].id}`,
      `${created(3)}  Jose\u0301    ❤️ Lyon   ${rows[3].id}`,
      '',
      'Page 1 · 4 of 4 records',
      '',
    ])
  })

  test('a table of plain ASCII is laid out as before', async () => {
    const { app, rows } = await appWith('Plain', [{ name: 'Ada' }, { name: 'Grace Hopper' }])
    const run = await cliProcess(['share', 'query', '--app', app.id], { env })
    const pad = ' '.repeat(rows[0].createdAt.length - 'CREATED'.length)
    expect(run.stdout.split('\n').slice(0, 3)).toEqual([
      `CREATED${pad}  NAME          ID`,
      `${rows[0].createdAt}  Ada           ${rows[0].id}`,
      `${rows[1].createdAt}  Grace Hopper  ${rows[1].id}`,
    ])
  })
})
