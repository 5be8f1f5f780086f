import { describe, expect, test } from 'bun:test'
import { LIMITS } from '../../server/contract/limits.ts'
import { makeEndpoint, storedFields, storedRecords, type EndpointOptions } from '../core/collect/fixtures.ts'
import { testApp } from '../support/http.ts'
import { invalid, type ErrorEnvelope } from '../support/call.ts'

async function setup(options: EndpointOptions = {}) {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx, options)
  return { ...t, endpoint }
}

describe('POST /:token/batch', () => {
  test('canonical and flat records in one request, stored in order with one id each', async () => {
    const { call, ctx, endpoint } = await setup()
    const res = await call('ingest.batch', {
      params: { token: endpoint.token },
      body: [{ a: 1 }, { data: { b: 'x' }, meta: { source: 'import' } }, { a: 2, _gotcha: 'bot' }],
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 200, data: { ids: [expect.any(String), expect.any(String), expect.any(String)] } })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect((await storedRecords(ctx, endpoint.appId)).map((r) => [r.id, r.seq, r.pos, r.spam, r.data, r.meta])).toEqual(
      [
        [res.body.data.ids[0], 1, 1, false, { a: 1 }, {}],
        [res.body.data.ids[1], 2, 2, false, { b: 'x' }, { source: 'import' }],
        [res.body.data.ids[2], 3, null, true, { a: 2 }, { spamReasons: ['honeypot'] }],
      ],
    )
    expect((await storedFields(ctx, endpoint.appId)).map((f) => [f.name, f.type])).toEqual([
      ['a', 'number'],
      ['b', 'text'],
    ])
  })

  test(`${LIMITS.maxBatch} records are accepted; one more is a 413`, async () => {
    const { call, ctx, endpoint } = await setup()
    const full = Array.from({ length: LIMITS.maxBatch }, (_, i) => ({ i }))
    const ok = await call('ingest.batch', { params: { token: endpoint.token }, body: full })
    expect(ok.status).toBe(200)
    expect(ok.body.data.ids.length).toBe(LIMITS.maxBatch)
    const res = await call('ingest.batch', { params: { token: endpoint.token }, body: [...full, { i: -1 }] })
    expect(res.status).toBe(413)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 413,
      error: {
        type: 'too_large',
        message: `A batch can hold at most ${LIMITS.maxBatch} records, got ${LIMITS.maxBatch + 1}; split it`,
        details: { limit: 'maxBatch', max: LIMITS.maxBatch },
      },
    })
    expect((await storedRecords(ctx, endpoint.appId)).length).toBe(LIMITS.maxBatch)
  })

  const refused: Array<{ name: string; options?: EndpointOptions; body: unknown; status: number; error: unknown }> = [
    {
      name: 'not an array',
      body: { a: 1 },
      status: 400,
      error: {
        type: 'bad_request',
        message: 'A batch must be a JSON array of records, e.g. [{"name":"Ada"},{"name":"Grace"}]',
      },
    },
    {
      name: 'an empty array',
      body: [],
      status: 400,
      error: { type: 'bad_request', message: 'The batch is empty; send at least one record' },
    },
    {
      name: 'an element that is not an object',
      body: [{ a: 1 }, 'x'],
      status: 400,
      error: {
        type: 'bad_request',
        message:
          'Record 1 of the batch: It must be a JSON object (canonical {"data":{…},"meta":{…}} or flat {"field":value}), got a string; nothing was stored',
        details: { index: 1 },
      },
    },
    {
      name: 'an element with a wrong value',
      options: { fields: [{ name: 'n', type: 'number' }] },
      body: [{ n: 1 }, { n: 2 }, { n: 'three' }],
      status: 422,
      error: {
        type: 'invalid_value',
        message: 'Record 2 of the batch: n: must be a number, got string "three"; nothing was stored',
        details: { index: 2, problems: [{ path: 'n', message: 'must be a number, got string "three"' }] },
      },
    },
    {
      name: 'an element with an unknown key (auto-create off)',
      options: { autoCreate: false, fields: [{ name: 'n' }] },
      body: [{ n: 'a' }, { n: 'b', z: 1 }],
      status: 422,
      error: {
        type: 'unknown_field',
        message:
          'Record 1 of the batch: "z" is not a field of this form and auto-create is off; remove it or ask the owner to add the field; nothing was stored',
        details: { index: 1, fields: ['z'] },
      },
    },
  ]
  for (const c of refused) {
    test(`refused: ${c.name}; nothing stored`, async () => {
      const { call, ctx, endpoint } = await setup(c.options)
      const fieldsBefore = await storedFields(ctx, endpoint.appId)
      const res = await call('ingest.batch', { params: { token: endpoint.token }, body: invalid(c.body) })
      expect(res.status).toBe(c.status)
      expect(res.body as unknown).toEqual({ code: c.status, error: c.error })
      expect(await storedRecords(ctx, endpoint.appId)).toEqual([])
      expect(await storedFields(ctx, endpoint.appId)).toEqual(fieldsBefore)
    })
  }

  test('a batch is one token of the rate limit', async () => {
    const t = testApp()
    const endpoint = await makeEndpoint(t.ctx, { rateLimit: '1/s,1' })
    const res = await t.call('ingest.batch', {
      params: { token: endpoint.token },
      body: Array.from({ length: 50 }, (_, i) => ({ i })),
    })
    expect(res.status).toBe(200)
    expect((await t.call('ingest.batch', { params: { token: endpoint.token }, body: [{ i: 0 }] })).status).toBe(429)
  })
})
