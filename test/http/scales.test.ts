import { describe, expect, test } from 'bun:test'
import { getRecord } from '../../server/core/records/owner.ts'
import { loadScoringDefinition } from '../../server/core/scoring/definition.ts'
import type { TestResponse } from '../support/http.ts'
import { assessmentApp, LIKERT_SCORES, MOOD_SCALE, publishApp, type AssessmentFixture } from './assessment-fixture.ts'
import type { ErrorEnvelope } from '../support/call.ts'

const T0 = '2026-01-01T00:00:00.000Z'

function moodView(f: AssessmentFixture, overrides: Record<string, unknown> = {}) {
  const item = (name: string, reverse = false) => ({
    field: name,
    type: 'choice',
    fieldId: f.fieldIds[name],
    weight: 1,
    reverse,
    scores: LIKERT_SCORES,
    min: null,
    max: null,
  })
  return {
    id: expect.any(String),
    key: 'mood',
    name: 'Mood',
    description: 'How you felt',
    method: 'sum',
    items: [item('calm'), item('rested'), item('worried', true)],
    levels: MOOD_SCALE.levels,
    range: { min: 0, max: 12 },
    complete: true,
    problems: [],
    position: 0,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  }
}

const validation = (problems: Array<{ path: string; message: string }>) => ({
  code: 422,
  error: { type: 'validation', message: expect.any(String), details: { problems } },
})

async function withMood() {
  const f = await assessmentApp()
  const created = await f.call('scales.add', { params: { id: f.appId }, body: MOOD_SCALE }, { token: f.owner.token })
  expect(created.status).toBe(200)
  return { f, id: created.body.data.id as string }
}

describe('scales: create, read, list', () => {
  test('POST creates a scale and GET reads it by key or id', async () => {
    const { f, id } = await withMood()
    const byKey = await f.call('scales.get', { params: { id: f.appId, scale: 'mood' } }, { token: f.owner.token })
    expect(byKey.status).toBe(200)
    expect(byKey.body as unknown).toEqual({ code: 200, data: moodView(f, { id }) })
    const byId = await f.call('scales.get', { params: { id: f.appId, scale: id } }, { token: f.owner.token })
    expect(byId.body).toEqual(byKey.body)
    const list = await f.call('scales.list', { params: { id: f.appId } }, { token: f.owner.token })
    expect(list.body as unknown).toEqual({ code: 200, data: { scales: [moodView(f, { id })] } })
  })

  test('a minimal scale has no range and is not complete', async () => {
    const f = await assessmentApp()
    const res = await f.call(
      'scales.add',
      { params: { id: f.appId }, body: { key: 'sleep', name: 'Sleep' } },
      { token: f.owner.token },
    )
    expect(res.body).toEqual({
      code: 200,
      data: {
        id: expect.any(String),
        key: 'sleep',
        name: 'Sleep',
        description: '',
        method: 'sum',
        items: [],
        levels: [],
        range: null,
        complete: false,
        problems: [],
        position: 0,
        createdAt: T0,
        updatedAt: T0,
      },
    })
  })

  test('a duplicate key is a 409', async () => {
    const { f } = await withMood()
    const res = await f.call(
      'scales.add',
      { params: { id: f.appId }, body: { key: 'mood', name: 'Again' } },
      { token: f.owner.token },
    )
    expect(res.status).toBe(409)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 409,
      error: { type: 'conflict', message: 'A scale with key "mood" already exists in this app; choose another key' },
    })
  })

  test('levels with gaps and overlaps are refused with every problem listed', async () => {
    const f = await assessmentApp()
    const gaps = await f.call(
      'scales.add',
      {
        params: { id: f.appId },
        body: {
          ...MOOD_SCALE,
          levels: [
            { key: 'low', label: 'Low', min: 1, max: 5 },
            { key: 'high', label: 'High', min: 6, max: 11 },
          ],
        },
      },
      { token: f.owner.token },
    )
    expect(gaps.status).toBe(422)
    expect(gaps.body as unknown).toEqual(
      validation([
        { path: 'levels', message: 'gap from 0 to 1: the lowest possible score is 0, below level "low"' },
        { path: 'levels', message: 'gap from 5 to 6: scores between "low" and "high" have no level' },
        { path: 'levels', message: 'gap from 11 to 12: the highest possible score is 12, above level "high"' },
      ]),
    )
    const overlaps = await f.call(
      'scales.add',
      {
        params: { id: f.appId },
        body: {
          ...MOOD_SCALE,
          levels: [
            { key: 'low', label: 'Low', min: 0, max: 7 },
            { key: 'low', label: 'Again', min: 6, max: 6 },
          ],
        },
      },
      { token: f.owner.token },
    )
    expect(overlaps.body as unknown).toEqual(
      validation([
        { path: 'levels.1.key', message: 'repeats the level key "low"' },
        { path: 'levels.1.min', message: 'must be less than max (6)' },
        { path: 'levels', message: 'levels "low" (0–7) and "low" (6–6) overlap from 6 to 7' },
      ]),
    )
    expect((await f.call('scales.list', { params: { id: f.appId } }, { token: f.owner.token })).body).toEqual({
      code: 200,
      data: { scales: [] },
    })
  })

  test('items must reference existing fields of a suitable type, with consistent scores', async () => {
    const f = await assessmentApp()
    const res = await f.call(
      'scales.add',
      {
        params: { id: f.appId },
        body: {
          key: 'broken',
          name: 'Broken',
          items: [
            { field: 'nope' },
            { field: 'name' },
            { field: 'calm', scores: { Never: 0, Always: 4, Sometimes: 2, Bogus: 9 } },
            { field: 'hours', scores: { a: 1 } },
            { field: 'hours', reverse: true },
            { field: 'habits', scores: { walked: 1, ran: 2, meditated: 3 }, min: 1 },
          ],
        },
      },
      { token: f.owner.token },
    )
    expect(res.status).toBe(422)
    expect(res.body as unknown).toEqual(
      validation([
        { path: 'items.0.field', message: 'no field "nope" in this app' },
        {
          path: 'items.1.field',
          message:
            'field "name" is a text field; items score choice, likert, multichoice, nps, number or rating fields',
        },
        { path: 'items.2.scores', message: 'needs a score for every option of "calm"; missing: "Rarely", "Often"' },
        {
          path: 'items.2.scores',
          message: '"calm" has no options "Bogus"; its options are "Never", "Rarely", "Sometimes", "Often", "Always"',
        },
        {
          path: 'items.3.scores',
          message: 'only choice, likert and multichoice items have scores; number items score their value',
        },
        { path: 'items.4.field', message: 'field "hours" is already an item of this scale' },
        {
          path: 'items.5.min',
          message:
            'min and max are for items that score a value (nps, number and rating); "habits" is a multichoice field scored per option',
        },
      ]),
    )
  })

  test('a reversed number item needs both bounds', async () => {
    const f = await assessmentApp()
    const res = await f.call(
      'scales.add',
      {
        params: { id: f.appId },
        body: { key: 'sleep', name: 'Sleep', items: [{ field: 'hours', reverse: true, min: 0 }] },
      },
      { token: f.owner.token },
    )
    expect(res.body as unknown).toEqual(
      validation([
        {
          path: 'items.0.reverse',
          message: 'a reversed number item needs both min and max (it scores max + min − value)',
        },
      ]),
    )
  })
})

describe('scales: update and remove', () => {
  test('PATCH changes properties; new items move the range and the view lists the gaps', async () => {
    const { f, id } = await withMood()
    f.clock.advance(1000)
    const res = await f.call(
      'scales.update',
      {
        params: { id: f.appId, scale: 'mood' },
        body: { name: 'Mood (week)', items: [{ field: 'calm', scores: LIKERT_SCORES, weight: 2 }] },
      },
      { token: f.owner.token },
    )
    expect(res.status).toBe(200)
    expect(res.body as unknown).toEqual({
      code: 200,
      data: moodView(f, {
        id,
        name: 'Mood (week)',
        items: [
          {
            field: 'calm',
            type: 'choice',
            fieldId: f.fieldIds.calm,
            weight: 2,
            reverse: false,
            scores: LIKERT_SCORES,
            min: null,
            max: null,
          },
        ],
        range: { min: 0, max: 8 },
        complete: false,
        problems: [{ path: 'levels', message: 'level "good" (9–12) is outside the possible scores 0–8' }],
        updatedAt: '2026-01-01T00:00:01.000Z',
      }),
    })
  })

  test('PATCH to a taken key is a 409; an unknown scale is a 404', async () => {
    const { f } = await withMood()
    await f.call(
      'scales.add',
      { params: { id: f.appId }, body: { key: 'sleep', name: 'Sleep' } },
      { token: f.owner.token },
    )
    const clash = await f.call(
      'scales.update',
      { params: { id: f.appId, scale: 'sleep' }, body: { key: 'mood' } },
      { token: f.owner.token },
    )
    expect(clash.status).toBe(409)
    const missing = await f.call(
      'scales.update',
      { params: { id: f.appId, scale: 'nope' }, body: { name: 'x' } },
      { token: f.owner.token },
    )
    expect(missing.status).toBe(404)
    expect(missing.body as ErrorEnvelope).toEqual({
      code: 404,
      error: { type: 'not_found', message: 'Scale "nope" not found' },
    })
  })

  test('DELETE removes the scale', async () => {
    const { f, id } = await withMood()
    const res = await f.call('scales.remove', { params: { id: f.appId, scale: 'mood' } }, { token: f.owner.token })
    expect(res.body).toEqual({ code: 200, data: { deleted: true, id } })
    expect(
      (await f.call('scales.get', { params: { id: f.appId, scale: 'mood' } }, { token: f.owner.token })).status,
    ).toBe(404)
  })
})

describe('scales: items and levels step by step', () => {
  test('item add, duplicate, remove', async () => {
    const f = await assessmentApp()
    await f.call(
      'scales.add',
      { params: { id: f.appId }, body: { key: 'sleep', name: 'Sleep', method: 'mean' } },
      { token: f.owner.token },
    )
    const added = await f.call(
      'scales.addItem',
      { params: { id: f.appId, scale: 'sleep' }, body: { field: 'hours', min: 0, max: 12 } },
      { token: f.owner.token },
    )
    expect(added.status).toBe(200)
    expect(added.body.data.items).toEqual([
      {
        field: 'hours',
        type: 'number',
        fieldId: f.fieldIds.hours,
        weight: 1,
        reverse: false,
        scores: null,
        min: 0,
        max: 12,
      },
    ])
    expect(added.body.data.range).toEqual({ min: 0, max: 12 })
    expect(added.body.data.problems).toEqual([
      { path: 'levels', message: 'no levels yet: add levels covering 0 to 12' },
    ])
    const again = await f.call(
      'scales.addItem',
      { params: { id: f.appId, scale: 'sleep' }, body: { field: f.fieldIds.hours } },
      { token: f.owner.token },
    )
    expect(again.status).toBe(409)
    expect(again.body as ErrorEnvelope).toEqual({
      code: 409,
      error: {
        type: 'conflict',
        message: `Field "${f.fieldIds.hours}" is already an item of scale "sleep"; remove it first to change it`,
      },
    })
    const removed = await f.call(
      'scales.removeItem',
      { params: { id: f.appId, scale: 'sleep', field: 'hours' } },
      { token: f.owner.token },
    )
    expect(removed.body.data.items).toEqual([])
    const gone = await f.call(
      'scales.removeItem',
      { params: { id: f.appId, scale: 'sleep', field: 'hours' } },
      { token: f.owner.token },
    )
    expect(gone.body as ErrorEnvelope).toEqual({
      code: 404,
      error: { type: 'not_found', message: 'Item for field "hours" in scale "sleep" not found' },
    })
  })

  test('level set adds and changes levels; overlaps are refused, gaps are listed until closed', async () => {
    const f = await assessmentApp()
    await f.call(
      'scales.add',
      { params: { id: f.appId }, body: { ...MOOD_SCALE, levels: undefined } },
      { token: f.owner.token },
    )
    const missing = await f.call(
      'scales.setLevel',
      { params: { id: f.appId, scale: 'mood', level: 'low' }, body: { label: 'Low' } },
      { token: f.owner.token },
    )
    expect(missing.body as unknown).toEqual(
      validation([
        { path: 'min', message: 'is required for a new level (null for no lower bound)' },
        { path: 'max', message: 'is required for a new level (null for no upper bound)' },
      ]),
    )
    const low = await f.call(
      'scales.setLevel',
      { params: { id: f.appId, scale: 'mood', level: 'low' }, body: { label: 'Low', min: 0, max: 5 } },
      { token: f.owner.token },
    )
    expect(low.body.data.levels).toEqual([{ key: 'low', label: 'Low', min: 0, max: 5, interpretation: '' }])
    expect(low.body.data.complete).toBe(false)
    expect(low.body.data.problems).toEqual([
      { path: 'levels', message: 'gap from 5 to 12: the highest possible score is 12, above level "low"' },
    ])
    const overlap = await f.call(
      'scales.setLevel',
      { params: { id: f.appId, scale: 'mood', level: 'high' }, body: { label: 'High', min: 4, max: 12 } },
      { token: f.owner.token },
    )
    expect(overlap.body as unknown).toEqual(
      validation([{ path: 'levels', message: 'levels "low" (0–5) and "high" (4–12) overlap from 4 to 5' }]),
    )
    const high = await f.call(
      'scales.setLevel',
      {
        params: { id: f.appId, scale: 'mood', level: 'high' },
        body: { label: 'High', min: 5, max: 12, interpretation: 'Good.' },
      },
      { token: f.owner.token },
    )
    expect(high.body.data.complete).toBe(true)
    expect(high.body.data.problems).toEqual([])
    const relabel = await f.call(
      'scales.setLevel',
      { params: { id: f.appId, scale: 'mood', level: 'high' }, body: { label: 'Great' } },
      { token: f.owner.token },
    )
    expect(relabel.body.data.levels[1]).toEqual({
      key: 'high',
      label: 'Great',
      min: 5,
      max: 12,
      interpretation: 'Good.',
    })
    const badKey = await f.call(
      'scales.setLevel',
      { params: { id: f.appId, scale: 'mood', level: 'Bad Key' }, body: { label: 'x', min: 0, max: 1 } },
      { token: f.owner.token },
    )
    expect(badKey.status).toBe(422)
    const removed = await f.call(
      'scales.removeLevel',
      { params: { id: f.appId, scale: 'mood', level: 'high' } },
      { token: f.owner.token },
    )
    expect(removed.body.data.levels.map((l: { key: string }) => l.key)).toEqual(['low'])
    const gone = await f.call(
      'scales.removeLevel',
      { params: { id: f.appId, scale: 'mood', level: 'high' } },
      { token: f.owner.token },
    )
    expect(gone.body as ErrorEnvelope).toEqual({
      code: 404,
      error: { type: 'not_found', message: 'Level "high" in scale "mood" not found' },
    })
  })
})

describe('scales: fields changing underneath', () => {
  test('a deleted field leaves a broken item that the view names and scoring skips', async () => {
    const { f, id } = await withMood()
    expect(
      (await f.call('fields.remove', { params: { id: f.appId, field: 'worried' } }, { token: f.owner.token })).status,
    ).toBe(200)
    const res = await f.call('scales.get', { params: { id: f.appId, scale: 'mood' } }, { token: f.owner.token })
    expect(res.body.data as unknown).toEqual(
      moodView(f, {
        id,
        items: [
          {
            field: 'calm',
            type: 'choice',
            fieldId: f.fieldIds.calm,
            weight: 1,
            reverse: false,
            scores: LIKERT_SCORES,
            min: null,
            max: null,
          },
          {
            field: 'rested',
            type: 'choice',
            fieldId: f.fieldIds.rested,
            weight: 1,
            reverse: false,
            scores: LIKERT_SCORES,
            min: null,
            max: null,
          },
          {
            field: null,
            type: null,
            fieldId: f.fieldIds.worried,
            weight: 1,
            reverse: true,
            scores: LIKERT_SCORES,
            min: null,
            max: null,
          },
        ],
        range: { min: 0, max: 8 },
        complete: false,
        problems: [
          { path: 'items.2.field', message: 'the field of this item was deleted; remove the item' },
          { path: 'levels', message: 'level "good" (9–12) is outside the possible scores 0–8' },
        ],
      }),
    )
    expect((await loadScoringDefinition(f.ctx, f.appId)).scales[0].items.map((item) => item.field)).toEqual([
      'calm',
      'rested',
    ])
    const removed = await f.call(
      'scales.removeItem',
      { params: { id: f.appId, scale: 'mood', field: f.fieldIds.worried } },
      { token: f.owner.token },
    )
    expect(removed.body.data.items.map((item) => item.field)).toEqual(['calm', 'rested'])
  })
})

describe('scales: scoring definition and rescore', () => {
  test('the cached definition follows scale changes', async () => {
    const { f } = await withMood()
    expect((await loadScoringDefinition(f.ctx, f.appId)).scales.map((s) => s.items.length)).toEqual([3])
    await f.call(
      'scales.removeItem',
      { params: { id: f.appId, scale: 'mood', field: 'calm' } },
      { token: f.owner.token },
    )
    expect((await loadScoringDefinition(f.ctx, f.appId)).scales.map((s) => s.items.length)).toEqual([2])
  })

  test('POST /rescore recomputes stored scores with the current scales', async () => {
    const { f } = await withMood()
    const token = await publishApp(f)
    const posted = await f.call('ingest.post', {
      params: { token },
      body: { calm: 'Always', rested: 'Often', worried: 'Never' },
    })
    expect(posted.status).toBe(200)
    const id = posted.body.data.id as string
    const rescored = await f.call('scales.rescore', { params: { id: f.appId } }, { token: f.owner.token })
    expect(rescored.body).toEqual({ code: 200, data: { rescored: 1 } })
    const stored = async () => JSON.parse((await getRecord(f.ctx, f.owner.user.id, f.appId, id)).scores!)
    expect(await stored()).toEqual({ mood: { score: 11, level: 'good', levelLabel: 'Good' } })
    await f.call(
      'scales.update',
      {
        params: { id: f.appId, scale: 'mood' },
        body: { method: 'mean', levels: [{ key: 'all', label: 'All', min: 0, max: 4 }] },
      },
      { token: f.owner.token },
    )
    // Stored scores do not move by themselves…
    expect(await stored()).toEqual({ mood: { score: 11, level: 'good', levelLabel: 'Good' } })
    await f.call('scales.rescore', { params: { id: f.appId } }, { token: f.owner.token })
    // …until rescored on purpose: (4 + 3 + 4) / 3.
    expect(await stored()).toEqual({ mood: { score: 3.6667, level: 'all', levelLabel: 'All' } })
  })
})

describe('scales: access', () => {
  type Caller = (f: AssessmentFixture, options: { token?: string }) => Promise<TestResponse<Partial<ErrorEnvelope>>>
  const mood = (f: AssessmentFixture) => ({ id: f.appId, scale: 'mood' })
  const routes: Array<[string, Caller]> = [
    ['scales.list', (f, options) => f.call('scales.list', { params: { id: f.appId } }, options)],
    [
      'scales.add',
      (f, options) => f.call('scales.add', { params: { id: f.appId }, body: { key: 'x', name: 'X' } }, options),
    ],
    ['scales.rescore', (f, options) => f.call('scales.rescore', { params: { id: f.appId } }, options)],
    ['scales.get', (f, options) => f.call('scales.get', { params: mood(f) }, options)],
    ['scales.update', (f, options) => f.call('scales.update', { params: mood(f), body: { name: 'X' } }, options)],
    ['scales.remove', (f, options) => f.call('scales.remove', { params: mood(f) }, options)],
    [
      'scales.addItem',
      (f, options) => f.call('scales.addItem', { params: mood(f), body: { field: 'hours' } }, options),
    ],
    [
      'scales.removeItem',
      (f, options) => f.call('scales.removeItem', { params: { ...mood(f), field: 'calm' } }, options),
    ],
    [
      'scales.setLevel',
      (f, options) =>
        f.call('scales.setLevel', { params: { ...mood(f), level: 'low' }, body: { label: 'L' } }, options),
    ],
    [
      'scales.removeLevel',
      (f, options) => f.call('scales.removeLevel', { params: { ...mood(f), level: 'low' } }, options),
    ],
  ]

  test.each(routes)('%s is a 404 for another account and a 401 without a token', async (_name, call) => {
    const { f } = await withMood()
    const other = await call(f, { token: f.stranger.token })
    expect(other.status).toBe(404)
    expect(other.body).toEqual({ code: 404, error: { type: 'not_found', message: 'App not found' } })
    const anonymous = await call(f, {})
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.error?.type).toBe('unauthorized')
    expect(
      (await f.call('scales.get', { params: { id: f.appId, scale: 'mood' } }, { token: f.owner.token })).body.data.name,
    ).toBe('Mood')
  })
})
