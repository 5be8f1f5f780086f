/**
 * The summary of point scales (rating, NPS): records per point, every point in order with
 * zeros, beside the numbers' figures, and for NPS the Net Promoter Score; owner-only, as min
 * and max are, so the public summary has them null.
 */
import { describe, expect, test } from 'bun:test'
import { makeEndpoint, type EndpointOptions } from '../core/collect/fixtures.ts'
import { testApp } from '../support/http.ts'

async function setup(options: EndpointOptions = {}) {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx, {
    reads: 'summary',
    fields: [
      { name: 'recommend', type: 'nps' },
      { name: 'stars', type: 'rating', max: 4 },
    ],
    ...options,
  })
  const owner = { token: endpoint.ownerToken }
  const post = (body: Record<string, unknown>) => t.call('ingest.post', { params: { token: endpoint.token }, body })
  /** The owner's summary, or the public one (`as` null: the endpoint token alone). */
  const summary = async (query: { spam?: 'include' | 'only' } = {}, as: { token: string } | null = owner) =>
    (await t.call('reads.summary', { params: { token: endpoint.token }, query }, as ?? undefined)).body
  return { ...t, endpoint, owner, post, summary }
}

/** Records per point, from counts by point. */
const points = (low: number, high: number, counts: Record<number, number>) =>
  Array.from({ length: high - low + 1 }, (_, i) => ({ value: low + i, count: counts[low + i] ?? 0 }))

describe('the summary of ratings and NPS', () => {
  test('without records: every point at 0, no mean and no score', async () => {
    const { summary } = await setup()
    expect((await summary()).fields).toEqual({
      recommend: {
        type: 'nps',
        count: 0,
        missing: 0,
        min: null,
        max: null,
        mean: null,
        sum: 0,
        distribution: points(0, 10, {}),
        nps: null,
      },
      stars: {
        type: 'rating',
        count: 0,
        missing: 0,
        min: null,
        max: null,
        mean: null,
        sum: 0,
        distribution: points(1, 4, {}),
      },
    })
  })

  test('a worked example: 4 promoters, 1 passive, 3 detractors of 8 is an NPS of +12.5, reported as 13', async () => {
    const { post, summary } = await setup()
    for (const recommend of [10, 10, 9, 9, 8, 6, 3, 0]) expect((await post({ recommend })).status).toBe(200)
    for (const stars of [4, 4, 3, 1]) expect((await post({ stars })).status).toBe(200)
    const fields = (await summary()).fields
    expect(fields.recommend).toEqual({
      type: 'nps',
      count: 8,
      missing: 4,
      min: 0,
      max: 10,
      // (10 + 10 + 9 + 9 + 8 + 6 + 3 + 0) / 8
      mean: 6.875,
      sum: 55,
      distribution: points(0, 10, { 0: 1, 3: 1, 6: 1, 8: 1, 9: 2, 10: 2 }),
      // 4/8 promoters (50 %) minus 3/8 detractors (37.5 %): 12.5, a half, rounded away from zero.
      nps: 13,
    })
    expect(fields.stars).toEqual({
      type: 'rating',
      count: 4,
      missing: 8,
      min: 1,
      max: 4,
      mean: 3,
      sum: 12,
      distribution: points(1, 4, { 1: 1, 3: 1, 4: 2 }),
    })
  })

  test('more detractors than promoters is a negative score; spam counts only when asked for', async () => {
    const { post, summary, call, endpoint } = await setup()
    for (const recommend of [10, 9, 9, 7, 6, 5, 1, 0]) await post({ recommend })
    await call(
      'ingest.form',
      { params: { token: endpoint.token } },
      { raw: 'recommend=10&_gotcha=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    )
    // 3 promoters and 4 detractors of 8: −12.5, rounded away from zero.
    expect((await summary()).fields.recommend.nps).toBe(-13)
    // With the spam record: 4 and 4 of 9.
    const merged = (await summary({ spam: 'include' })).fields.recommend
    expect([merged.nps, merged.distribution?.at(-1)]).toEqual([0, { value: 10, count: 2 }])
    expect((await summary({ spam: 'only' })).fields.recommend.nps).toBe(100)
  })

  test('deleting a record takes its answer off its point', async () => {
    const { post, summary, call, owner, endpoint } = await setup()
    const ids: string[] = []
    for (const recommend of [10, 6]) ids.push((await post({ recommend })).body.data.id)
    expect((await summary()).fields.recommend.nps).toBe(0)
    await call('records.deleteMany', { params: { id: endpoint.appId }, body: { ids: [ids[1]] } }, owner)
    const after = (await summary()).fields.recommend
    expect([after.nps, after.distribution]).toEqual([100, points(0, 10, { 10: 1 })])
  })

  test('a number stored before the field was a rating counts in the mean, on no point', async () => {
    const { post, summary, call, owner, endpoint } = await setup({ fields: [{ name: 'stars', type: 'number' }] })
    await post({ stars: 2.5 })
    await post({ stars: 5 })
    const changed = await call(
      'fields.update',
      { params: { id: endpoint.appId, field: 'stars' }, body: { type: 'rating', force: true } },
      owner,
    )
    expect([changed.status, changed.body.data.max]).toEqual([200, 5])
    expect((await summary()).fields.stars).toMatchObject({ mean: 3.75, distribution: points(1, 5, { 5: 1 }) })
  })

  test('the public summary leaves the points and the score out, as it does min and max', async () => {
    const { post, summary } = await setup()
    for (let i = 0; i < 10; i++) await post({ recommend: 9, stars: 4 })
    const fields = (await summary({}, null)).fields
    expect([fields.recommend.distribution, fields.recommend.nps, fields.stars.distribution]).toEqual([null, null, null])
    expect([fields.recommend.count, fields.recommend.min, fields.recommend.max]).toEqual([10, null, null])
  })
})
