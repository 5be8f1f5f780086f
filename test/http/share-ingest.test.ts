import { describe, expect, test } from 'bun:test'
import { rotateToken } from '../../server/core/share/publish.ts'
import { updateShare } from '../../server/core/share/settings.ts'
import { makeEndpoint, storedFields, storedRecords, type EndpointOptions } from '../core/collect/fixtures.ts'
import { testApp } from '../support/http.ts'
import type { ErrorEnvelope } from '../support/call.ts'

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

async function setup(options: EndpointOptions = {}, config = {}) {
  const t = testApp(config)
  const endpoint = await makeEndpoint(t.ctx, options)
  return { ...t, endpoint }
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, HEAD, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'Content-Type, Authorization, Idempotency-Key, Last-Event-ID, X-Altcha, Tus-Resumable, Upload-Length, Upload-Offset, Upload-Metadata, Upload-Defer-Length, Upload-Concat, X-HTTP-Method-Override',
}

function expectCors(headers: Headers) {
  for (const [name, value] of Object.entries(CORS)) expect(headers.get(name)).toBe(value)
  expect(headers.get('access-control-allow-credentials')).toBeNull()
}

describe('POST /api/v3/share/:token — accepted bodies (rule 1–3)', () => {
  const cases: Array<{ name: string; body: string; type?: string; data: unknown; meta: unknown }> = [
    {
      name: 'flat object',
      body: '{"name":"Ada","age":36,"ok":true}',
      data: { name: 'Ada', age: 36, ok: true },
      meta: {},
    },
    {
      name: 'canonical with meta',
      body: '{"data":{"name":"Ada"},"meta":{"source":"site","timestamp":"2026-01-31T09:30:00Z"}}',
      data: { name: 'Ada' },
      meta: { source: 'site', timestamp: '2026-01-31T09:30:00Z' },
    },
    {
      name: 'canonical with an epoch timestamp',
      body: '{"data":{"n":1},"meta":{"timestamp":1767225600000}}',
      data: { n: 1 },
      meta: { timestamp: 1767225600000 },
    },
    { name: 'canonical without meta', body: '{"data":{"n":1}}', data: { n: 1 }, meta: {} },
    {
      name: 'a webhook with a data key and others is flat',
      body: '{"id":"evt_1","type":"charge","data":{"amount":5}}',
      data: { id: 'evt_1', type: 'charge', data: { amount: 5 } },
      meta: {},
    },
    { name: 'data that is not an object makes it flat', body: '{"data":[1,2]}', data: { data: [1, 2] }, meta: {} },
    {
      name: 'meta that is not an object makes it flat',
      body: '{"data":{"a":1},"meta":"x"}',
      data: { data: { a: 1 }, meta: 'x' },
      meta: {},
    },
    {
      name: 'text/plain holding JSON (sendBeacon)',
      body: '{"beacon":1}',
      type: 'text/plain;charset=UTF-8',
      data: { beacon: 1 },
      meta: {},
    },
    { name: 'no Content-Type at all', body: '{"plain":1}', type: '', data: { plain: 1 }, meta: {} },
    {
      name: 'nested values are kept',
      body: '{"deep":{"a":[1,{"b":null}]},"list":["x","y"]}',
      data: { deep: { a: [1, { b: null }] }, list: ['x', 'y'] },
      meta: {},
    },
    {
      name: 'prototype names are ordinary fields',
      body: '{"__proto__":{"admin":true},"constructor":"c","prototype":1}',
      data: JSON.parse('{"__proto__":{"admin":true},"constructor":"c","prototype":1}'),
      meta: {},
    },
    { name: 'names are trimmed', body: '{"  padded  ":1}', data: { padded: 1 }, meta: {} },
    {
      name: 'safe integers at the edge',
      body: '{"big":9007199254740991,"neg":-9007199254740991,"f":1.5e300}',
      data: { big: 9007199254740991, neg: -9007199254740991, f: 1.5e300 },
      meta: {},
    },
  ]
  for (const c of cases) {
    test(c.name, async () => {
      const { call, ctx, endpoint } = await setup()
      const headers: Record<string, string> =
        c.type === undefined ? { 'content-type': 'application/json' } : c.type ? { 'content-type': c.type } : {}
      const res = await call('ingest.post', { params: { token: endpoint.token } }, { raw: c.body, headers })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ code: 200, data: { id: expect.stringMatching(ID) } })
      expectCors(res.headers)
      const stored = await storedRecords(ctx, endpoint.appId)
      expect(stored).toEqual([
        { id: res.body.data.id, seq: 1, pos: 1, spam: false, data: c.data, meta: c.meta, createdAt: ctx.clock.now() },
      ])
    })
  }

  test('__proto__ never reaches a prototype: stored as an own key, field proposed', async () => {
    const { call, ctx, endpoint } = await setup()
    const res = await call(
      'ingest.post',
      { params: { token: endpoint.token } },
      { raw: '{"__proto__":{"polluted":1}}', headers: { 'content-type': 'application/json' } },
    )
    expect(res.status).toBe(200)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    const [row] = await storedRecords(ctx, endpoint.appId)
    expect(Object.getPrototypeOf(row.data)).toBe(Object.prototype)
    expect(Object.keys(row.data as object)).toEqual(['__proto__'])
    expect(await storedFields(ctx, endpoint.appId)).toEqual([
      { name: '__proto__', type: 'json', autoCreated: true, proposed: true, position: 0 },
    ])
  })

  test('records are numbered in insertion order, ids are time-ordered', async () => {
    const { call, ctx, endpoint } = await setup()
    const ids: string[] = []
    for (let i = 0; i < 5; i++)
      ids.push((await call('ingest.post', { params: { token: endpoint.token }, body: { i } })).body.data.id)
    const stored = await storedRecords(ctx, endpoint.appId)
    expect(stored.map((r) => [r.id, r.seq, r.pos, r.data])).toEqual(ids.map((id, i) => [id, i + 1, i + 1, { i }]))
    expect([...ids].sort()).toEqual(ids)
  })
})

describe('POST /api/v3/share/:token — refused bodies', () => {
  const cases: Array<{ name: string; body: string; type?: string; status: number; error: unknown }> = [
    {
      name: 'malformed JSON',
      body: '{"a":',
      status: 400,
      error: { type: 'bad_json', message: expect.stringContaining('not valid JSON') },
    },
    {
      name: 'empty body',
      body: '',
      status: 400,
      error: { type: 'bad_json', message: 'The request body is empty: send a JSON object such as {"name":"Ada"}' },
    },
    {
      name: 'an array',
      body: '[1]',
      status: 400,
      error: {
        type: 'bad_request',
        message:
          'The request body must be a JSON object (canonical {"data":{…},"meta":{…}} or flat {"field":value}), got an array',
      },
    },
    {
      name: 'a string',
      body: '"hi"',
      status: 400,
      error: {
        type: 'bad_request',
        message:
          'The request body must be a JSON object (canonical {"data":{…},"meta":{…}} or flat {"field":value}), got a string',
      },
    },
    {
      name: 'a number',
      body: '42',
      status: 400,
      error: {
        type: 'bad_request',
        message:
          'The request body must be a JSON object (canonical {"data":{…},"meta":{…}} or flat {"field":value}), got a number',
      },
    },
    {
      name: 'null',
      body: 'null',
      status: 400,
      error: {
        type: 'bad_request',
        message:
          'The request body must be a JSON object (canonical {"data":{…},"meta":{…}} or flat {"field":value}), got null',
      },
    },
    {
      name: 'meta.timestamp of the wrong type',
      body: '{"data":{"a":1},"meta":{"timestamp":true}}',
      status: 400,
      error: {
        type: 'bad_request',
        message: 'meta.timestamp must be an ISO 8601 string ("2026-01-31T09:30:00Z") or epoch number, got a boolean',
        details: {
          problems: [
            {
              path: 'meta',
              message:
                'meta.timestamp must be an ISO 8601 string ("2026-01-31T09:30:00Z") or epoch number, got a boolean',
            },
          ],
        },
      },
    },
    {
      name: 'meta.source not text and an unknown meta key',
      body: '{"data":{"a":1},"meta":{"source":5,"who":"x"}}',
      status: 400,
      error: {
        type: 'bad_request',
        message:
          'meta.source must be text, got a number; meta.who is not known; meta takes only "source", "timestamp" and "utm" (put other values in data)',
        details: {
          problems: [
            { path: 'meta', message: 'meta.source must be text, got a number' },
            {
              path: 'meta',
              message:
                'meta.who is not known; meta takes only "source", "timestamp" and "utm" (put other values in data)',
            },
          ],
        },
      },
    },
    {
      name: 'urlencoded on the JSON endpoint',
      body: 'a=1',
      type: 'application/x-www-form-urlencoded',
      status: 415,
      error: {
        type: 'unsupported_media_type',
        message:
          'Content-Type "application/x-www-form-urlencoded" is not accepted here; send JSON with Content-Type: application/json (or text/plain holding JSON); HTML forms post to /form',
      },
    },
    {
      name: 'xml',
      body: '<a/>',
      type: 'application/xml',
      status: 415,
      error: {
        type: 'unsupported_media_type',
        message:
          'Content-Type "application/xml" is not accepted here; send JSON with Content-Type: application/json (or text/plain holding JSON); HTML forms post to /form',
      },
    },
    {
      name: 'an integer beyond 2^53',
      body: '{"id":12345678901234567890}',
      status: 422,
      error: {
        type: 'invalid_value',
        message:
          'the number 12345678901234567890 is beyond ±2^53−1 with more than 15 significant digits, which a number cannot hold exactly; send it as a string',
        details: {
          problems: [
            {
              path: '',
              message:
                'the number 12345678901234567890 is beyond ±2^53−1 with more than 15 significant digits, which a number cannot hold exactly; send it as a string',
            },
          ],
        },
      },
    },
    {
      name: 'a bad field name',
      body: JSON.stringify({ '   ': 1, ['x'.repeat(65)]: 2, 'tab\there': 3 }),
      status: 422,
      error: {
        type: 'invalid_value',
        message: `3 problems:    : a field name cannot be empty; ${'x'.repeat(65)}: a field name can have at most 64 characters; tab\there: a field name cannot contain control characters`,
        details: {
          problems: [
            { path: '   ', message: 'a field name cannot be empty' },
            { path: 'x'.repeat(65), message: 'a field name can have at most 64 characters' },
            { path: 'tab\there', message: 'a field name cannot contain control characters' },
          ],
        },
      },
    },
    {
      name: 'two keys equal after trimming',
      body: '{"a":1," a":2}',
      status: 422,
      error: {
        type: 'invalid_value',
        message: ' a: is the same field name as another key once trimmed and normalised to NFC ("a")',
        details: {
          problems: [
            { path: ' a', message: 'is the same field name as another key once trimmed and normalised to NFC ("a")' },
          ],
        },
      },
    },
  ]
  for (const c of cases) {
    test(c.name, async () => {
      const { call, ctx, endpoint } = await setup()
      const res = await call(
        'ingest.post',
        { params: { token: endpoint.token } },
        { raw: c.body, headers: { 'content-type': c.type ?? 'application/json' } },
      )
      expect(res.status).toBe(c.status)
      expect(res.body as unknown).toEqual({ code: c.status, error: c.error })
      expectCors(res.headers)
      expect(await storedRecords(ctx, endpoint.appId)).toEqual([])
      expect(await storedFields(ctx, endpoint.appId)).toEqual([])
    })
  }
})

describe('fields: auto-create, limit, defined types (rules 6–8)', () => {
  test("auto-create types a stranger's new keys from their first value, as proposed fields", async () => {
    const { call, ctx, endpoint } = await setup()
    await call('ingest.post', {
      params: { token: endpoint.token },
      body: { t: 'x', n: 1.5, b: false, a: ['x'], o: { k: 1 }, z: null },
    })
    await call('ingest.post', { params: { token: endpoint.token }, body: { t: 5, extra: 'later' } })
    expect(await storedFields(ctx, endpoint.appId)).toEqual([
      { name: 't', type: 'text', autoCreated: true, proposed: true, position: 0 },
      { name: 'n', type: 'number', autoCreated: true, proposed: true, position: 1 },
      { name: 'b', type: 'boolean', autoCreated: true, proposed: true, position: 2 },
      { name: 'a', type: 'json', autoCreated: true, proposed: true, position: 3 },
      { name: 'o', type: 'json', autoCreated: true, proposed: true, position: 4 },
      { name: 'z', type: 'json', autoCreated: true, proposed: true, position: 5 },
      { name: 'extra', type: 'text', autoCreated: true, proposed: true, position: 6 },
    ])
    // Proposed fields keep their inferred type as a hint: a later number in `t` is stored.
    expect((await storedRecords(ctx, endpoint.appId)).map((r) => r.data)).toEqual([
      { t: 'x', n: 1.5, b: false, a: ['x'], o: { k: 1 }, z: null },
      { t: 5, extra: 'later' },
    ])
  })

  test('once the owner accepts a proposed field with a type, submissions are checked against it', async () => {
    const { call, ctx, endpoint } = await setup()
    expect((await call('ingest.post', { params: { token: endpoint.token }, body: { age: 30 } })).status).toBe(200)
    expect((await call('ingest.post', { params: { token: endpoint.token }, body: { age: 'thirty' } })).status).toBe(200)
    const accepted = await call(
      'fields.accept',
      { params: { id: endpoint.appId }, body: { names: ['age'], type: 'number' } },
      { token: endpoint.ownerToken },
    )
    expect(accepted.status).toBe(200)
    expect(accepted.body.data.fields).toMatchObject([
      { name: 'age', type: 'number', autoCreated: false, proposed: false },
    ])
    const patched = await call(
      'fields.update',
      { params: { id: endpoint.appId, field: 'age' }, body: { required: true } },
      { token: endpoint.ownerToken },
    )
    expect(patched.body.data).toMatchObject({
      name: 'age',
      type: 'number',
      required: true,
      autoCreated: false,
      proposed: false,
    })
    const res = await call('ingest.post', { params: { token: endpoint.token }, body: { age: 'forty' } })
    expect(res.status).toBe(422)
    expect(res.body.error).toEqual({
      type: 'invalid_value',
      message: 'age: must be a number, got string "forty"',
      details: { problems: [{ path: 'age', message: 'must be a number, got string "forty"' }] },
    })
    expect(
      (await call('ingest.post', { params: { token: endpoint.token }, body: { other: 1 } })).body.error?.details,
    ).toEqual({
      problems: [{ path: 'age', message: 'is required' }],
    })
    expect((await storedRecords(ctx, endpoint.appId)).map((r) => r.data)).toEqual([{ age: 30 }, { age: 'thirty' }])
  })

  test("the owner's 51st field is refused with field_limit naming the new keys; nothing stored", async () => {
    const defined = Array.from({ length: 48 }, (_, i) => ({ name: `f${i}` }))
    const { call, ctx, endpoint } = await setup({ fields: defined })
    const owner = { token: endpoint.ownerToken }
    const ok = await call(
      'ingest.post',
      { params: { token: endpoint.token }, body: { f0: 'a', new1: 1, new2: 2 } },
      { ...owner },
    )
    expect(ok.status).toBe(200)
    const res = await call(
      'ingest.post',
      { params: { token: endpoint.token }, body: { f1: 'b', new3: 3 } },
      { ...owner },
    )
    expect(res.status).toBe(422)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 422,
      error: {
        type: 'field_limit',
        message:
          'This form already has 50 of at most 50 fields, so "new3" cannot be added; nothing was stored. Reuse existing field names or delete unused fields',
        details: { fields: ['new3'], limit: 50, existing: 50 },
      },
    })
    expect((await storedRecords(ctx, endpoint.appId)).length).toBe(1)
    expect((await storedFields(ctx, endpoint.appId)).slice(48)).toEqual([
      { name: 'new1', type: 'number', autoCreated: true, proposed: false, position: 48 },
      { name: 'new2', type: 'number', autoCreated: true, proposed: false, position: 49 },
    ])
    // A stranger's new key on the full app is stored, as an unlisted key: a proposal could never be accepted.
    expect((await call('ingest.post', { params: { token: endpoint.token }, body: { f1: 'b', new3: 3 } })).status).toBe(
      200,
    )
    expect((await storedFields(ctx, endpoint.appId)).length).toBe(50)
    expect((await ctx.storage.unlisted.list(endpoint.appId)).map((key) => key.name)).toEqual(['new3'])
    expect((await storedRecords(ctx, endpoint.appId)).length).toBe(2)
  })

  test('auto-create off: unknown keys are refused naming them; nothing stored', async () => {
    const { call, ctx, endpoint } = await setup({ autoCreate: false, fields: [{ name: 'name' }] })
    const res = await call('ingest.post', {
      params: { token: endpoint.token },
      body: { name: 'Ada', age: 3, city: 'X' },
    })
    expect(res.status).toBe(422)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 422,
      error: {
        type: 'unknown_field',
        message:
          '"age", "city" are not fields of this form and auto-create is off; remove them or ask the owner to add the fields',
        details: { fields: ['age', 'city'] },
      },
    })
    expect(await storedRecords(ctx, endpoint.appId)).toEqual([])
    expect((await call('ingest.post', { params: { token: endpoint.token }, body: { name: 'Ada' } })).status).toBe(200)
  })

  const typed: EndpointOptions['fields'] = [
    { name: 'text', type: 'text' },
    { name: 'number', type: 'number' },
    { name: 'boolean', type: 'boolean' },
    { name: 'choice', type: 'choice', options: ['red', 'green'] },
    { name: 'multi', type: 'multichoice', options: ['a', 'b'] },
    { name: 'date', type: 'date' },
    { name: 'email', type: 'email' },
    { name: 'json', type: 'json' },
    { name: 'must', type: 'text', required: true },
  ]

  test('defined fields accept values of their type', async () => {
    const { call, ctx, endpoint } = await setup({ fields: typed })
    const data = {
      text: 'hi',
      number: -2.5,
      boolean: true,
      choice: 'red',
      multi: ['a', 'b'],
      date: '2026-02-28',
      email: 'ada@example.com',
      json: { any: [1] },
      must: 'x',
    }
    const res = await call('ingest.post', { params: { token: endpoint.token }, body: data })
    expect(res.status).toBe(200)
    expect((await storedRecords(ctx, endpoint.appId)).map((r) => r.data)).toEqual([data])
    // Missing optional values and nulls are fine.
    expect(
      (await call('ingest.post', { params: { token: endpoint.token }, body: { must: 'y', number: null } })).status,
    ).toBe(200)
  })

  test('every type mismatch and missing required field is listed in one 422', async () => {
    const { call, ctx, endpoint } = await setup({ fields: typed })
    const res = await call('ingest.post', {
      params: { token: endpoint.token },
      body: {
        text: 1,
        number: '5',
        boolean: 'yes',
        choice: 'blue',
        multi: ['a', 'z'],
        date: '2026-02-30',
        email: 'nope',
        json: 'anything',
      },
    })
    expect(res.status).toBe(422)
    const problems = [
      { path: 'text', message: 'must be text, got number 1' },
      { path: 'number', message: 'must be a number, got string "5"' },
      { path: 'boolean', message: 'must be true or false, got string "yes"' },
      { path: 'choice', message: 'must be one of "red", "green", got "blue"' },
      { path: 'multi', message: '"z" is not an option; options are "a", "b"' },
      {
        path: 'date',
        message: 'must be an ISO 8601 date like "2026-01-31" or "2026-01-31T09:30:00Z", got string "2026-02-30"',
      },
      { path: 'email', message: 'must be an e-mail address, got string "nope"' },
      { path: 'must', message: 'is required' },
    ]
    expect(res.body as ErrorEnvelope).toEqual({
      code: 422,
      error: {
        type: 'invalid_value',
        message: `8 problems: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
        details: { problems },
      },
    })
    expect(await storedRecords(ctx, endpoint.appId)).toEqual([])
  })
})

describe('limits (rule 15), with CORS headers on every error', () => {
  test('a declared Content-Length above the limit is a 413 before reading', async () => {
    const { call, ctx, endpoint } = await setup({}, { maxBodyBytes: 1024 })
    const body = JSON.stringify({ big: 'x'.repeat(2000) })
    const res = await call(
      'ingest.post',
      { params: { token: endpoint.token } },
      { raw: body, headers: { 'content-type': 'application/json', 'content-length': String(body.length) } },
    )
    expect(res.status).toBe(413)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 413,
      error: {
        type: 'too_large',
        message:
          'The request body is larger than 1024 bytes; send fewer or smaller records (use /batch for many small ones)',
        details: { limit: 'maxBodyBytes', max: 1024 },
      },
    })
    expectCors(res.headers)
    expect(await storedRecords(ctx, endpoint.appId)).toEqual([])
  })

  test('a chunked body without Content-Length is counted while read', async () => {
    const { app, ctx, endpoint } = await setup({}, { maxBodyBytes: 1024 })
    const chunk = new TextEncoder().encode('x'.repeat(400))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"big":"'))
        if (sent++ < 5) controller.enqueue(chunk)
        else {
          controller.enqueue(new TextEncoder().encode('"}'))
          controller.close()
        }
      },
    })
    const response = await app.handle(
      new Request(`http://localhost:8787${endpoint.path}`, {
        method: 'POST',
        body: stream,
        headers: { 'content-type': 'application/json' },
      }),
    )
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({
      code: 413,
      error: {
        type: 'too_large',
        message:
          'The request body is larger than 1024 bytes; send fewer or smaller records (use /batch for many small ones)',
        details: { limit: 'maxBodyBytes', max: 1024 },
      },
    })
    expectCors(response.headers)
    expect(await storedRecords(ctx, endpoint.appId)).toEqual([])
  })

  test('nesting deeper than maxDepth is a 413', async () => {
    const { call, endpoint } = await setup({}, { maxDepth: 4 })
    expect(
      (await call('ingest.post', { params: { token: endpoint.token }, body: { a: { b: { c: 1 } } } })).status,
    ).toBe(200)
    const res = await call('ingest.post', { params: { token: endpoint.token }, body: { a: { b: { c: { d: [1] } } } } })
    expect(res.status).toBe(413)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 413,
      error: {
        type: 'too_large',
        message: 'The JSON is nested more than 4 levels deep; flatten it',
        details: { limit: 'maxDepth', max: 4 },
      },
    })
  })

  test('a million brackets are refused without recursing', async () => {
    const { call, endpoint } = await setup()
    const res = await call(
      'ingest.post',
      { params: { token: endpoint.token } },
      { raw: '['.repeat(500_000), headers: { 'content-type': 'application/json' } },
    )
    expect(res.status).toBe(413)
    expect(res.body.error?.type).toBe('too_large')
  })

  test('more keys than maxKeys (all levels) is a 413', async () => {
    const { call, ctx, endpoint } = await setup({}, { maxKeys: 5 })
    expect(
      (await call('ingest.post', { params: { token: endpoint.token }, body: { a: 1, b: { c: 1, d: 2, e: 3 } } }))
        .status,
    ).toBe(200)
    const res = await call('ingest.post', {
      params: { token: endpoint.token },
      body: { a: 1, b: { c: 1, d: 2, e: 3, f: 4 } },
    })
    expect(res.status).toBe(413)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 413,
      error: {
        type: 'too_large',
        message: 'A record can hold at most 5 keys (counted at every level); split it into several records',
        details: { limit: 'maxKeys', max: 5 },
      },
    })
    expect((await storedRecords(ctx, endpoint.appId)).length).toBe(1)
  })

  test('the token bucket answers 429 with Retry-After, per endpoint, refilling with time', async () => {
    const { call, clock, endpoint, ctx } = await setup({ rateLimit: '2/s,3' })
    const other = await makeEndpoint(ctx)
    for (let i = 0; i < 3; i++)
      expect((await call('ingest.post', { params: { token: endpoint.token }, body: { i } })).status).toBe(200)
    const res = await call('ingest.post', { params: { token: endpoint.token }, body: { i: 3 } })
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('1')
    expectCors(res.headers)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 429,
      error: {
        type: 'rate_limited',
        message: 'Too many requests to this endpoint (limit 2/s, burst 3); retry after 1 s',
        details: { retryAfterSeconds: 1 },
      },
    })
    // Another endpoint has its own bucket (server default 20/s,100).
    expect((await call('ingest.post', { params: { token: other.token }, body: { a: 1 } })).status).toBe(200)
    clock.advance(500)
    expect((await call('ingest.post', { params: { token: endpoint.token }, body: { i: 4 } })).status).toBe(200)
    expect((await storedRecords(ctx, endpoint.appId)).map((r) => r.data)).toEqual([
      { i: 0 },
      { i: 1 },
      { i: 2 },
      { i: 4 },
    ])
  })

  test('Retry-After is whole seconds ≥ 1 for slow rates', async () => {
    const { call, endpoint } = await setup({ rateLimit: '0.1/s,1' })
    expect((await call('ingest.post', { params: { token: endpoint.token }, body: { i: 1 } })).status).toBe(200)
    const res = await call('ingest.post', { params: { token: endpoint.token }, body: { i: 2 } })
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('10')
  })

  test('rate limit off (endpoint "off", or the server default null)', async () => {
    const a = await setup({ rateLimit: 'off' })
    for (let i = 0; i < 120; i++)
      expect((await a.call('ingest.post', { params: { token: a.endpoint.token }, body: { i } })).status).toBe(200)
    const b = await setup({}, { rateLimit: null })
    for (let i = 0; i < 120; i++)
      expect((await b.call('ingest.post', { params: { token: b.endpoint.token }, body: { i } })).status).toBe(200)
  })
})

describe('switches and tokens (rule 16)', () => {
  test('service off → 403 disabled naming the switch; nothing stored', async () => {
    const { call, ctx, endpoint } = await setup({ service: false })
    const res = await call('ingest.post', { params: { token: endpoint.token }, body: { a: 1 } })
    expect(res.status).toBe(403)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 403,
      error: {
        type: 'disabled',
        message:
          'Writes are switched off for this endpoint (service switch); the owner can turn them on in the share settings',
      },
    })
    expectCors(res.headers)
    expect(await storedRecords(ctx, endpoint.appId)).toEqual([])
  })

  const NOT_FOUND = {
    code: 404,
    error: {
      type: 'not_found',
      message:
        'No published form has this address: the link may be mistyped, or the owner rotated its token or unpublished it',
    },
  }

  test('unknown token and unpublished app → 404', async () => {
    const { request, ctx } = await setup()
    const unpublished = await makeEndpoint(ctx, { published: false })
    for (const path of [
      '/api/v3/share/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/api/v3/share/short',
      '/api/v3/share/%ZZ',
      `/api/v3/share/${'a'.repeat(5000)}`,
      unpublished.path,
      `${unpublished.path}/form`,
      `${unpublished.path}/batch`,
    ]) {
      const res = await request('POST', path, { body: { a: 1 } })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(NOT_FOUND)
      expectCors(res.headers)
    }
  })

  test('a rotated token is a 404 at once (cache dropped by the change feed); switches apply at once', async () => {
    const { call, ctx, endpoint } = await setup()
    expect((await call('ingest.post', { params: { token: endpoint.token }, body: { a: 1 } })).status).toBe(200)
    const { token } = await rotateToken(ctx, endpoint.ownerId, endpoint.appId)
    expect((await call('ingest.post', { params: { token: endpoint.token }, body: { a: 1 } })).body as unknown).toEqual(
      NOT_FOUND,
    )
    expect((await call('ingest.post', { params: { token: token! }, body: { a: 2 } })).status).toBe(200)
    await updateShare(ctx, endpoint.ownerId, endpoint.appId, { service: false })
    expect((await call('ingest.post', { params: { token: token! }, body: { a: 3 } })).status).toBe(403)
    expect((await storedRecords(ctx, endpoint.appId)).map((r) => r.data)).toEqual([{ a: 1 }, { a: 2 }])
  })
})

describe('CORS (rule 13)', () => {
  test('preflight on any share path is 204 with the share headers and no credentials', async () => {
    const { request, endpoint } = await setup()
    for (const path of [
      endpoint.path,
      `${endpoint.path}/form`,
      `${endpoint.path}/batch`,
      `${endpoint.path}/summary`,
      '/api/v3/share/unknown-token-xyz',
    ]) {
      const res = await request('OPTIONS', path, {
        headers: {
          origin: 'null',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      })
      expect(res.status).toBe(204)
      expect(res.text).toBe('')
      expectCors(res.headers)
      expect(res.headers.get('access-control-max-age')).toBe('86400')
    }
  })

  test('control-plane routes get no CORS headers', async () => {
    const { request, endpoint } = await setup()
    for (const [method, path] of [
      ['GET', '/api/v3/health'],
      ['GET', `/api/v3/apps/${endpoint.appId}/summary`],
      ['OPTIONS', '/api/v3/apps'],
      ['GET', '/api/v3/sharex'],
    ]) {
      const res = await request(method, path, { headers: { origin: 'https://evil.example' } })
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
      expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    }
  })
})
