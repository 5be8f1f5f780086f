/**
 * What a stranger could learn of one person from the public summary before (issue 41, row 3),
 * tried as the stranger would: guessing a value with k−1 copies of it, polling the sum around
 * one new answer, and reading times and day counts. The owner still reads everything exactly.
 */
import { describe, expect, test } from 'bun:test'
import { LIMITS } from '../../server/contract/limits.ts'
import { makeEndpoint } from '../core/collect/fixtures.ts'
import { testApp } from '../support/http.ts'
import { forgetStats, rebuildStats } from '../../server/core/stats/state.ts'

const DAY = 86_400_000

async function setup() {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx, {
    reads: 'summary',
    fields: [
      { name: 'city', type: 'text' as const },
      { name: 'salary', type: 'number' as const },
    ],
  })
  const post = async (body: Record<string, unknown>, from: string) =>
    expect((await t.call('ingest.post', { params: { token: endpoint.token }, body }, { from })).status).toBe(200)
  const summary = async (from?: string) =>
    (await t.call('reads.summary', { params: { token: endpoint.token } }, { from })).body
  const owners = async () =>
    (await t.call('reads.summary', { params: { token: endpoint.token } }, { token: endpoint.ownerToken })).body
  return { ...t, endpoint, post, summary, owners }
}

describe('the public summary counts people, not records', () => {
  test('k−1 copies of a guess from one client tell nothing, whoever reads', async () => {
    const { post, summary, owners } = await setup()
    await post({ city: 'Bergen' }, '10.0.0.1')
    for (let i = 0; i < 4; i++) await post({ city: 'Bergen' }, '10.6.6.6')
    const hidden = { type: 'text', count: 5, missing: 0, top: [], other: 5 }
    expect((await summary('10.6.6.6')).fields.city as unknown).toEqual(hidden)
    expect((await summary('10.9.9.9')).fields.city as unknown).toEqual(hidden)
    expect((await owners()).fields.city).toEqual({
      type: 'text',
      count: 5,
      missing: 0,
      top: [{ value: 'Bergen', count: 5 }],
      other: 0,
    })
  })

  test('the reader’s own records never count: five people gave it, so only someone else sees it', async () => {
    const { post, summary } = await setup()
    for (let i = 1; i <= 5; i++) await post({ city: 'Bergen' }, `10.0.0.${i}`)
    const listed = { type: 'text', count: 5, missing: 0, top: [{ value: 'Bergen', count: 5 }], other: 0 }
    expect((await summary('10.9.9.9')).fields.city as unknown).toEqual(listed)
    // One of the five: four others are fewer than five.
    expect((await summary('10.0.0.3')).fields.city as unknown).toEqual({ ...listed, top: [], other: 5 })
  })

  test('the clients are kept with the aggregates: dropped from memory and reloaded, or recounted, the value stays listed', async () => {
    const { post, summary, ctx, endpoint } = await setup()
    for (let i = 1; i <= 5; i++) await post({ city: 'Bergen' }, `10.0.0.${i}`)
    const listed = { type: 'text', count: 5, missing: 0, top: [{ value: 'Bergen', count: 5 }], other: 0 }
    expect((await summary()).fields.city as unknown).toEqual(listed)
    forgetStats(ctx, endpoint.appId)
    expect((await summary()).fields.city as unknown).toEqual(listed)
    await rebuildStats(ctx, endpoint.appId)
    forgetStats(ctx, endpoint.appId)
    expect((await summary()).fields.city as unknown).toEqual(listed)
  })

  test(`the sum and mean move in steps of ${LIMITS.summaryPublicStep} numbers, rounded; min and max are never public`, async () => {
    const { post, summary, owners } = await setup()
    for (let i = 0; i < 10; i++) await post({ salary: 50_000 + i * 1000 }, `10.0.0.${i + 1}`)
    const ten = { type: 'number', count: 10, missing: 0, min: null, max: null, mean: 54_500, sum: 545_000 }
    expect((await summary()).fields.salary as unknown).toEqual(ten)

    // The eleventh answer: the public sum does not move, so the difference is not its value.
    await post({ salary: 187_345 }, '10.0.0.11')
    expect((await summary()).fields.salary as unknown).toEqual({ ...ten, count: 11 })
    expect((await owners()).fields.salary).toEqual({
      type: 'number',
      count: 11,
      missing: 0,
      min: 50_000,
      max: 187_345,
      mean: 732_345 / 11,
      sum: 732_345,
    })

    for (let i = 12; i <= 20; i++) await post({ salary: 60_000 }, `10.0.0.${i}`)
    // Twenty numbers: 1,272,345 to three digits, and its mean 63,617.25.
    expect((await summary()).fields.salary).toEqual({
      type: 'number',
      count: 20,
      missing: 0,
      min: null,
      max: null,
      mean: 63_600,
      sum: 1_270_000,
    })
  })

  test('times are to the day, and a day with fewer records than the minimum reads 0', async () => {
    const { post, summary, owners, clock } = await setup()
    clock.advance(13 * 3_600_000 + 17_123)
    await post({ city: 'Oslo' }, '10.0.0.1')
    const now = clock.now()
    const day = new Date(now - (now % DAY)).toISOString()
    const publicBody = await summary()
    expect([publicBody.total, publicBody.firstAt, publicBody.lastAt]).toEqual([1, day, day])
    expect(publicBody.days.every((entry: { count: number }) => entry.count === 0)).toBe(true)
    const owner = await owners()
    expect([owner.firstAt, owner.lastAt, owner.days.at(-1)]).toEqual([
      new Date(now).toISOString(),
      new Date(now).toISOString(),
      { date: day.slice(0, 10), count: 1 },
    ])
  })
})
