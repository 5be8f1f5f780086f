import { describe, expect, test } from 'bun:test'
import { invalid } from '../support/call.ts'
import { assessmentApp, MOOD_SCALE } from './assessment-fixture.ts'

type ExpertOperation = 'expert.get' | 'expert.update' | 'expert.comments' | 'expert.setComment' | 'expert.removeComment'

const T0 = '2026-01-01T00:00:00.000Z'

async function withScale() {
  const f = await assessmentApp()
  expect(
    (await f.call('scales.add', { params: { id: f.appId }, body: MOOD_SCALE }, { token: f.owner.token })).status,
  ).toBe(200)
  return f
}

describe('expert profile', () => {
  test('starts empty; PATCH changes only the given properties', async () => {
    const f = await withScale()
    const empty = await f.call('expert.get', { params: { id: f.appId } }, { token: f.owner.token })
    expect(empty.body).toEqual({ code: 200, data: { name: '', title: '', bio: '', avatarUrl: null, comments: [] } })
    const set = await f.call(
      'expert.update',
      {
        params: { id: f.appId },
        body: { name: ' Dr. Ana Ruiz ', bio: 'Twenty years\r\nof practice.', avatarUrl: 'https://example.com/ana.png' },
      },
      { token: f.owner.token },
    )
    expect(set.body).toEqual({
      code: 200,
      data: {
        name: 'Dr. Ana Ruiz',
        title: '',
        bio: 'Twenty years\nof practice.',
        avatarUrl: 'https://example.com/ana.png',
        comments: [],
      },
    })
    const more = await f.call(
      'expert.update',
      { params: { id: f.appId }, body: { title: 'Psychologist', avatarUrl: null } },
      { token: f.owner.token },
    )
    expect(more.body.data).toEqual({
      name: 'Dr. Ana Ruiz',
      title: 'Psychologist',
      bio: 'Twenty years\nof practice.',
      avatarUrl: null,
      comments: [],
    })
  })

  test.each([
    ['javascript:alert(1)'],
    ['data:image/png;base64,AAAA'],
    ['ftp://example.com/a.png'],
    ['http://example.com/a.png'],
    ['https://user:pw@example.com/a.png'],
    ['/relative.png'],
  ])('avatar URL %p is refused', async (avatarUrl) => {
    const f = await withScale()
    const res = await f.call(
      'expert.update',
      { params: { id: f.appId }, body: { avatarUrl } },
      { token: f.owner.token },
    )
    expect(res.status).toBe(422)
    expect<unknown>(res.body).toEqual({
      code: 422,
      error: {
        type: 'validation',
        message:
          'avatarUrl: must be an absolute https:// URL without user name or password (the pages load images over HTTPS only)',
        details: {
          problems: [
            {
              path: 'avatarUrl',
              message:
                'must be an absolute https:// URL without user name or password (the pages load images over HTTPS only)',
            },
          ],
        },
      },
    })
  })
})

describe('expert comments', () => {
  test('set, list, replace and remove a comment per scale level', async () => {
    const f = await withScale()
    const set = await f.call(
      'expert.setComment',
      { params: { id: f.appId, scale: 'mood', level: 'low' }, body: { text: 'Talk to someone you trust.' } },
      { token: f.owner.token },
    )
    expect(set.body).toEqual({
      code: 200,
      data: { scale: 'mood', level: 'low', text: 'Talk to someone you trust.', updatedAt: T0 },
    })
    f.clock.advance(1000)
    await f.call(
      'expert.setComment',
      { params: { id: f.appId, scale: 'mood', level: 'good' }, body: { text: 'Keep going.' } },
      { token: f.owner.token },
    )
    const replaced = await f.call(
      'expert.setComment',
      { params: { id: f.appId, scale: 'mood', level: 'low' }, body: { text: 'Rest more.' } },
      { token: f.owner.token },
    )
    expect(replaced.body.data).toEqual({
      scale: 'mood',
      level: 'low',
      text: 'Rest more.',
      updatedAt: '2026-01-01T00:00:01.000Z',
    })
    const list = await f.call('expert.comments', { params: { id: f.appId } }, { token: f.owner.token })
    expect(list.body).toEqual({
      code: 200,
      data: {
        comments: [
          { scale: 'mood', level: 'good', text: 'Keep going.', updatedAt: '2026-01-01T00:00:01.000Z' },
          { scale: 'mood', level: 'low', text: 'Rest more.', updatedAt: '2026-01-01T00:00:01.000Z' },
        ],
      },
    })
    expect(
      (await f.call('expert.get', { params: { id: f.appId } }, { token: f.owner.token })).body.data.comments,
    ).toEqual(list.body.data.comments)
    const removed = await f.call(
      'expert.removeComment',
      { params: { id: f.appId, scale: 'mood', level: 'low' } },
      { token: f.owner.token },
    )
    expect(removed.body).toEqual({ code: 200, data: { deleted: true, scale: 'mood', level: 'low' } })
    const again = await f.call(
      'expert.removeComment',
      { params: { id: f.appId, scale: 'mood', level: 'low' } },
      { token: f.owner.token },
    )
    expect(again.status).toBe(404)
    expect<unknown>(again.body).toEqual({
      code: 404,
      error: { type: 'not_found', message: 'Comment for level "low" of scale "mood" not found' },
    })
  })

  test('comments need an existing scale and level; removing the level removes its comment', async () => {
    const f = await withScale()
    const noScale = await f.call(
      'expert.setComment',
      { params: { id: f.appId, scale: 'sleep', level: 'low' }, body: { text: 'x' } },
      { token: f.owner.token },
    )
    expect<unknown>(noScale.body).toEqual({
      code: 404,
      error: { type: 'not_found', message: 'Scale "sleep" not found' },
    })
    const noLevel = await f.call(
      'expert.setComment',
      { params: { id: f.appId, scale: 'mood', level: 'awful' }, body: { text: 'x' } },
      { token: f.owner.token },
    )
    expect<unknown>(noLevel.body).toEqual({
      code: 404,
      error: { type: 'not_found', message: 'Level "awful" in scale "mood" not found' },
    })
    const empty = await f.call(
      'expert.setComment',
      { params: { id: f.appId, scale: 'mood', level: 'low' }, body: { text: '  ' } },
      { token: f.owner.token },
    )
    expect(empty.status).toBe(422)
    await f.call(
      'expert.setComment',
      { params: { id: f.appId, scale: 'mood', level: 'low' }, body: { text: 'Rest more.' } },
      { token: f.owner.token },
    )
    await f.call(
      'scales.removeLevel',
      { params: { id: f.appId, scale: 'mood', level: 'low' } },
      { token: f.owner.token },
    )
    expect((await f.call('expert.comments', { params: { id: f.appId } }, { token: f.owner.token })).body).toEqual({
      code: 200,
      data: { comments: [] },
    })
  })

  test.each([
    ['expert.get'],
    ['expert.update', { name: 'x' }],
    ['expert.comments'],
    ['expert.setComment', { text: 'x' }],
    ['expert.removeComment'],
  ] as Array<[ExpertOperation, unknown?]>)(
    '%s is a 404 for another account',
    async (...[name, body]: [ExpertOperation, unknown?]) => {
      // A rest parameter: bun:test takes a declared parameter past a row's length for a `done` callback and then waits for it.
      const f = await withScale()
      // The comment routes take the scale and level; the others leave them out of the path.
      const params = { id: f.appId, scale: 'mood', level: 'low' }
      const res = await f.call(name, invalid({ params, body }), { token: f.stranger.token })
      expect(res.status).toBe(404)
      expect<unknown>(res.body).toEqual({ code: 404, error: { type: 'not_found', message: 'App not found' } })
    },
  )
})
