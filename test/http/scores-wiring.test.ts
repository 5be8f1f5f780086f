import { describe, expect, test } from 'bun:test'
import { listRecords } from '../../server/core/records/owner.ts'
import { assessmentApp, MOOD_SCALE, publishApp } from './assessment-fixture.ts'

describe('scores are computed at submission and aggregated', () => {
  test('POST to the endpoint stores scores; /summary aggregates them; rescore follows scale edits', async () => {
    const f = await assessmentApp()
    expect(
      (await f.call('scales.add', { params: { id: f.appId }, body: MOOD_SCALE }, { token: f.owner.token })).status,
    ).toBe(200)
    const token = await publishApp(f)
    // Reads stay off (the default): the owner reads the endpoint with their access token.
    const owner = { token: f.owner.token }

    // calm 4 + rested 3 + reversed worried (Never → 4) = 11 → good; 2 + 1 + (4 − 3 = 1) = 4 → low.
    const first = await f.call('ingest.post', {
      params: { token },
      body: { calm: 'Always', rested: 'Often', worried: 'Never' },
    })
    const second = await f.call('ingest.batch', {
      params: { token },
      body: [{ calm: 'Sometimes', rested: 'Rarely', worried: 'Often' }],
    })
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)

    const stored = (await Array.fromAsync((await listRecords(f.ctx, f.owner.user.id, f.appId, {})).batches)).flat()
    expect(stored.map((row) => JSON.parse(row.scores!))).toEqual([
      { mood: { score: 11, level: 'good', levelLabel: 'Good' } },
      { mood: { score: 4, level: 'low', levelLabel: 'Low' } },
    ])

    const page = await f.call('reads.query', { params: { token } }, owner)
    expect(page.body.records.map((r) => r.scores)).toEqual([
      { mood: { score: 11, level: 'good', levelLabel: 'Good' } },
      { mood: { score: 4, level: 'low', levelLabel: 'Low' } },
    ])
    const csv = await f.call('records.exportCsv', { params: { id: f.appId } }, { token: f.owner.token })
    const [header, row1, row2] = csv.text.replace('\uFEFF', '').split('\r\n')
    expect(header.split(',').slice(-4)).toEqual(['score.mood', 'level.mood', 'meta.source', 'meta.timestamp'])
    expect(row1.split(',').slice(-4)).toEqual(['11', 'good', '', ''])
    expect(row2.split(',').slice(-4)).toEqual(['4', 'low', '', ''])

    const summary = await f.call('reads.summary', { params: { token } }, owner)
    expect(summary.body.scores).toEqual({
      mood: { count: 2, missing: 0, mean: 7.5, min: 4, max: 11, levels: { good: 1, low: 1 } },
    })

    // A scale edit does not touch stored scores until rescore; then the summary follows.
    const reversedOff = { ...MOOD_SCALE, items: MOOD_SCALE.items.map((item) => ({ ...item, reverse: false })) }
    const { key: _key, ...update } = reversedOff
    expect(
      (
        await f.call(
          'scales.update',
          { params: { id: f.appId, scale: 'mood' }, body: update },
          { token: f.owner.token },
        )
      ).status,
    ).toBe(200)
    expect((await f.call('reads.summary', { params: { token } }, owner)).body.scores?.mood.mean).toBe(7.5)
    expect((await f.call('scales.rescore', { params: { id: f.appId } }, { token: f.owner.token })).body).toEqual({
      code: 200,
      data: { rescored: 2 },
    })
    // Without reversal: 4 + 3 + 0 = 7 and 2 + 1 + 3 = 6, both fair (5 ≤ score < 9).
    expect((await f.call('reads.summary', { params: { token } }, owner)).body.scores).toEqual({
      mood: { count: 2, missing: 0, mean: 6.5, min: 6, max: 7, levels: { fair: 2 } },
    })
  })

  test('apps without scales store no scores and the summary has no scores section', async () => {
    const f = await assessmentApp()
    const token = await publishApp(f)
    expect((await f.call('ingest.post', { params: { token }, body: { calm: 'Always' } })).status).toBe(200)
    expect(
      (await Array.fromAsync((await listRecords(f.ctx, f.owner.user.id, f.appId, {})).batches))
        .flat()
        .map((row) => row.scores),
    ).toEqual([null])
    const summary = await f.call('reads.summary', { params: { token } }, { token: f.owner.token })
    expect(summary.status).toBe(200)
    expect('scores' in summary.body).toBe(false)
  })

  test("the public summary gives a score's mean in steps of ten scores, never its min and max; the owner always", async () => {
    const f = await assessmentApp()
    expect(
      (await f.call('scales.add', { params: { id: f.appId }, body: MOOD_SCALE }, { token: f.owner.token })).status,
    ).toBe(200)
    const token = await publishApp(f)
    expect(
      (
        await f.call(
          'share.update',
          { params: { id: f.appId }, body: { reads: 'summary', summaryMinRespondents: 3 } },
          { token: f.owner.token },
        )
      ).status,
    ).toBe(200)
    const answers = [
      { calm: 'Always', rested: 'Often', worried: 'Never' },
      { calm: 'Sometimes', rested: 'Rarely', worried: 'Often' },
    ]
    expect((await f.call('ingest.batch', { params: { token }, body: answers })).status).toBe(200)
    const publicScores = async () => (await f.call('reads.summary', { params: { token } })).body.scores
    // Two people: the lowest and highest score would be theirs.
    expect(await publicScores()).toEqual({
      mood: { count: 2, missing: 0, mean: null, min: null, max: null, levels: { good: 1, low: 1 } },
    })
    expect((await f.call('reads.summary', { params: { token } }, { token: f.owner.token })).body.scores).toEqual({
      mood: { count: 2, missing: 0, mean: 7.5, min: 4, max: 11, levels: { good: 1, low: 1 } },
    })
    // calm 3 + rested 3 + (4 − 2 = 2) = 8 → fair.
    expect(
      (
        await f.call('ingest.post', {
          params: { token },
          body: { calm: 'Often', rested: 'Often', worried: 'Sometimes' },
        })
      ).status,
    ).toBe(200)
    // Three scores: the public mean waits for ten, so the difference between two polls is never one score.
    expect(await publicScores()).toEqual({
      mood: { count: 3, missing: 0, mean: null, min: null, max: null, levels: { good: 1, low: 1, fair: 1 } },
    })
    const seven = Array.from({ length: 7 }, () => ({ calm: 'Often', rested: 'Often', worried: 'Sometimes' }))
    expect((await f.call('ingest.batch', { params: { token }, body: seven })).status).toBe(200)
    // 11 + 4 + 8 × 8 = 79 over ten scores.
    expect(await publicScores()).toEqual({
      mood: { count: 10, missing: 0, mean: 7.9, min: null, max: null, levels: { good: 1, low: 1, fair: 8 } },
    })
  })
})
