/**
 * The public summary (read with the endpoint token alone, reads `summary` or `records`)
 * gives no one person away (issue 41, row 3): a value is listed only when at least the app's
 * `summaryMinRespondents` records (default 5, never below 3) and as many clients other than
 * the reader gave it, e-mail addresses are never listed, a number's sum and mean cover its
 * numbers up to the last multiple of ten, rounded to three digits, min and max are never
 * shown, times are to the day and a day's count below the minimum reads 0. Fields a stranger
 * proposed are left out until the owner accepts them. The owner's access token reads every
 * value and every field, exactly.
 */
import { describe, expect, test } from 'bun:test'
import { LIMITS } from '../../server/contract/limits.ts'
import { makeEndpoint } from '../core/collect/fixtures.ts'
import { testApp, type TestApp, validationBody } from '../support/http.ts'

const DAY = 86_400_000

/** The 30 days ending at `now`, `count` records on the last one. */
const days = (now: number, count: number) =>
  Array.from({ length: LIMITS.summaryDays }, (_, i) => ({
    date: new Date(now - (LIMITS.summaryDays - 1 - i) * DAY).toISOString().slice(0, 10),
    count: i === LIMITS.summaryDays - 1 ? count : 0,
  }))

const FIELDS = [
  { name: 'email', type: 'email' as const },
  { name: 'city', type: 'text' as const },
  { name: 'contact', type: 'text' as const },
  { name: 'tags', type: 'multichoice' as const, options: ['a', 'b', 'c'] },
  { name: 'age', type: 'number' as const },
  { name: 'height', type: 'number' as const },
  { name: 'ok', type: 'boolean' as const },
]

/** Ten people from Oslo and one from Lima; only the last gave a height. */
const RECORDS = [
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) => ({
    email: `p${i}@example.com`,
    city: 'Oslo',
    contact: 'desk@example.org',
    tags: ['a'],
    age: 20 + i,
    ok: true,
  })),
  { email: 'zoe@example.com', city: 'Lima', contact: 'desk@example.org', tags: ['a', 'b'], height: 180, ok: false },
]

/** The start of the UTC day of `time`, as the public summary gives times. */
const dayOf = (time: number) => new Date(time - (time % DAY)).toISOString()

async function setup(reads: 'summary' | 'records' = 'summary') {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx, { reads, fields: FIELDS })
  // Each person posts from an address of their own: the public summary counts clients.
  for (const [i, record] of RECORDS.entries())
    expect(
      (await t.call('ingest.post', { params: { token: endpoint.token }, body: record }, { from: `10.0.0.${i + 1}` }))
        .status,
    ).toBe(200)
  return { ...t, endpoint }
}

describe('the public summary hides small groups', () => {
  test.each(['summary', 'records'] as const)(
    'reads %s: values fewer than 5 people gave go to other, e-mail values are never listed, no extremes, times to the day',
    async (reads) => {
      const { call, clock, endpoint } = await setup(reads)
      const res = await call('reads.summary', { params: { token: endpoint.token } })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        code: 200,
        total: 11,
        spam: 0,
        firstAt: dayOf(clock.now()),
        lastAt: dayOf(clock.now()),
        fields: {
          // An e-mail field is counted, never listed, even a value many gave.
          email: { type: 'email', count: 11, missing: 0, top: [], other: 11 },
          city: { type: 'text', count: 11, missing: 0, top: [{ value: 'Oslo', count: 10 }], other: 1 },
          // Eleven gave it, but it is an e-mail address.
          contact: { type: 'text', count: 11, missing: 0, top: [], other: 11 },
          tags: { type: 'multichoice', count: 11, missing: 0, items: { top: [{ value: 'a', count: 11 }], other: 1 } },
          // Ten ages: their sum and mean, never the youngest or oldest.
          age: { type: 'number', count: 10, missing: 1, min: null, max: null, mean: 25.5, sum: 255 },
          // One person's height would be its min, max, mean and sum.
          height: { type: 'number', count: 1, missing: 10, min: null, max: null, mean: null, sum: null },
          ok: { type: 'boolean', count: 11, missing: 0, true: 10, false: 1 },
        },
        days: days(clock.now(), 11),
        minRespondents: 5,
      })
      expect(res.text).not.toContain('@example')
      expect(res.text).not.toContain('Lima')
    },
  )

  test('the owner’s access token (and the owner’s summary route) reads every value', async () => {
    const { call, clock, endpoint } = await setup()
    const now = new Date(clock.now()).toISOString()
    const everything = {
      code: 200,
      total: 11,
      spam: 0,
      firstAt: now,
      lastAt: now,
      fields: {
        email: {
          type: 'email',
          count: 11,
          missing: 0,
          top: [10, 1, 2, 3, 4, 5, 6, 7, 8, 9]
            .map((i) => ({ value: `p${i}@example.com`, count: 1 }))
            .concat([{ value: 'zoe@example.com', count: 1 }]),
          other: 0,
        },
        city: {
          type: 'text',
          count: 11,
          missing: 0,
          top: [
            { value: 'Oslo', count: 10 },
            { value: 'Lima', count: 1 },
          ],
          other: 0,
        },
        contact: { type: 'text', count: 11, missing: 0, top: [{ value: 'desk@example.org', count: 11 }], other: 0 },
        tags: {
          type: 'multichoice',
          count: 11,
          missing: 0,
          items: {
            top: [
              { value: 'a', count: 11 },
              { value: 'b', count: 1 },
            ],
            other: 0,
          },
        },
        age: { type: 'number', count: 10, missing: 1, min: 21, max: 30, mean: 25.5, sum: 255 },
        height: { type: 'number', count: 1, missing: 10, min: 180, max: 180, mean: 180, sum: 180 },
        ok: { type: 'boolean', count: 11, missing: 0, true: 10, false: 1 },
      },
      days: days(clock.now(), 11),
    }
    expect(
      (await call('reads.summary', { params: { token: endpoint.token } }, { token: endpoint.ownerToken }))
        .body as unknown,
    ).toEqual(everything)
    expect(
      (await call('records.summary', { params: { id: endpoint.appId } }, { token: endpoint.ownerToken }))
        .body as unknown,
    ).toEqual(everything)
  })

  test('each app sets its own minimum: 3 lists what three people gave, below 3 is refused', async () => {
    const { call, endpoint } = await setup()
    for (const from of ['10.0.1.1', '10.0.1.2'])
      expect(
        (await call('ingest.post', { params: { token: endpoint.token }, body: { city: 'Lima' } }, { from })).status,
      ).toBe(200)
    expect((await call('reads.summary', { params: { token: endpoint.token } })).body.fields.city).toEqual({
      type: 'text',
      count: 13,
      missing: 0,
      top: [{ value: 'Oslo', count: 10 }],
      other: 3,
    })

    const lowered = await call(
      'share.update',
      { params: { id: endpoint.appId }, body: { summaryMinRespondents: 3 } },
      { token: endpoint.ownerToken },
    )
    expect([lowered.status, lowered.body.data.summaryMinRespondents]).toEqual([200, 3])
    const after = (await call('reads.summary', { params: { token: endpoint.token } })).body
    expect([after.minRespondents, after.fields.city]).toEqual([
      3,
      {
        type: 'text',
        count: 13,
        missing: 0,
        top: [
          { value: 'Oslo', count: 10 },
          { value: 'Lima', count: 3 },
        ],
        other: 0,
      },
    ])
    // E-mail addresses stay unlisted whatever the minimum.
    expect(after.fields.email).toEqual({ type: 'email', count: 11, missing: 2, top: [], other: 11 })

    const refused = await call(
      'share.update',
      { params: { id: endpoint.appId }, body: { summaryMinRespondents: 2 } },
      { token: endpoint.ownerToken },
    )
    expect(refused.status).toBe(422)
    expect(refused.body as unknown).toEqual(
      validationBody({
        path: 'summaryMinRespondents',
        message: 'must be at least 3: a value fewer people gave could point at one of them',
      }),
    )
    expect((await call('reads.summary', { params: { token: endpoint.token } })).body.minRespondents).toBe(3)
    expect(await storedMinimum(call, endpoint.appId, endpoint.ownerToken)).toBe(3)
  })

  test('a field a stranger proposed stays off the public summary until the owner accepts it, and one client’s text never shows', async () => {
    const { call, endpoint } = await setup()
    const promo = Array.from({ length: 6 }, () => ({ city: 'Oslo', promo: 'Re-enter your password at evil.example' }))
    expect(
      (await call('ingest.batch', { params: { token: endpoint.token }, body: promo }, { from: '10.6.6.6' })).status,
    ).toBe(200)
    const promoSummary = {
      type: 'text',
      count: 6,
      missing: 11,
      top: [{ value: 'Re-enter your password at evil.example', count: 6 }],
      other: 0,
    }

    const before = (await call('reads.summary', { params: { token: endpoint.token } })).body
    expect(Object.keys(before.fields)).toEqual(FIELDS.map((field) => field.name))
    expect(
      (await call('reads.summary', { params: { token: endpoint.token } }, { token: endpoint.ownerToken })).body.fields
        .promo as unknown,
    ).toEqual(promoSummary)

    const accepted = await call(
      'fields.accept',
      { params: { id: endpoint.appId }, body: { names: ['promo'] } },
      { token: endpoint.ownerToken },
    )
    expect(accepted.status).toBe(200)
    // Six records, but one client: the stranger's text stays off the public results.
    expect((await call('reads.summary', { params: { token: endpoint.token } })).body.fields.promo as unknown).toEqual({
      ...promoSummary,
      top: [],
      other: 6,
    })
    expect(
      (await call('reads.summary', { params: { token: endpoint.token } }, { token: endpoint.ownerToken })).body.fields
        .promo as unknown,
    ).toEqual(promoSummary)
  })

  test('spam read publicly follows the same rule', async () => {
    const { call, endpoint } = await setup()
    await call(
      'ingest.form',
      { params: { token: endpoint.token } },
      { raw: 'city=Paris&_gotcha=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    )
    expect(
      (await call('reads.summary', { params: { token: endpoint.token }, query: { spam: 'only' } })).body.fields.city,
    ).toEqual({
      type: 'text',
      count: 1,
      missing: 0,
      top: [],
      other: 1,
    })
    expect(
      (
        await call(
          'reads.summary',
          { params: { token: endpoint.token }, query: { spam: 'only' } },
          { token: endpoint.ownerToken },
        )
      ).body.fields.city,
    ).toEqual({
      type: 'text',
      count: 1,
      missing: 0,
      top: [{ value: 'Paris', count: 1 }],
      other: 0,
    })
  })
})

/** The minimum the share settings show the owner. */
async function storedMinimum(call: TestApp['call'], id: string, token: string): Promise<number> {
  return (await call('share.get', { params: { id } }, { token })).body.data.summaryMinRespondents
}
