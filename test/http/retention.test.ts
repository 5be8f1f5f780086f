/**
 * Keeping records to their days (share settings keepRecordsDays, keepSpamDays): the hourly
 * round deletes an app's records and spam past their days, with their files, recounts the
 * summary, writes one `records.expired` audit entry, leaves other apps alone, and runs once
 * an hour whichever process asks (the claim). Time is the test's clock. On the suite's backend.
 */
import { describe, expect, test } from 'bun:test'
import { pruneRecords, retentionRound } from '../../server/core/records/retention.ts'
import { testApp } from '../support/http.ts'
import { insertRecords, makeEndpoint, storedRows } from '../support/records.ts'
import { makeUser } from '../support/users.ts'

const DAY = 24 * 60 * 60 * 1000
const PDF = '%PDF-1.4\n% kept for a while\n%%EOF\n'

async function setup() {
  const t = testApp({ rateLimit: null })
  const owner = await makeUser(t.ctx)
  const kept = await makeEndpoint(t.ctx, owner.user.id, { name: 'Kept', fields: [{ name: 'n', type: 'number' }] })
  const other = await makeEndpoint(t.ctx, owner.user.id, { name: 'Other', fields: [{ name: 'n', type: 'number' }] })
  await t.call('fields.add', { params: { id: kept.appId }, body: { name: 'cv', type: 'file' } }, { token: owner.token })
  const form = new FormData()
  form.append('n', '1')
  form.append('cv', new Blob([PDF]), 'cv.pdf')
  expect((await t.request('POST', kept.path('/form'), { raw: form })).status).toBe(200)
  await insertRecords(t.ctx, kept.appId, [{ data: { n: 2 } }, { data: { n: 3 }, spam: true }])
  await insertRecords(t.ctx, other.appId, [{ data: { n: 1 } }])
  t.clock.advance(3 * DAY)
  await insertRecords(t.ctx, kept.appId, [{ data: { n: 4 } }, { data: { n: 5 }, spam: true }])
  t.clock.advance(5 * DAY)
  await insertRecords(t.ctx, kept.appId, [{ data: { n: 6 } }])
  const data = async (appId: string) =>
    (await storedRows(t.ctx, appId)).map((row) => (JSON.parse(row.data) as { n: number }).n)
  return { t, owner, kept, other, data }
}

describe('keepRecordsDays and keepSpamDays', () => {
  test('are share settings, shown by share.get; out of range is refused saying what to send', async () => {
    const { t, owner, kept } = await setup()
    const set = await t.call(
      'share.update',
      { params: { id: kept.appId }, body: { keepRecordsDays: 365, keepSpamDays: 30 } },
      { token: owner.token },
    )
    expect(set.status).toBe(200)
    const got = await t.call('share.get', { params: { id: kept.appId } }, { token: owner.token })
    expect([got.body.data.keepRecordsDays, got.body.data.keepSpamDays]).toEqual([365, 30])
    for (const [value, message] of [
      [0, 'must be at least 1 day; null keeps them for ever'],
      [1.5, 'must be a whole number of days'],
      [36_501, 'can be at most 36500 days'],
      ['a year', 'must be a whole number of days from 1 to 36500, or null'],
    ] as const) {
      const refused = await t.call(
        'share.update',
        { params: { id: kept.appId }, body: { keepRecordsDays: value as never } },
        { token: owner.token },
      )
      expect([refused.status, refused.body as unknown]).toEqual([
        422,
        {
          code: 422,
          error: {
            type: 'validation',
            message: `keepRecordsDays: ${message}`,
            details: { problems: [{ path: 'keepRecordsDays', message }] },
          },
        },
      ])
    }
  })

  test('the round deletes records and spam past their days with their files; the rest stay', async () => {
    const { t, owner, kept, other, data } = await setup()
    expect(await t.ctx.blobs.totalBytes()).toBe(PDF.length)
    await t.call(
      'share.update',
      { params: { id: kept.appId }, body: { keepRecordsDays: 7, keepSpamDays: 2 } },
      { token: owner.token },
    )
    // 8 days in: records 1 and 2 are past 7 days; spam 3 (8 days) and 5 (5 days) past 2.
    expect(await retentionRound(t.ctx)).toBe(4)
    expect(await data(kept.appId)).toEqual([4, 6])
    expect(await data(other.appId)).toEqual([1])
    await t.ctx.files.sweep()
    expect(await t.ctx.blobs.totalBytes()).toBe(0)
    const summary = await t.call('records.summary', { params: { id: kept.appId } }, { token: owner.token })
    expect((summary.body as { total: number }).total).toBe(2)
    const audit = await t.call(
      'audit.app',
      { params: { id: kept.appId }, query: { action: 'records.expired' } },
      { token: owner.token },
    )
    expect(
      (audit.body as { data: { entries: Array<{ action: string; via: string; after: unknown }> } }).data.entries.map(
        ({ action, via, after }) => ({ action, via, after }),
      ),
    ).toEqual([
      {
        action: 'records.expired',
        via: 'retention',
        after: { records: 2, spam: 2, keepRecordsDays: 7, keepSpamDays: 2 },
      },
    ])
  })

  test('runs once an hour, whoever asks; null keeps everything', async () => {
    const { t, owner, kept, data } = await setup()
    await t.call('share.update', { params: { id: kept.appId }, body: { keepRecordsDays: 7 } }, { token: owner.token })
    expect(await retentionRound(t.ctx)).toBe(2)
    await insertRecords(t.ctx, kept.appId, [{ data: { n: 7 } }])
    t.clock.advance(10 * DAY - 1)
    // 10 days later the round is due again, once: 4 (day 3), 6 and 7 (day 8) are past 7 days.
    expect(await retentionRound(t.ctx)).toBe(3)
    expect(await retentionRound(t.ctx)).toBeNull()
    await t.call(
      'share.update',
      { params: { id: kept.appId }, body: { keepRecordsDays: null, keepSpamDays: null } },
      { token: owner.token },
    )
    await insertRecords(t.ctx, kept.appId, [{ data: { n: 8 } }])
    t.clock.advance(365 * DAY)
    expect(await pruneRecords(t.ctx)).toBe(0)
    expect(await data(kept.appId)).toEqual([3, 5, 8])
  })
})
