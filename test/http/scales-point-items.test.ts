/**
 * The newer scorable types as scale items: a rating and an NPS score their point (an item
 * added without bounds takes the field's lowest and highest point, so it can be reversed as
 * it is), and a Likert field scores its options by position unless the item gives scores.
 */
import { describe, expect, test } from 'bun:test'
import { assessmentApp, publishApp } from './assessment-fixture.ts'
import type { ErrorEnvelope } from '../support/call.ts'

const AGREE = ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree']

async function setup() {
  const f = await assessmentApp()
  const owner = { token: f.owner.token }
  for (const body of [
    { name: 'stars', type: 'rating' as const, max: 10 },
    { name: 'recommend', type: 'nps' as const },
    { name: 'agree', type: 'likert' as const, options: AGREE },
  ])
    expect((await f.call('fields.add', { params: { id: f.appId }, body }, owner)).status).toBe(200)
  return { f, owner }
}

describe('rating, nps and likert items', () => {
  test('items without bounds or scores take the field’s points; a record scores them, reversed ones too', async () => {
    const { f, owner } = await setup()
    const created = await f.call(
      'scales.add',
      {
        params: { id: f.appId },
        body: {
          key: 'loyal',
          name: 'Loyalty',
          items: [{ field: 'stars', reverse: true }, { field: 'recommend' }, { field: 'agree' }],
        },
      },
      owner,
    )
    expect(created.status).toBe(200)
    const items = created.body.data.items.map(({ field, type, reverse, scores, min, max }) => ({
      field,
      type,
      reverse,
      scores,
      min,
      max,
    }))
    expect(items).toEqual([
      { field: 'stars', type: 'rating', reverse: true, scores: null, min: 1, max: 10 },
      { field: 'recommend', type: 'nps', reverse: false, scores: null, min: 0, max: 10 },
      {
        field: 'agree',
        type: 'likert',
        reverse: false,
        scores: { 'Strongly disagree': 1, Disagree: 2, Neutral: 3, Agree: 4, 'Strongly agree': 5 },
        min: null,
        max: null,
      },
    ])
    // 1–10 + 0–10 + 1–5.
    expect(created.body.data.range).toEqual({ min: 2, max: 25 })
    const token = await publishApp(f)
    const posted = await f.call('ingest.post', {
      params: { token },
      body: { calm: 'Always', stars: 8, recommend: 9, agree: 'Agree' },
    })
    expect(posted.status).toBe(200)
    const record = await f.call('records.get', { params: { id: f.appId, recordId: posted.body.data.id } }, owner)
    // Reversed 8 of 1–10 is 3; + 9 + 4.
    expect(record.body.data.scores).toEqual({ loyal: { score: 16, level: null, levelLabel: null } })
  })

  test('given bounds and scores win over the defaults; scores on a rating item are refused', async () => {
    const { f, owner } = await setup()
    const created = await f.call(
      'scales.add',
      {
        params: { id: f.appId },
        body: {
          key: 'own',
          name: 'Own',
          items: [
            { field: 'stars', max: 5 },
            {
              field: 'agree',
              scores: { 'Strongly disagree': -2, Disagree: -1, Neutral: 0, Agree: 1, 'Strongly agree': 2 },
            },
          ],
        },
      },
      owner,
    )
    expect(created.body.data.items.map(({ min, max, scores }) => [min, max, scores?.Agree ?? null])).toEqual([
      [1, 5, null],
      [null, null, 1],
    ])
    const refused = await f.call(
      'scales.add',
      { params: { id: f.appId }, body: { key: 'bad', name: 'Bad', items: [{ field: 'recommend', scores: { 9: 1 } }] } },
      owner,
    )
    expect(refused.status).toBe(422)
    expect((refused.body as unknown as ErrorEnvelope).error.details?.problems).toEqual([
      {
        path: 'items.0.scores',
        message: 'only choice, likert and multichoice items have scores; nps items score their value',
      },
    ])
  })
})
