/**
 * GET /api/v3/apps/:id/export.csv and export.jsonl: streamed, union of keys in field order,
 * BOM + RFC 4180 + formula neutralising (headers too) unless the owner asks for raw cells,
 * spam selection with a spam column, download names.
 */
import { describe, expect, test } from 'bun:test'
import { insertRecords, makeEndpoint, numberedRecords } from '../support/records.ts'
import { target, type CallInput } from '../support/call.ts'
import { testApp } from '../support/http.ts'
import { makeUser } from '../support/users.ts'

const T0 = '2026-01-01T00:00:00.000Z'
const T1 = '2026-01-01T00:00:00.001Z'
const T2 = '2026-01-01T00:00:00.002Z'

type CsvQuery = CallInput<'records.exportCsv'>['query']
type JsonlQuery = CallInput<'records.exportJsonl'>['query']

/** Calls `route` (a `target()`) with the raw bytes decoded keeping the BOM (Response.text() would drop it). */
async function download(t: ReturnType<typeof testApp>, route: { path: string }, token: string) {
  const response = await t.app.handle(
    new Request(`http://localhost:8787${route.path}`, { headers: { authorization: `Bearer ${token}` } }),
  )
  const bytes = new Uint8Array(await response.arrayBuffer())
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
  }
}

async function setup() {
  const t = testApp({ rateLimit: null })
  const owner = await makeUser(t.ctx)
  const endpoint = await makeEndpoint(t.ctx, owner.user.id, {
    name: 'Sign-up "β" form',
    fields: [{ name: 'name' }, { name: 'age', type: 'number' }],
  })
  const ids = await insertRecords(t.ctx, endpoint.appId, [
    {
      data: { name: 'Ada', age: 36, extra: 'x', id: 'mine' },
      meta: { source: 'curl', timestamp: '2026-01-01T00:00:00Z' },
    },
    {
      data: { name: '=cmd()', tags: ['a', 'b'], nested: { k: 1 }, '@key': '+1' },
      meta: { timestamp: 1767225600 },
      spam: true,
    },
    { data: { age: -5, name: 'Line\nTwo, "q"', extra: null } },
  ])
  const params = { id: endpoint.appId }
  return {
    ...t,
    token: owner.token,
    ids,
    endpoint,
    csv: (query: CsvQuery = {}) => download(t, target('records.exportCsv', { params, query }), owner.token),
    jsonl: (query: JsonlQuery = {}) => download(t, target('records.exportJsonl', { params, query }), owner.token),
  }
}

// Keys the app does not know (no field, proposal or catalogue entry: a removed field's, say) share the JSON column.
const HEADER = `id,createdAt,name,age,other keys,meta.source,meta.timestamp\r\n`
const OTHER0 = '"{""extra"":""x"",""id"":""mine""}"'
const OTHER1 = '"{""tags"":[""a"",""b""],""nested"":{""k"":1},""@key"":""+1""}"'
const OTHER2 = '"{""extra"":null}"'

describe('GET /export.csv', () => {
  test('non-spam records with the union of keys in field order, BOM and CRLF', async () => {
    const { csv, ids } = await setup()
    const res = await csv()
    expect(res.status).toBe(200)
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="sign-up-form-records.csv"; filename*=UTF-8''Sign-up%20%22%CE%B2%22%20form%20records.csv`,
    )
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect(res.text).toBe(
      '\uFEFF' +
        HEADER +
        `${ids[0]},${T0},Ada,36,${OTHER0},curl,2026-01-01T00:00:00Z\r\n` +
        `${ids[2]},${T2},"Line\nTwo, ""q""",-5,${OTHER2},,\r\n`,
    )
  })

  // With spam in the export, a spam column says which rows are spam.
  const SPAM_HEADER = HEADER.replace('id,createdAt,', 'id,createdAt,spam,')
  test.each([
    ['only', (ids: string[]) => `${ids[1]},${T1},true,"'=cmd()",,${OTHER1},,1767225600\r\n`],
    [
      'include',
      (ids: string[]) =>
        `${ids[0]},${T0},false,Ada,36,${OTHER0},curl,2026-01-01T00:00:00Z\r\n` +
        `${ids[1]},${T1},true,"'=cmd()",,${OTHER1},,1767225600\r\n` +
        `${ids[2]},${T2},false,"Line\nTwo, ""q""",-5,${OTHER2},,\r\n`,
    ],
  ])('?spam=%s', async (spam, rows) => {
    const { csv, ids } = await setup()
    const res = await csv({ spam })
    expect(res.status).toBe(200)
    expect(res.text).toBe(`\uFEFF${SPAM_HEADER}${rows(ids)}`)
  })

  test('?raw=1 exports every cell as stored (a phone number, a formula), headers too; the default neutralises', async () => {
    const { csv, ids, ctx, endpoint } = await setup()
    const [phone] = await insertRecords(ctx, endpoint.appId, [{ data: { name: '+44 20 7946 0958', age: 1 } }])
    const raw = await csv({ raw: '1', spam: 'include' })
    expect(raw.status).toBe(200)
    expect(raw.text).toBe(
      `\uFEFF${SPAM_HEADER}` +
        `${ids[0]},${T0},false,Ada,36,${OTHER0},curl,2026-01-01T00:00:00Z\r\n` +
        `${ids[1]},${T1},true,=cmd(),,${OTHER1},,1767225600\r\n` +
        `${ids[2]},${T2},false,"Line\nTwo, ""q""",-5,${OTHER2},,\r\n` +
        `${phone},2026-01-01T00:00:00.003Z,false,+44 20 7946 0958,1,,,\r\n`,
    )
    for (const off of [{}, { raw: '0' }, { raw: 'false' }])
      expect((await csv(off)).text).toContain(`${phone},2026-01-01T00:00:00.003Z,"'+44 20 7946 0958",1,`)
    expect((await csv({ raw: 'true' })).text).toContain(`,+44 20 7946 0958,1,`)
  })

  test('?raw=yes is a 400 naming what raw takes', async () => {
    const { call, endpoint, token } = await setup()
    const res = await call('records.exportCsv', { params: { id: endpoint.appId }, query: { raw: 'yes' } }, { token })
    expect<unknown>(res.body).toEqual({
      code: 400,
      error: {
        type: 'bad_request',
        message: 'raw must be 1 (cells exactly as stored) or 0 (formulas neutralised, the default), got "yes"',
      },
    })
  })

  test('?spam=bogus is a 400', async () => {
    const { call, endpoint, token } = await setup()
    const res = await call('records.exportCsv', { params: { id: endpoint.appId }, query: { spam: 'bogus' } }, { token })
    expect(res.status).toBe(400)
    expect<unknown>(res.body).toEqual({
      code: 400,
      error: {
        type: 'bad_request',
        message: 'spam must be "include" or "only" (or left out to exclude spam), got "bogus"',
      },
    })
  })

  test('an app without records exports only the header of its fields', async () => {
    const t = testApp({ rateLimit: null })
    const owner = await makeUser(t.ctx)
    const endpoint = await makeEndpoint(t.ctx, owner.user.id, { fields: [{ name: 'a' }, { name: '=b' }] })
    const res = await download(t, target('records.exportCsv', { params: { id: endpoint.appId } }), owner.token)
    expect(res.text).toBe(`\uFEFFid,createdAt,a,"'=b",meta.source,meta.timestamp\r\n`)
  })

  test('thousands of records stream across chunk boundaries in order, each once', async () => {
    const t = testApp({ rateLimit: null })
    const owner = await makeUser(t.ctx)
    const endpoint = await makeEndpoint(t.ctx, owner.user.id, { fields: [{ name: 'n', type: 'number' }] })
    const ids = await insertRecords(
      t.ctx,
      endpoint.appId,
      numberedRecords(2501, (n) => n % 3 === 0),
    )
    const res = await download(t, target('records.exportCsv', { params: { id: endpoint.appId } }), owner.token)
    const lines = res.text.split('\r\n')
    expect(lines[0]).toBe('\uFEFFid,createdAt,n,meta.source,meta.timestamp')
    expect(lines.at(-1)).toBe('')
    const kept = ids.map((id, i) => [id, i + 1] as const).filter(([, n]) => n % 3 !== 0)
    expect(lines.slice(1, -1)).toEqual(
      kept.map(([id, n]) => `${id},${new Date(Date.UTC(2026, 0, 1) + n - 1).toISOString()},${n},,`),
    )
  })
})

describe('a filtered export', () => {
  test('streams only the matching records, across chunk boundaries, in order, each once', async () => {
    const t = testApp({ rateLimit: null })
    const owner = await makeUser(t.ctx)
    const endpoint = await makeEndpoint(t.ctx, owner.user.id, { fields: [{ name: 'n', type: 'number' }] })
    const ids = await insertRecords(
      t.ctx,
      endpoint.appId,
      numberedRecords(4501, (n) => n % 3 === 0),
    )
    const params = { id: endpoint.appId }
    const filter = 'n > 1000 && n != 2002'
    const res = await download(
      t,
      target('records.exportCsv', { params, query: { filter, spam: 'include' } }),
      owner.token,
    )
    const lines = res.text.split('\r\n')
    expect(lines[0]).toBe('\uFEFFid,createdAt,spam,n,meta.source,meta.timestamp')
    const matching = ids.map((id, i) => [id, i + 1] as const).filter(([, n]) => n > 1000 && n !== 2002)
    expect(lines.slice(1, -1)).toEqual(
      matching.map(([id, n]) => `${id},${new Date(Date.UTC(2026, 0, 1) + n - 1).toISOString()},${n % 3 === 0},${n},,`),
    )
    const jsonl = await download(t, target('records.exportJsonl', { params, query: { filter } }), owner.token)
    expect(
      jsonl.text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).data.n),
    ).toEqual(matching.map(([, n]) => n).filter((n) => n % 3 !== 0))
  })

  test('a bad filter is a 400 before anything streams', async () => {
    const t = testApp({ rateLimit: null })
    const owner = await makeUser(t.ctx)
    const endpoint = await makeEndpoint(t.ctx, owner.user.id)
    const res = await t.call(
      'records.exportCsv',
      { params: { id: endpoint.appId }, query: { filter: 'n >' } },
      { token: owner.token },
    )
    expect(res.status).toBe(400)
    expect<unknown>(res.body).toEqual({
      code: 400,
      error: {
        type: 'bad_request',
        message: "filter: expected a value after n >: 'text', a number, true, false or null (at character 3)",
      },
    })
  })
})

describe('GET /export.jsonl', () => {
  test('one record per line, exactly the /query record shape', async () => {
    const { jsonl, ids } = await setup()
    const res = await jsonl({ spam: 'include' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="sign-up-form-records.jsonl"; filename*=UTF-8''Sign-up%20%22%CE%B2%22%20form%20records.jsonl`,
    )
    const lines = res.text.split('\n')
    expect(lines.at(-1)).toBe('')
    expect(lines.slice(0, -1).map((line) => JSON.parse(line))).toEqual([
      {
        id: ids[0],
        data: { name: 'Ada', age: 36, extra: 'x', id: 'mine' },
        meta: { source: 'curl', timestamp: '2026-01-01T00:00:00Z' },
        createdAt: T0,
      },
      {
        id: ids[1],
        data: { name: '=cmd()', tags: ['a', 'b'], nested: { k: 1 }, '@key': '+1' },
        meta: { timestamp: 1767225600 },
        spam: true,
        createdAt: T1,
      },
      { id: ids[2], data: { age: -5, name: 'Line\nTwo, "q"', extra: null }, meta: {}, createdAt: T2 },
    ])
  })

  test('the default leaves spam out', async () => {
    const { jsonl, ids } = await setup()
    const res = await jsonl()
    expect(
      res.text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).id),
    ).toEqual([ids[0], ids[2]])
  })
})
