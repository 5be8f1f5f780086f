/**
 * Issue 16, the rows about what a record may hold: field-name rules (lone surrogates,
 * separators, NFC), numbers a double cannot hold, empty records, bounded key lists and
 * CSV header names. Each row checks the whole answer and what /query, /summary and the
 * CSV export hold afterwards.
 */
import { describe, expect, test } from 'bun:test'
import { LIMITS } from '../../server/contract/limits.ts'
import { makeEndpoint, type EndpointOptions } from '../core/collect/fixtures.ts'
import { testApp } from '../support/http.ts'
import { storedView, type StoredView } from '../support/stored-view.ts'

const JSON_TYPE = { 'content-type': 'application/json' }
const URLENCODED = { 'content-type': 'application/x-www-form-urlencoded' }
const ID = expect.stringMatching(/^[0-9a-f-]{36}$/)

async function setup(options: EndpointOptions = {}) {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx, options)
  return { ...t, endpoint }
}

const NOTHING_STORED: StoredView = { data: [], summary: { total: 0, fields: [] }, csv: ['meta.source,meta.timestamp'] }

const SURROGATE =
  'a field name cannot contain a lone surrogate (\\ud800–\\udfff without its pair); send well-formed Unicode'
const BEYOND = (literal: string) =>
  `the number ${literal} is beyond ±2^53−1 with more than 15 significant digits, which a number cannot hold exactly; send it as a string`
const EMPTY = {
  code: 422,
  error: {
    type: 'empty_record',
    message: 'The record has no fields; send at least one key, e.g. {"name":"Ada"} (or name=Ada from a form)',
  },
}

const invalid = (...problems: Array<{ path: string; message: string }>) => ({
  code: 422,
  error: {
    type: 'invalid_value',
    message:
      problems.length === 1
        ? `${problems[0].path ? `${problems[0].path}: ` : ''}${problems[0].message}`
        : `${problems.length} problems: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
    details: { problems },
  },
})

/** The 422 of the JSON pre-scan, whose problems have no path. */
const inexact = (...messages: string[]) => ({
  code: 422,
  error: {
    type: 'invalid_value',
    message:
      messages.length === 1
        ? messages[0]
        : `${messages.length} numbers cannot be stored exactly: ${messages.join('; ')}`,
    details: { problems: messages.map((message) => ({ path: '', message })) },
  },
})

describe('refused records store nothing (rows 1, 3, 4, 11, 14)', () => {
  const cases: Array<{
    row: number
    name: string
    path?: string
    body: string
    headers?: Record<string, string>
    answer: unknown
  }> = [
    {
      row: 1,
      name: 'two lone-surrogate keys',
      body: '{"\\ud800":1,"\\udc00":2}',
      answer: invalid({ path: '\ud800', message: SURROGATE }, { path: '\udc00', message: SURROGATE }),
    },
    {
      row: 1,
      name: 'the same lone-surrogate key twice',
      body: '{"\\ud800":1,"\\ud800":2}',
      answer: invalid({ path: '\ud800', message: SURROGATE }),
    },
    {
      row: 1,
      name: 'a lone surrogate inside a longer key',
      body: '{"ok\\udfffko":1}',
      answer: invalid({ path: 'ok\udfffko', message: SURROGATE }),
    },
    {
      row: 14,
      name: 'a line separator in a key',
      body: '{"a\\u2028b":1}',
      answer: invalid({ path: 'a\u2028b', message: 'a field name cannot contain control characters' }),
    },
    {
      row: 14,
      name: 'NFD and NFC spellings of one name in one record',
      body: JSON.stringify({ 'cafe\u0301': 1, 'caf\u00e9': 2 }),
      answer: invalid({
        path: 'caf\u00e9',
        message: 'is the same field name as another key once trimmed and normalised to NFC ("caf\u00e9")',
      }),
    },
    {
      row: 3,
      name: 'a fraction beyond 2^53',
      body: '{"n":9007199254740993.0}',
      answer: inexact(BEYOND('9007199254740993.0')),
    },
    {
      row: 3,
      name: 'a long fraction beyond 2^53',
      body: '{"n":12345678901234567890.5}',
      answer: inexact(BEYOND('12345678901234567890.5')),
    },
    {
      row: 3,
      name: 'an exponent that keeps too many digits',
      body: '{"n":9.007199254740993e15}',
      answer: inexact(BEYOND('9.007199254740993e15')),
    },
    {
      row: 4,
      name: 'a number that underflows to 0',
      body: '{"n":1e-400}',
      answer: inexact('the number 1e-400 is too small for a number (it would be stored as 0); send it as a string'),
    },
    {
      row: 4,
      name: 'a number that overflows',
      body: '{"n":-1e400}',
      answer: inexact('the number -1e400 is too large for a number; send it as a string'),
    },
    {
      row: 3,
      name: 'two inexact numbers are both named',
      body: '{"a":1e-999,"b":[18446744073709551617]}',
      answer: inexact(
        'the number 1e-999 is too small for a number (it would be stored as 0); send it as a string',
        BEYOND('18446744073709551617'),
      ),
    },
    { row: 11, name: '{} as JSON', body: '{}', answer: EMPTY },
    { row: 11, name: 'canonical with empty data', body: '{"data":{},"meta":{"source":"x"}}', answer: EMPTY },
    { row: 11, name: 'an empty /form body', path: '/form', body: '', headers: URLENCODED, answer: EMPTY },
    {
      row: 11,
      name: 'a /form body of reserved keys only',
      path: '/form',
      body: '_redirect=https%3A%2F%2Fexample.com&_source=site',
      headers: URLENCODED,
      answer: EMPTY,
    },
    {
      row: 11,
      name: 'an empty record in a batch',
      path: '/batch',
      body: '[{"a":1},{}]',
      answer: {
        code: 422,
        error: {
          type: 'empty_record',
          message: `Record 1 of the batch: ${EMPTY.error.message}; nothing was stored`,
          details: { index: 1 },
        },
      },
    },
  ]
  for (const c of cases) {
    test(`row ${c.row}: ${c.name}`, async () => {
      const t = await setup()
      const res = await t.request('POST', `${t.endpoint.path}${c.path ?? ''}`, {
        raw: c.body,
        headers: c.headers ?? JSON_TYPE,
      })
      expect({ status: res.status, body: res.body }).toEqual({
        status: (c.answer as { code: number }).code,
        body: c.answer,
      })
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      expect(await storedView(t, t.endpoint)).toEqual(NOTHING_STORED)
    })
  }
})

describe('accepted edge values are stored as /query, /summary and the CSV show them (rows 3, 4, 11, 14)', () => {
  const cases: Array<{
    row: number
    name: string
    path?: string
    bodies: string[]
    headers?: Record<string, string>
    view: StoredView
  }> = [
    {
      row: 14,
      name: 'NFD and NFC spellings in two records are one field, stored in NFC',
      bodies: [JSON.stringify({ 'cafe\u0301': 1 }), JSON.stringify({ 'caf\u00e9': 2 })],
      view: {
        data: [{ 'caf\u00e9': 1 }, { 'caf\u00e9': 2 }],
        summary: { total: 2, fields: ['caf\u00e9'] },
        csv: ['caf\u00e9,meta.source,meta.timestamp', '1,,', '2,,'],
      },
    },
    {
      row: 14,
      name: 'an NFD /form name is the NFC field',
      path: '/form',
      headers: URLENCODED,
      bodies: [`${encodeURIComponent('cafe\u0301')}=7`],
      view: {
        data: [{ 'caf\u00e9': 7 }],
        summary: { total: 1, fields: ['caf\u00e9'] },
        csv: ['caf\u00e9,meta.source,meta.timestamp', '7,,'],
      },
    },
    {
      row: 3,
      name: 'large numbers with few digits are exact and kept',
      bodies: ['{"n":1e20,"m":-2.5e300,"k":100000000000000000000}'],
      view: {
        data: [{ n: 1e20, m: -2.5e300, k: 1e20 }],
        summary: { total: 1, fields: ['n', 'm', 'k'] },
        csv: ['n,m,k,meta.source,meta.timestamp', '100000000000000000000,-2.5e+300,100000000000000000000,,'],
      },
    },
    {
      row: 4,
      name: '-0 is stored as 0, and a tiny number that is not 0 is kept',
      bodies: ['{"z":-0,"t":5e-324,"zero":0.0e10}'],
      view: {
        data: [{ z: 0, t: 5e-324, zero: 0 }],
        summary: { total: 1, fields: ['z', 't', 'zero'] },
        csv: ['z,t,zero,meta.source,meta.timestamp', '0,5e-324,0,,'],
      },
    },
    {
      row: 3,
      name: '/form keeps digits a number would lose as text',
      path: '/form',
      headers: URLENCODED,
      bodies: [`a=9007199254740993.0&b=0.${'0'.repeat(400)}1&c=12.5`],
      view: {
        data: [{ a: '9007199254740993.0', b: `0.${'0'.repeat(400)}1`, c: 12.5 }],
        summary: { total: 1, fields: ['a', 'b', 'c'] },
        csv: ['a,b,c,meta.source,meta.timestamp', `9007199254740993.0,0.${'0'.repeat(400)}1,12.5,,`],
      },
    },
    {
      row: 11,
      name: 'a filled honeypot alone is answered like a success and stored as spam',
      bodies: ['{"_gotcha":"bot"}'],
      view: { data: [], summary: { total: 0, fields: [] }, csv: ['meta.source,meta.timestamp'] },
    },
  ]
  for (const c of cases) {
    test(`row ${c.row}: ${c.name}`, async () => {
      const t = await setup()
      for (const body of c.bodies) {
        const res = await t.request('POST', `${t.endpoint.path}${c.path ?? ''}`, {
          raw: body,
          headers: c.headers ?? JSON_TYPE,
        })
        expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { code: 200, data: { id: ID } } })
      }
      expect(await storedView(t, t.endpoint)).toEqual(c.view)
    })
  }
})

describe("/batch maps an element's problem as the single-record path does, with its index (row 8)", () => {
  const cases: Array<{ name: string; element: string; status: number; type: string }> = [
    { name: 'null', element: 'null', status: 400, type: 'bad_request' },
    { name: 'a number', element: '1', status: 400, type: 'bad_request' },
    { name: 'unknown meta', element: '{"data":{"a":1},"meta":{"x":1}}', status: 400, type: 'bad_request' },
    { name: 'meta.source not text', element: '{"data":{"a":1},"meta":{"source":5}}', status: 400, type: 'bad_request' },
    { name: 'a lone-surrogate key', element: '{"\\ud800":1}', status: 422, type: 'invalid_value' },
    { name: 'an empty record', element: '{}', status: 422, type: 'empty_record' },
    {
      name: 'too many keys',
      element: JSON.stringify(Object.fromEntries(Array.from({ length: LIMITS.maxKeys + 1 }, (_, i) => [`k${i}`, i]))),
      status: 413,
      type: 'too_large',
    },
  ]
  for (const c of cases) {
    test(c.name, async () => {
      const t = await setup()
      const single = await t.call(
        'ingest.post',
        { params: { token: t.endpoint.token } },
        { raw: c.element, headers: JSON_TYPE },
      )
      const batch = await t.call(
        'ingest.batch',
        { params: { token: t.endpoint.token } },
        { raw: `[{"ok":1},${c.element}]`, headers: JSON_TYPE },
      )
      expect([single.status, single.body.error?.type] as unknown).toEqual([c.status, c.type])
      const details = single.body.error?.details ?? {}
      expect(batch.body as unknown).toEqual({
        code: c.status,
        error: {
          type: c.type,
          message: `Record 1 of the batch: ${single.body.error?.message.replace(/^The request body/, 'It')}; nothing was stored`,
          details: { index: 1, ...details },
        },
      })
      expect(batch.status).toBe(c.status)
      expect(await storedView(t, t.endpoint)).toEqual(NOTHING_STORED)
    })
  }
})

describe('errors about many keys stay small (row 12)', () => {
  const keys = Array.from({ length: 999 }, (_, i) => `key${i}`)
  const listed = keys.slice(0, 20)
  const names = `${listed.map((key) => JSON.stringify(key)).join(', ')} and 979 more keys`

  test("a stranger's 999 new keys: stored whole, 10 proposals, the catalogue of unlisted keys full at its bound", async () => {
    const t = await setup()
    const body = Object.fromEntries(keys.map((key) => [key, 1]))
    const res = await t.call('ingest.post', { params: { token: t.endpoint.token }, body })
    expect(res.status).toBe(200)
    const read = await t.call('reads.query', { params: { token: t.endpoint.token } }, { token: t.endpoint.ownerToken })
    expect(read.body.records.map((record: { data: unknown }) => record.data)).toEqual([body])
    const fields = await t.call('fields.list', { params: { id: t.endpoint.appId } }, { token: t.endpoint.ownerToken })
    expect(fields.body.data.fields.map((field: { name: string }) => field.name)).toEqual(
      keys.slice(0, LIMITS.proposalsPerClient),
    )
    // Listed oldest first, by name within the same time.
    expect(fields.body.data.unlisted.map((key: { name: string }) => key.name)).toEqual(
      keys.slice(LIMITS.proposalsPerClient, LIMITS.proposalsPerClient + LIMITS.maxUnlistedKeys).sort(),
    )
  })

  test("the owner's 999 new keys: field_limit names the first 20 and counts them all", async () => {
    const t = await setup()
    const res = await t.call(
      'ingest.post',
      { params: { token: t.endpoint.token }, body: Object.fromEntries(keys.map((key) => [key, 1])) },
      { token: t.endpoint.ownerToken },
    )
    expect({ status: res.status, body: res.body } as unknown).toEqual({
      status: 422,
      body: {
        code: 422,
        error: {
          type: 'field_limit',
          message: `This form already has 0 of at most ${LIMITS.maxFields} fields, so ${names} cannot be added; nothing was stored. Reuse existing field names or delete unused fields`,
          details: { fields: listed, count: 999, limit: LIMITS.maxFields, existing: 0 },
        },
      },
    })
    expect(res.text.length).toBeLessThan(2000)
    expect(await storedView(t, t.endpoint)).toEqual(NOTHING_STORED)
  })

  test('unknown_field with auto-create off is bounded the same way', async () => {
    const t = await setup({ autoCreate: false })
    const res = await t.call('ingest.post', {
      params: { token: t.endpoint.token },
      body: Object.fromEntries(keys.map((key) => [key, 1])),
    })
    expect({ status: res.status, body: res.body } as unknown).toEqual({
      status: 422,
      body: {
        code: 422,
        error: {
          type: 'unknown_field',
          message: `${names} are not fields of this form and auto-create is off; remove them or ask the owner to add the fields`,
          details: { fields: listed, count: 999 },
        },
      },
    })
    expect(await storedView(t, t.endpoint)).toEqual(NOTHING_STORED)
  })
})

describe('CSV header names are unique and predictable (row 9)', () => {
  test('keys named like fixed columns, and like their data. names', async () => {
    const t = await setup()
    const res = await t.call('ingest.post', {
      params: { token: t.endpoint.token },
      body: { id: '1', 'data.id': '2', createdAt: '3', 'data.createdAt': '4', 'meta.source': '5', 'data.id (2)': '6' },
    })
    expect(res.status).toBe(200)
    expect(await storedView(t, t.endpoint)).toEqual({
      data: [
        { id: '1', 'data.id': '2', createdAt: '3', 'data.createdAt': '4', 'meta.source': '5', 'data.id (2)': '6' },
      ],
      summary: { total: 1, fields: ['id', 'data.id', 'createdAt', 'data.createdAt', 'meta.source', 'data.id (2)'] },
      csv: [
        'data.id,data.id (2),data.createdAt,data.createdAt (2),data.meta.source,data.id (2) (2),meta.source,meta.timestamp',
        '1,2,3,4,5,6,,',
      ],
    })
  })
})
