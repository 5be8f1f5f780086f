/**
 * Issue 31, row 3: no request can be amplified into a huge answer. Every error answer is at
 * most 64 KiB: the first 20 problems, then `truncated: true` and the total; a message quotes
 * at most 80 characters of a value. The worst bodies of each ingest route (JSON, /form,
 * /batch, the fill-in page's JSON answer) and of a control-plane route, each answered in full.
 */
import { describe, expect, test } from 'bun:test'
import { errorResponse } from '../../server/http/errors.ts'
import { makeEndpoint, storedRecords, type EndpointOptions } from '../core/collect/fixtures.ts'
import { invalid, type ErrorEnvelope } from '../support/call.ts'
import { testApp } from '../support/http.ts'

const JSON_TYPE = { 'content-type': 'application/json' }
const URLENCODED = { 'content-type': 'application/x-www-form-urlencoded' }
const MAX_BODY = 1024 * 1024
const MAX_ANSWER = 64 * 1024

async function setup(options: EndpointOptions = {}) {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx, options)
  return { ...t, endpoint }
}

/** The 422 listing the first 20 of `total` problems (`listed`: how the message says them, when a repeated one is said once). */
function truncated(
  type: string,
  total: number,
  lead: string,
  problems: Array<{ path: string; message: string }>,
  listed = problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; '),
) {
  return {
    code: 422,
    error: { type, message: `${lead}${listed}; and ${total - 20} more`, details: { problems, truncated: true, total } },
  }
}

const TOO_LARGE = 'the number 1e400 is too large for a number; send it as a string'
/** As many `1e400` as fit in a 1 MiB body `{"a":[…]}`. */
const FLOOD_COUNT = Math.floor((MAX_BODY - '{"a":[]}'.length + 1) / '1e400,'.length)
const flood = (count = FLOOD_COUNT) => `{"a":[${Array(count).fill('1e400').join(',')}]}`

/** Distinct keys too long to be field names (100 characters), as many as fit in about 1 MiB. */
const LONG_KEY_COUNT = 9_000
const longKey = (i: number) => `${String(i).padStart(6, '0')}${'k'.repeat(94)}`
const LONG_NAME = 'a field name can have at most 64 characters'
const longKeyProblems = Array.from({ length: 20 }, (_, i) => ({
  path: `${longKey(i).slice(0, 80)}…`,
  message: LONG_NAME,
}))
const longKeyObject = () => Object.fromEntries(Array.from({ length: LONG_KEY_COUNT }, (_, i) => [longKey(i), 1]))

describe('every error answer is at most 64 KiB, listing the first 20 problems and counting all', () => {
  test('a 1 MiB JSON body of 1e400: 20 problems, truncated, the total; nothing stored', async () => {
    const t = await setup()
    const body = flood()
    expect(body.length).toBeLessThanOrEqual(MAX_BODY)
    const res = await t.call('ingest.post', { params: { token: t.endpoint.token } }, { raw: body, headers: JSON_TYPE })
    expect(res.status).toBe(422)
    expect<unknown>(res.body).toEqual(
      truncated(
        'invalid_value',
        FLOOD_COUNT,
        `${FLOOD_COUNT} numbers cannot be stored exactly: `,
        Array(20).fill({ path: '', message: TOO_LARGE }),
        `${TOO_LARGE} (20 times)`,
      ),
    )
    expect(Buffer.byteLength(res.text)).toBeLessThanOrEqual(MAX_ANSWER)
    expect(await storedRecords(t.ctx, t.endpoint.appId)).toEqual([])
  })

  test('exactly 20 problems are all listed, with no truncated and no total', async () => {
    const t = await setup()
    const res = await t.call(
      'ingest.post',
      { params: { token: t.endpoint.token } },
      { raw: flood(20), headers: JSON_TYPE },
    )
    expect(res.body.error!.details).toEqual({ problems: Array(20).fill({ path: '', message: TOO_LARGE }) })
  })

  test('the same flood in a /batch element', async () => {
    const t = await setup()
    const res = await t.call(
      'ingest.batch',
      { params: { token: t.endpoint.token } },
      { raw: `[${flood(FLOOD_COUNT - 1)}]`, headers: JSON_TYPE },
    )
    expect<unknown>(res.body).toEqual(
      truncated(
        'invalid_value',
        FLOOD_COUNT - 1,
        `${FLOOD_COUNT - 1} numbers cannot be stored exactly: `,
        Array(20).fill({ path: '', message: TOO_LARGE }),
        `${TOO_LARGE} (20 times)`,
      ),
    )
    expect(Buffer.byteLength(res.text)).toBeLessThanOrEqual(MAX_ANSWER)
  })

  test('9,000 keys that cannot be field names, as JSON: their names quoted in part', async () => {
    const t = await setup()
    const res = await t.call(
      'ingest.post',
      { params: { token: t.endpoint.token } },
      { raw: JSON.stringify(longKeyObject()), headers: JSON_TYPE },
    )
    expect<unknown>(res.body).toEqual(
      truncated('invalid_value', LONG_KEY_COUNT, `${LONG_KEY_COUNT} problems: `, longKeyProblems),
    )
    expect(Buffer.byteLength(res.text)).toBeLessThanOrEqual(MAX_ANSWER)
  })

  test('the same keys from a /form post', async () => {
    const t = await setup()
    const form = Array.from({ length: LONG_KEY_COUNT }, (_, i) => `${longKey(i)}=1`).join('&')
    expect(form.length).toBeLessThanOrEqual(MAX_BODY)
    const res = await t.call('ingest.form', { params: { token: t.endpoint.token } }, { raw: form, headers: URLENCODED })
    expect<unknown>(res.body).toEqual(
      truncated('invalid_value', LONG_KEY_COUNT, `${LONG_KEY_COUNT} problems: `, longKeyProblems),
    )
    expect(Buffer.byteLength(res.text)).toBeLessThanOrEqual(MAX_ANSWER)
  })

  test('the same keys in a /batch: the element is named, its problems listed in part', async () => {
    const t = await setup()
    const res = await t.call(
      'ingest.batch',
      { params: { token: t.endpoint.token } },
      { raw: JSON.stringify([{ ok: 1 }, longKeyObject()]), headers: JSON_TYPE },
    )
    const answer = truncated(
      'invalid_value',
      LONG_KEY_COUNT,
      `Record 1 of the batch: ${LONG_KEY_COUNT} problems: `,
      longKeyProblems,
    )
    expect<unknown>(res.body).toEqual({
      ...answer,
      error: {
        ...answer.error,
        message: `${answer.error.message}; nothing was stored`,
        details: { index: 1, ...answer.error.details },
      },
    })
    expect(Buffer.byteLength(res.text)).toBeLessThanOrEqual(MAX_ANSWER)
  })

  test('the pages a browser gets for a refused post list the first 20 problems and count the rest', async () => {
    const t = await setup({ published: true })
    const form = Array.from({ length: LONG_KEY_COUNT }, (_, i) => `${longKey(i)}=1`).join('&')
    const navigate = { ...URLENCODED, 'sec-fetch-mode': 'navigate', accept: 'text/html' }
    // Only the owner can fix long field names: the page lists them under the owner's details.
    const listed = longKeyProblems.map((p) => `<li>${p.path}: ${p.message}</li>`).join('')
    const share = await t.call('ingest.form', { params: { token: t.endpoint.token } }, { raw: form, headers: navigate })
    expect(share.status).toBe(422)
    expect(share.text).toContain(
      `<details><summary>Details for the form's owner</summary><ul>${listed}<li>and ${LONG_KEY_COUNT - 20} more</li></ul></details>`,
    )
    const fillIn = await t.request('POST', `/f/${t.endpoint.token}`, { raw: form, headers: navigate })
    expect(fillIn.status).toBe(422)
    expect(fillIn.text).toContain(`and ${LONG_KEY_COUNT - 20} more`)
    for (const page of [share, fillIn]) expect(Buffer.byteLength(page.text)).toBeLessThanOrEqual(MAX_ANSWER)
  })

  test("a value is quoted in at most 80 characters, on /form, JSON and the fill-in page's JSON answer", async () => {
    const t = await setup({
      autoCreate: false,
      fields: [
        { name: 'age', type: 'number' },
        { name: 'size', type: 'choice', options: ['S', 'M'] },
        { name: 'tags', type: 'multichoice', options: ['a', 'b'] },
      ],
    })
    const huge = 'x'.repeat(400_000)
    const got = `"${'x'.repeat(80)}…"`
    const answer = {
      code: 422,
      error: {
        type: 'invalid_value',
        message: `2 problems: age: must be a number, got string ${got}; size: must be one of "S", "M", got ${got}`,
        details: {
          problems: [
            { path: 'age', message: `must be a number, got string ${got}` },
            { path: 'size', message: `must be one of "S", "M", got ${got}` },
          ],
        },
      },
    }
    const json = await t.call(
      'ingest.post',
      { params: { token: t.endpoint.token } },
      { raw: JSON.stringify({ age: huge, size: huge }), headers: JSON_TYPE },
    )
    expect<unknown>(json.body).toEqual(answer)
    const fillIn = await t.request<ErrorEnvelope>('POST', `/f/${t.endpoint.token}`, {
      raw: `age=${huge}&size=${huge}`,
      headers: { ...URLENCODED, accept: 'application/json' },
    })
    expect(fillIn.body.error.details).toEqual({
      problems: [
        { path: 'age', message: `must be a number, got string ${got}` },
        { path: 'size', message: `must be one of "S", "M", got ${got}` },
      ],
    })
    // Many unknown options are named in part too.
    const options = Array.from({ length: 30_000 }, (_, i) => `tags=t${i}`).join('&')
    const form = await t.call(
      'ingest.form',
      { params: { token: t.endpoint.token } },
      { raw: options, headers: URLENCODED },
    )
    const listed = Array.from({ length: 20 }, (_, i) => `"t${i}"`).join(', ')
    expect<unknown>(form.body).toEqual({
      code: 422,
      error: {
        type: 'invalid_value',
        message: `tags: ${listed} and 29980 more are not options; options are "a", "b"`,
        details: {
          problems: [{ path: 'tags', message: `${listed} and 29980 more are not options; options are "a", "b"` }],
        },
      },
    })
    for (const res of [json, fillIn, form]) expect(Buffer.byteLength(res.text)).toBeLessThanOrEqual(MAX_ANSWER)
  })

  test('a control-plane route with a huge invalid body: 20 problems, truncated, the total; unknown keys named in part', async () => {
    const t = await setup()
    const params = { id: t.endpoint.appId }
    const options = { token: t.endpoint.ownerToken }
    const res = await t.call('records.deleteMany', { params, body: { ids: Array(1000).fill('') } }, options)
    expect(res.status).toBe(422)
    const problems = Array.from({ length: 20 }, (_, i) => ({
      path: `ids.${i}`,
      message: 'a record id cannot be empty',
    }))
    // The route's schema runs in Elysia, which stops collecting after its first 64 problems.
    expect<unknown>(res.body).toEqual(truncated('validation', 64, '', problems))
    const keys = Array.from({ length: 5000 }, (_, i) => `k${i}`)
    const unknown = await t.call(
      'records.deleteMany',
      { params, body: invalid({ ids: ['x'], ...Object.fromEntries(keys.map((key) => [key, 1])) }) },
      options,
    )
    const message = `unknown properties ${keys
      .slice(0, 20)
      .map((key) => `"${key}"`)
      .join(', ')} and 4980 more; allowed: ids`
    expect<unknown>([unknown.status, unknown.body]).toEqual([
      422,
      { code: 422, error: { type: 'validation', message, details: { problems: [{ path: '', message }] } } },
    ])
    for (const answer of [res, unknown]) expect(Buffer.byteLength(answer.text)).toBeLessThanOrEqual(MAX_ANSWER)
  })

  test('the last guard: any error answer made too big elsewhere is cut to its message and `truncated`', async () => {
    const res = errorResponse(400, 'bad_request', 'é'.repeat(50_000), {
      note: 'x'.repeat(100_000),
      problems: Array(50).fill({ path: 'p', message: 'y'.repeat(5000) }),
    })
    const text = await res.text()
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_ANSWER)
    expect(JSON.parse(text)).toEqual({
      code: 400,
      error: { type: 'bad_request', message: `${'é'.repeat(1000)}…`, details: { truncated: true } },
    })
  })
})
