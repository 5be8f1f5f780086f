/**
 * Fuzzing the write paths (issue 16, fast-check): arbitrary strings, byte sequences and
 * JSON values (keys included) posted to the endpoint, /form and /batch. Every answer is
 * below 500; every refusal is a JSON error whose `code` is the status; no ERROR is logged;
 * and afterwards /query, /summary and the CSV export agree on what was stored: exactly the
 * acknowledged records, in order.
 *
 * `npm test` runs a fixed seed; `bun bench/fuzz-share.ts` runs long with fresh seeds
 * (SVC_FUZZ_RUNS and SVC_FUZZ_SEED are read here).
 */
import { expect, test } from 'bun:test'
import fc from 'fast-check'
import { checkProperty } from './check.ts'
import { makeEndpoint } from '../core/collect/fixtures.ts'
import { testApp } from '../support/http.ts'
import type { BodyOf } from '../support/call.ts'
import { storedView } from '../support/stored-view.ts'

const RUNS = Number(process.env.SVC_FUZZ_RUNS ?? 40)
const SEED = Number(process.env.SVC_FUZZ_SEED ?? 16)

const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    '__proto__',
    'constructor',
    'id',
    'data.id',
    'createdAt',
    'meta.source',
    '_redirect',
    'cafe\u0301',
    'caf\u00e9',
    '\ud800',
    'a\u2028b',
    '\u0000',
  ),
)

/** JSON numbers, the awkward ones included (as literals, so they reach the parser unrounded). */
const numberLiteral = fc.oneof(
  fc.double().map((x) => (Number.isFinite(x) ? JSON.stringify(x) : '1e400')),
  fc.constantFrom(
    '-0',
    '1e-400',
    '9007199254740993.0',
    '12345678901234567890.5',
    '1e20',
    '5e-324',
    '9007199254740993',
    '0.0e5',
  ),
)

/** JSON text of any value, keys arbitrary (lone surrogates written as escapes). */
const { json } = fc.letrec<{ json: string }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    text.map((s) => JSON.stringify(s)),
    numberLiteral,
    fc.constantFrom('true', 'false', 'null'),
    fc.array(tie('json'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc
      .array(fc.tuple(text, tie('json')), { maxLength: 5 })
      .map((pairs) => `{${pairs.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`),
  ),
}))

const bytes = fc.uint8Array({ maxLength: 40 })

const urlencoded = fc
  .array(fc.tuple(text, text), { maxLength: 5 })
  .map((pairs) =>
    pairs
      .map(
        ([name, value]) =>
          `${encodeURIComponent(name.replace(/[\ud800-\udfff]/g, ''))}=${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}`,
      )
      .join('&'),
  )

interface Post {
  path: '' | '/form' | '/batch'
  type: string
  body: string | Uint8Array<ArrayBuffer>
}

/** Records that are mostly acceptable, so the store is reached often and the reads have something to agree on. */
const plainRecord = fc.dictionary(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
  fc.oneof(fc.string({ unit: 'grapheme', maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null)),
  { minKeys: 1, maxKeys: 4 },
)

const post: fc.Arbitrary<Post> = fc.oneof(
  plainRecord.map((record) => ({ path: '' as const, type: 'application/json', body: JSON.stringify(record) })),
  fc
    .array(plainRecord, { minLength: 1, maxLength: 3 })
    .map((records) => ({ path: '/batch' as const, type: 'application/json', body: JSON.stringify(records) })),
  plainRecord.map((record) => ({
    path: '/form' as const,
    type: 'application/x-www-form-urlencoded',
    body: new URLSearchParams(Object.entries(record).map(([key, value]) => [key, String(value)])).toString(),
  })),
  json.map((body) => ({ path: '' as const, type: 'application/json', body })),
  text.map((body) => ({ path: '' as const, type: 'text/plain', body })),
  bytes.map((body) => ({ path: '' as const, type: 'application/json', body: new Uint8Array(body) })),
  fc
    .array(json, { maxLength: 4 })
    .map((items) => ({ path: '/batch' as const, type: 'application/json', body: `[${items.join(',')}]` })),
  json.map((body) => ({ path: '/batch' as const, type: 'application/json', body })),
  urlencoded.map((body) => ({ path: '/form' as const, type: 'application/x-www-form-urlencoded', body })),
  bytes.map((body) => ({
    path: '/form' as const,
    type: 'application/x-www-form-urlencoded',
    body: new Uint8Array(body),
  })),
  fc.tuple(text, bytes).map(([name, value]) => ({
    path: '/form' as const,
    type: 'multipart/form-data; boundary=b',
    body: new Uint8Array([
      ...new TextEncoder().encode(
        `--b\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '')}"\r\n\r\n`,
      ),
      ...value,
      ...new TextEncoder().encode('\r\n--b--\r\n'),
    ]),
  })),
)

/** Posts `posts` to a fresh endpoint, checking every answer; resolves with the ids acknowledged, in order. */
async function postAll(t: ReturnType<typeof testApp>, path: string, posts: Post[]): Promise<string[]> {
  const acknowledged: string[] = []
  for (const { path: suffix, type, body } of posts) {
    const res = await t.request<BodyOf<'ingest.post'> | BodyOf<'ingest.batch'>>('POST', `${path}${suffix}`, {
      raw: body,
      headers: { 'content-type': type },
    })
    expect(res.status).toBeLessThan(500)
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    if (res.status === 200) {
      acknowledged.push(...('ids' in res.body.data ? res.body.data.ids : [res.body.data.id]))
    } else {
      expect(res.body.code).toBe(res.status)
      expect(typeof res.body.error?.type).toBe('string')
      expect(res.body.error?.message.length).toBeGreaterThan(0)
    }
  }
  return acknowledged
}

test('any writes: JSON answers below 500, no ERROR logged, and the three reads agree', async () => {
  const t = testApp({ rateLimit: null })
  let stored = 0
  // A fresh endpoint per sequence of writes, so the field limit does not end the interesting part early.
  await checkProperty(
    'any writes',
    fc.asyncProperty(fc.array(post, { minLength: 1, maxLength: 10 }), async (posts) => {
      const endpoint = await makeEndpoint(t.ctx, { honeypot: '_never_sent_honeypot' })
      const acknowledged = await postAll(t, endpoint.path, posts)
      stored += acknowledged.length
      const query = await t.request<BodyOf<'reads.query'>>('GET', `${endpoint.path}/query?size=1000`, {
        token: endpoint.ownerToken,
      })
      expect(query.body.records.map((record: { id: string }) => record.id)).toEqual(acknowledged)
      const view = await storedView(t, endpoint)
      const keys = [...new Set(view.data.flatMap((data) => Object.keys(data as object)))]
      expect(view.summary.total).toBe(acknowledged.length)
      // Every key is a field (accepted or proposed, and in the summary) or an unlisted key the
      // budgets kept out of the field list (stored, exported, in no summary).
      const listing = await t.call('fields.list', { params: { id: endpoint.appId } }, { token: endpoint.ownerToken })
      const fieldNames = listing.body.data.fields.map((field: { name: string }) => field.name)
      const unlisted = listing.body.data.unlisted.map((key: { name: string }) => key.name)
      expect(view.summary.fields.toSorted()).toEqual(fieldNames.toSorted())
      expect([...fieldNames, ...unlisted].toSorted()).toEqual(keys.toSorted())
      // The header (data columns, then the two meta columns) and one row per record.
      expect(view.csv.length).toBe(acknowledged.length + 1)
      expect(view.csv[0].endsWith('meta.source,meta.timestamp')).toBe(true)
      // Field names are stored well-formed and in NFC, as the key rules say.
      for (const key of keys) expect([key.isWellFormed(), key.normalize('NFC')]).toEqual([true, key])
    }),
    { seed: SEED, numRuns: RUNS },
  )
  expect(t.logs.filter((line) => line.includes(' ERROR '))).toEqual([])
  // Not vacuous: the generators reach the store as well as the refusals.
  expect(stored).toBeGreaterThan(RUNS / 4)
})
