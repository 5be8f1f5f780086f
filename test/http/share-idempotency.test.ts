/**
 * Idempotency-Key on the three ingest paths (issue 17 row 13): a retry of a submission
 * whose answer was lost gets the first answer's ids, never a duplicate; the key is kept per
 * endpoint for 24 hours, refused when reused for other records, and stored in the
 * transaction that commits the records.
 */
import { describe, expect, test } from 'bun:test'
import { keyPruner } from '../../server/core/collect/idempotency.ts'
import { LIMITS } from '../../server/contract/limits.ts'
import { makeEndpoint, storedRecords } from '../core/collect/fixtures.ts'
import { testApp } from '../support/http.ts'
import type { BodyOf } from '../support/call.ts'

const JSON_HEADERS = { 'content-type': 'application/json' }
const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' }
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

interface Path {
  name: string
  suffix: '' | '/form' | '/batch'
  headers: Record<string, string>
  body: string
  other: string
  /** The ids an answer carries. */
  ids(body: unknown): string[]
  /** How many records one submission stores. */
  records: number
}

const PATHS: Path[] = [
  {
    name: 'POST /<token>',
    suffix: '',
    headers: JSON_HEADERS,
    body: '{"n":1}',
    other: '{"n":2}',
    ids: (body) => [(body as BodyOf<'ingest.post'>).data.id],
    records: 1,
  },
  {
    name: 'POST /<token>/form',
    suffix: '/form',
    headers: FORM_HEADERS,
    body: 'n=1',
    other: 'n=2',
    ids: (body) => [(body as { data: { id: string } }).data.id],
    records: 1,
  },
  {
    name: 'POST /<token>/batch',
    suffix: '/batch',
    headers: JSON_HEADERS,
    body: '[{"n":1},{"n":2}]',
    other: '[{"n":1}]',
    ids: (body) => (body as BodyOf<'ingest.batch'>).data.ids,
    records: 2,
  },
]

async function setup() {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx)
  const post = (path: Path, body: string, key?: string, at = endpoint.path) =>
    t.request('POST', `${at}${path.suffix}`, {
      raw: body,
      headers: key === undefined ? path.headers : { ...path.headers, 'idempotency-key': key },
    })
  return { ...t, endpoint, post }
}

describe.each(PATHS)('Idempotency-Key on $name', (path) => {
  test('a retry with the same key and records gets the first answer, and nothing more is stored', async () => {
    const { post, ctx, endpoint } = await setup()
    const first = await post(path, path.body, 'order-42')
    expect(first.status).toBe(200)
    const ids = path.ids(first.body)
    expect(ids).toHaveLength(path.records)
    for (const id of ids) expect(id).toMatch(ID)
    for (let retry = 0; retry < 3; retry++) {
      const again = await post(path, path.body, 'order-42')
      expect({ status: again.status, body: again.body }).toEqual({ status: 200, body: first.body })
    }
    expect((await storedRecords(ctx, endpoint.appId)).map((record) => record.id)).toEqual(ids)
  })

  test('the same key for other records is refused with 422 and stores nothing', async () => {
    const { post, ctx, endpoint } = await setup()
    const first = await post(path, path.body, 'k1')
    const reused = await post(path, path.other, 'k1')
    expect({ status: reused.status, body: reused.body }).toEqual({
      status: 422,
      body: {
        code: 422,
        error: {
          type: 'idempotency_key_reused',
          message:
            'This Idempotency-Key was used within the last 24 hours for a different submission; send a new key for new records',
        },
      },
    })
    expect((await storedRecords(ctx, endpoint.appId)).map((record) => record.id)).toEqual(path.ids(first.body))
  })

  test('without a key, or with another key, every submission is stored', async () => {
    const { post, ctx, endpoint } = await setup()
    // A form post's duplicate window (share setting dedupeSeconds) would store the keyless repeat once.
    await ctx.storage.share.update(endpoint.appId, { dedupeSeconds: 0 }, ctx.clock.now())
    const answers = [
      await post(path, path.body),
      await post(path, path.body),
      await post(path, path.body, 'a'),
      await post(path, path.body, 'b'),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    expect((await storedRecords(ctx, endpoint.appId)).length).toBe(4 * path.records)
  })

  test('keys are per endpoint: the same key on another endpoint is another submission', async () => {
    const { post, ctx, endpoint } = await setup()
    const second = await makeEndpoint(ctx)
    const a = await post(path, path.body, 'shared')
    const b = await post(path, path.body, 'shared', second.path)
    expect([a.status, b.status]).toEqual([200, 200])
    expect(path.ids(b.body)).not.toEqual(path.ids(a.body))
    expect((await storedRecords(ctx, endpoint.appId)).length).toBe(path.records)
    expect((await storedRecords(ctx, second.appId)).length).toBe(path.records)
  })

  test('a key is kept 24 hours: a day later the same key stores the records again', async () => {
    const { post, ctx, endpoint, clock } = await setup()
    const first = await post(path, path.body, 'daily')
    clock.advance(LIMITS.idempotencyKeyTtlMs - 1)
    expect((await post(path, path.body, 'daily')).body).toEqual(first.body)
    clock.advance(1)
    const later = await post(path, path.body, 'daily')
    expect(later.status).toBe(200)
    expect(path.ids(later.body)).not.toEqual(path.ids(first.body))
    expect((await storedRecords(ctx, endpoint.appId)).length).toBe(2 * path.records)
  })

  test('concurrent requests with one key (one group commit) store the records once and all get the same ids', async () => {
    const { post, ctx, endpoint } = await setup()
    const answers = await Promise.all([1, 2, 3, 4].map(() => post(path, path.body, 'burst')))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    const ids = path.ids(answers[0].body)
    for (const answer of answers) expect(path.ids(answer.body)).toEqual(ids)
    expect((await storedRecords(ctx, endpoint.appId)).map((record) => record.id)).toEqual(ids)
  })
})

describe('Idempotency-Key: refusals', () => {
  const bad = 'Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID is a good key)'
  test.each([
    ['empty', ''],
    ['blank', '   '],
    ['too long', 'k'.repeat(LIMITS.maxIdempotencyKeyLength + 1)],
    ['not ASCII', 'clé'],
  ])('a key that is %s is a 400, checked before anything else', async (_name, key) => {
    const { post, ctx, endpoint } = await setup()
    const res = await post(PATHS[0], PATHS[0].body, key)
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { code: 400, error: { type: 'bad_request', message: bad } },
    })
    expect(await storedRecords(ctx, endpoint.appId)).toEqual([])
  })

  test('a key of 255 characters is fine', async () => {
    const { post } = await setup()
    expect((await post(PATHS[0], PATHS[0].body, 'k'.repeat(LIMITS.maxIdempotencyKeyLength))).status).toBe(200)
  })

  test('a refused submission keeps no key: corrected, the retry with the same key is stored', async () => {
    const { request, ctx } = await setup()
    const endpoint = await makeEndpoint(ctx, { autoCreate: false, fields: [{ name: 'n', type: 'number' }] })
    const send = (body: string) =>
      request<BodyOf<'ingest.post'>>('POST', endpoint.path, {
        raw: body,
        headers: { ...JSON_HEADERS, 'idempotency-key': 'fix-me' },
      })
    expect((await send('{"n":"one"}')).status).toBe(422)
    expect((await send('{"x":1}')).status).toBe(422)
    const fixed = await send('{"n":1}')
    expect(fixed.status).toBe(200)
    expect((await storedRecords(ctx, endpoint.appId)).map((record) => record.id)).toEqual([fixed.body.data.id])
  })

  test("a key refused for the owner's field limit is not kept either", async () => {
    const { request, ctx } = await setup()
    const endpoint = await makeEndpoint(ctx, {
      fields: Array.from({ length: LIMITS.maxFields }, (_, i) => ({ name: `f${i}` })),
    })
    const send = (body: string, key: string) =>
      request<BodyOf<'ingest.post'>>('POST', endpoint.path, {
        token: endpoint.ownerToken,
        raw: body,
        headers: { ...JSON_HEADERS, 'idempotency-key': key },
      })
    expect((await send('{"extra":1}', 'limit')).body.error).toMatchObject({
      type: 'field_limit',
      details: { existing: LIMITS.maxFields },
    })
    expect((await send('{"f0":"x"}', 'limit')).status).toBe(200)
  })
})

describe('Idempotency-Key: storage', () => {
  test('the store deletes the keys created before a time, and only those', async () => {
    const { post, ctx, clock } = await setup()
    const start = clock.now()
    await post(PATHS[0], '{"n":1}', 'old')
    // Within the hour, so the writer's own pruning does not run again.
    clock.advance(30 * 60 * 1000)
    await post(PATHS[0], '{"n":2}', 'new')
    expect(await ctx.storage.records.pruneIdempotencyKeys(start + 1)).toBe(1)
    expect(await ctx.storage.records.pruneIdempotencyKeys(start + 1)).toBe(0)
    expect((await post(PATHS[0], '{"n":3}', 'old')).status).toBe(200)
    expect((await post(PATHS[0], '{"n":3}', 'new')).status).toBe(422)
  })

  test('the writer prunes at most once an hour, everything older than 24 hours', () => {
    let now = 1_000_000_000
    const calls: number[] = []
    const prune = keyPruner(
      () => now,
      async (before) => calls.push(before),
    )
    const steps = [0, 1, 60 * 60 * 1000 - 2, 1, 60 * 60 * 1000]
    const ran = steps.map((step) => {
      now += step
      return prune() !== null
    })
    expect(ran).toEqual([true, false, false, true, true])
    const at = (offset: number) => 1_000_000_000 + offset - LIMITS.idempotencyKeyTtlMs + 1
    expect(calls).toEqual([at(0), at(60 * 60 * 1000), at(2 * 60 * 60 * 1000)])
  })

  test('the browser may send the header: preflights allow it', async () => {
    const { request, endpoint } = await setup()
    const res = await request('OPTIONS', endpoint.path, {
      headers: { origin: 'https://site.example', 'access-control-request-headers': 'content-type, idempotency-key' },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-headers')).toBe(
      'Content-Type, Authorization, Idempotency-Key, Last-Event-ID, X-Altcha, Tus-Resumable, Upload-Length, Upload-Offset, Upload-Metadata, Upload-Defer-Length, Upload-Concat, X-HTTP-Method-Override',
    )
  })
})

describe('Idempotency-Key in ?help', () => {
  test.each(['', '/form', '/batch'])('GET …%s?help explains retries with the key, and the 422', async (suffix) => {
    const { request, endpoint } = await setup()
    const help = await request('GET', `${endpoint.path}${suffix}?help`)
    expect(help.status).toBe(200)
    const url = `http://localhost:8787${endpoint.path}`
    expect(help.text).toContain(
      [
        '## Retries',
        '',
        'A connection that breaks after the request was sent leaves the client not knowing whether the record was stored. Send an `Idempotency-Key` header (any 1 to 255 printable ASCII characters, e.g. a UUID made once per submission) and retry with the same key and body: if the first request was stored, the retry gets the same answer with the same id(s) and nothing is stored twice. Keys are kept per endpoint for 24 hours, with the records, on /, /form and /batch alike.',
        '',
        '```sh',
        `curl -X POST '${url}' -H 'Content-Type: application/json' -H 'Idempotency-Key: 3f1c2a9e-order-1187' -d '{"name":"Ada"}'`,
        '```',
        '',
        'The same key with a different body within 24 hours is refused with 422 `idempotency_key_reused`. A submission that was refused (4xx) keeps no key: fix it and retry with the same key.',
        '',
        '## Spam and duplicates',
      ].join('\n'),
    )
    expect(help.text).toContain(
      '| 422 | `idempotency_key_reused` | The `Idempotency-Key` was used for a different submission within 24 hours; nothing stored. |',
    )
  })
})
