import { describe, expect, test } from 'bun:test'
import { assessmentApp, MOOD_SCALE } from './assessment-fixture.ts'

const T0 = '2026-01-01T00:00:00.000Z'

async function withScale() {
  const f = await assessmentApp()
  expect((await f.request('POST', `${f.base}/scales`, { token: f.owner.token, body: MOOD_SCALE })).status).toBe(200)
  return f
}

describe('expert profile', () => {
  test('starts empty; PATCH changes only the given properties', async () => {
    const f = await withScale()
    const empty = await f.request('GET', `${f.base}/expert`, { token: f.owner.token })
    expect(empty.body).toEqual({ code: 200, data: { name: '', title: '', bio: '', avatarUrl: null, comments: [] } })
    const set = await f.request('PATCH', `${f.base}/expert`, {
      token: f.owner.token,
      body: { name: ' Dr. Ana Ruiz ', bio: 'Twenty years\r\nof practice.', avatarUrl: 'https://example.com/ana.png' },
    })
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
    const more = await f.request('PATCH', `${f.base}/expert`, {
      token: f.owner.token,
      body: { title: 'Psychologist', avatarUrl: null },
    })
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
    const res = await f.request('PATCH', `${f.base}/expert`, { token: f.owner.token, body: { avatarUrl } })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
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
    const set = await f.request('PUT', `${f.base}/expert/comments/mood/low`, {
      token: f.owner.token,
      body: { text: 'Talk to someone you trust.' },
    })
    expect(set.body).toEqual({
      code: 200,
      data: { scale: 'mood', level: 'low', text: 'Talk to someone you trust.', updatedAt: T0 },
    })
    f.clock.advance(1000)
    await f.request('PUT', `${f.base}/expert/comments/mood/good`, {
      token: f.owner.token,
      body: { text: 'Keep going.' },
    })
    const replaced = await f.request('PUT', `${f.base}/expert/comments/mood/low`, {
      token: f.owner.token,
      body: { text: 'Rest more.' },
    })
    expect(replaced.body.data).toEqual({
      scale: 'mood',
      level: 'low',
      text: 'Rest more.',
      updatedAt: '2026-01-01T00:00:01.000Z',
    })
    const list = await f.request('GET', `${f.base}/expert/comments`, { token: f.owner.token })
    expect(list.body).toEqual({
      code: 200,
      data: {
        comments: [
          { scale: 'mood', level: 'good', text: 'Keep going.', updatedAt: '2026-01-01T00:00:01.000Z' },
          { scale: 'mood', level: 'low', text: 'Rest more.', updatedAt: '2026-01-01T00:00:01.000Z' },
        ],
      },
    })
    expect((await f.request('GET', `${f.base}/expert`, { token: f.owner.token })).body.data.comments).toEqual(
      list.body.data.comments,
    )
    const removed = await f.request('DELETE', `${f.base}/expert/comments/mood/low`, { token: f.owner.token })
    expect(removed.body).toEqual({ code: 200, data: { deleted: true, scale: 'mood', level: 'low' } })
    const again = await f.request('DELETE', `${f.base}/expert/comments/mood/low`, { token: f.owner.token })
    expect(again.status).toBe(404)
    expect(again.body).toEqual({
      code: 404,
      error: { type: 'not_found', message: 'Comment for level "low" of scale "mood" not found' },
    })
  })

  test('comments need an existing scale and level; removing the level removes its comment', async () => {
    const f = await withScale()
    const noScale = await f.request('PUT', `${f.base}/expert/comments/sleep/low`, {
      token: f.owner.token,
      body: { text: 'x' },
    })
    expect(noScale.body).toEqual({ code: 404, error: { type: 'not_found', message: 'Scale "sleep" not found' } })
    const noLevel = await f.request('PUT', `${f.base}/expert/comments/mood/awful`, {
      token: f.owner.token,
      body: { text: 'x' },
    })
    expect(noLevel.body).toEqual({
      code: 404,
      error: { type: 'not_found', message: 'Level "awful" in scale "mood" not found' },
    })
    const empty = await f.request('PUT', `${f.base}/expert/comments/mood/low`, {
      token: f.owner.token,
      body: { text: '  ' },
    })
    expect(empty.status).toBe(422)
    await f.request('PUT', `${f.base}/expert/comments/mood/low`, { token: f.owner.token, body: { text: 'Rest more.' } })
    await f.request('DELETE', `${f.base}/scales/mood/levels/low`, { token: f.owner.token })
    expect((await f.request('GET', `${f.base}/expert/comments`, { token: f.owner.token })).body).toEqual({
      code: 200,
      data: { comments: [] },
    })
  })

  test.each([
    ['GET', '/expert'],
    ['PATCH', '/expert', { name: 'x' }],
    ['GET', '/expert/comments'],
    ['PUT', '/expert/comments/mood/low', { text: 'x' }],
    ['DELETE', '/expert/comments/mood/low'],
  ] as Array<[string, string, unknown?]>)(
    '%s %s is a 404 for another account',
    async (...[method, path, body]: [string, string, unknown?]) => {
      // A rest parameter: bun:test takes a declared parameter past a row's length for a `done` callback and then waits for it.
      const f = await withScale()
      const res = await f.request(method, `${f.base}${path}`, { token: f.stranger.token, body })
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ code: 404, error: { type: 'not_found', message: 'App not found' } })
    },
  )
})
