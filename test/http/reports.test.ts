import { describe, expect, test } from 'bun:test'
import { assessmentApp, MOOD_SCALE, type AssessmentFixture } from './assessment-fixture.ts'

const T0 = '2026-01-01T00:00:00.000Z'

const validation = (problems: Array<{ path: string; message: string }>) => ({
  code: 422,
  error: { type: 'validation', message: expect.any(String), details: { problems } },
})

async function withReport() {
  const f = await assessmentApp()
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await f.request(method, `${f.base}${path}`, { token: f.owner.token, body })
    expect(res.status).toBe(200)
    return res.body.data
  }
  await call('POST', '/scales', MOOD_SCALE)
  await call('PATCH', '/expert', { name: 'Dr. Ana Ruiz', title: 'Psychologist' })
  await call('PUT', '/expert/comments/mood/good', { text: 'Keep it up, {{name}}.' })
  await call('POST', '/report/pages', { title: 'Hello {{name}}' })
  await call('POST', '/report/pages/1/sections', {
    type: 'intro',
    text: 'Thanks for answering, {{name}}.\n\nYour mood score is {{score.mood}} ({{level.mood}}).',
  })
  await call('POST', '/report/pages/1/sections', { type: 'score', scale: 'mood', title: 'Your mood' })
  await call('POST', '/report/pages/1/sections', { type: 'chart', title: 'Overview' })
  await call('POST', '/report/pages', { title: 'Advice' })
  await call('POST', '/report/pages/2/sections', { type: 'expert' })
  await call('POST', '/report/pages/2/sections', { type: 'closing', text: 'Take care.' })
  return { f, call }
}

const page = (_f: AssessmentFixture, number: number, title: string, sections: unknown[]) => ({
  id: expect.any(String),
  number,
  title,
  sections,
  createdAt: T0,
  updatedAt: T0,
})

const section = (type: string, extra: Record<string, unknown> = {}) => ({
  id: expect.any(String),
  type,
  title: '',
  text: '',
  scale: null,
  ...extra,
})

describe('report pages and sections', () => {
  test('GET /report lists pages with their sections', async () => {
    const { f } = await withReport()
    const res = await f.request('GET', `${f.base}/report`, { token: f.owner.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      code: 200,
      data: {
        pages: [
          page(f, 1, 'Hello {{name}}', [
            section('intro', {
              text: 'Thanks for answering, {{name}}.\n\nYour mood score is {{score.mood}} ({{level.mood}}).',
            }),
            section('score', { title: 'Your mood', scale: 'mood' }),
            section('chart', { title: 'Overview' }),
          ]),
          page(f, 2, 'Advice', [section('expert'), section('closing', { text: 'Take care.' })]),
        ],
      },
    })
    expect((await f.request('GET', `${f.base}/report/pages`, { token: f.owner.token })).body).toEqual(res.body)
  })

  test('pages can be added at a position, renamed, moved and removed; numbers stay dense', async () => {
    const { f, call } = await withReport()
    const intro = await call('POST', '/report/pages', { title: 'Welcome', position: 1 })
    expect(intro).toEqual(page(f, 1, 'Welcome', []))
    const titles = async () =>
      (await call('GET', '/report/pages')).pages.map((p: { number: number; title: string }) => `${p.number}:${p.title}`)
    expect(await titles()).toEqual(['1:Welcome', '2:Hello {{name}}', '3:Advice'])
    f.clock.advance(500)
    const moved = await call('PATCH', `/report/pages/${intro.id}`, { title: 'Intro', position: 3 })
    expect(moved).toEqual({ ...page(f, 3, 'Intro', []), updatedAt: '2026-01-01T00:00:00.500Z' })
    expect(await titles()).toEqual(['1:Hello {{name}}', '2:Advice', '3:Intro'])
    expect(await call('DELETE', '/report/pages/1')).toEqual({ deleted: true, id: expect.any(String) })
    expect(await titles()).toEqual(['1:Advice', '2:Intro'])
    const missing = await f.request('DELETE', `${f.base}/report/pages/9`, { token: f.owner.token })
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ code: 404, error: { type: 'not_found', message: 'Report page "9" not found' } })
  })

  test('sections can be inserted at a position and removed by number or id', async () => {
    const { f, call } = await withReport()
    const withFirst = await call('POST', '/report/pages/2/sections', { type: 'intro', text: 'First', position: 1 })
    expect(withFirst.sections.map((s: { type: string }) => s.type)).toEqual(['intro', 'expert', 'closing'])
    const afterNumber = await call('DELETE', '/report/pages/2/sections/2')
    expect(afterNumber.sections.map((s: { type: string }) => s.type)).toEqual(['intro', 'closing'])
    const afterId = await call('DELETE', `/report/pages/2/sections/${afterNumber.sections[0].id}`)
    expect(afterId.sections).toEqual([section('closing', { text: 'Take care.' })])
    const missing = await f.request('DELETE', `${f.base}/report/pages/2/sections/5`, { token: f.owner.token })
    expect(missing.body).toEqual({
      code: 404,
      error: { type: 'not_found', message: 'Section "5" on page 2 not found' },
    })
  })

  test.each([
    [{ type: 'intro' }, [{ path: 'text', message: 'is required for an intro section' }]],
    [{ type: 'score' }, [{ path: 'scale', message: 'is required for a score section: name the scale to show' }]],
    [{ type: 'score', scale: 'nope' }, [{ path: 'scale', message: 'no scale "nope" in this app; scales: mood' }]],
    [{ type: 'chart', scale: 'mood' }, [{ path: 'scale', message: 'a chart shows every scale; leave scale out' }]],
    [
      { type: 'closing', text: 'Bye {{nmae}}, {{score.energy}}', title: '{{level.mood}}' },
      [
        { path: 'text', message: '{{nmae}} names no field; use a field name, score.<scale> or level.<scale>' },
        { path: 'text', message: '{{score.energy}} names no scale; scales: mood' },
      ],
    ],
    [{ type: 'banner' }, [{ path: 'type', message: 'must be intro, score, chart, expert, closing' }]],
  ])('section %j is refused', async (body, problems) => {
    const { f } = await withReport()
    const res = await f.request('POST', `${f.base}/report/pages/1/sections`, { token: f.owner.token, body })
    expect(res.status).toBe(422)
    expect(res.body).toEqual(validation(problems))
  })
})

describe('report preview', () => {
  const answers = { name: 'Ada', calm: 'Always', rested: 'Often', worried: 'Never' }

  test('as text', async () => {
    const { f } = await withReport()
    const res = await f.request('POST', `${f.base}/report/preview`, { token: f.owner.token, body: { data: answers } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      code: 200,
      data: {
        format: 'text',
        scores: { mood: { score: 11, level: 'good', levelLabel: 'Good' } },
        content: [
          'HELLO ADA',
          '',
          'Thanks for answering, Ada.',
          '',
          'Your mood score is 11 (Good).',
          '',
          'Your mood',
          '',
          'Mood: 11 (Good)',
          'Your mood was good.',
          '',
          'Overview',
          '',
          'Mood  ██████████████████··  11',
          '',
          '---',
          '',
          'ADVICE',
          '',
          'Dr. Ana Ruiz, Psychologist',
          '',
          'Mood – Good:',
          'Keep it up, Ada.',
          '',
          'Take care.',
          '',
        ].join('\n'),
      },
    })
  })

  test('as HTML, with answers escaped so they cannot inject script', async () => {
    const { f } = await withReport()
    const name = '<script>alert(1)</script><img src=x onerror=alert(2)>'
    const res = await f.request('POST', `${f.base}/report/preview`, {
      token: f.owner.token,
      body: { data: { ...answers, name }, format: 'html' },
    })
    expect(res.status).toBe(200)
    const html: string = res.body.data.content
    expect(html).toStartWith('<!doctype html>')
    expect(html).toContain('<h2>Hello &lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;</h2>')
    expect(html).toContain(
      '<p>Keep it up, &lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;.</p>',
    )
    expect(html).not.toContain('<script>alert')
    expect(html).not.toContain('<img src=x')
    expect(html).toContain('<svg class="chart" role="img"')
  })

  test('an app without report pages gets every score, the chart and the expert', async () => {
    const f = await assessmentApp()
    await f.request('POST', `${f.base}/scales`, { token: f.owner.token, body: MOOD_SCALE })
    const res = await f.request('POST', `${f.base}/report/preview`, {
      token: f.owner.token,
      body: { data: { calm: 'Never' } },
    })
    expect(res.body.data).toEqual({
      format: 'text',
      scores: { mood: { score: 0, level: 'low', levelLabel: 'Low' } },
      content: 'WELLBEING CHECK\n\nMood: 0 (Low)\nYour mood was low this week.\n\nMood  ····················  0\n',
    })
  })

  test('bad preview input is a 422', async () => {
    const { f } = await withReport()
    const res = await f.request('POST', `${f.base}/report/preview`, {
      token: f.owner.token,
      body: { data: [1], format: 'pdf' },
    })
    expect(res.status).toBe(422)
    expect(res.body.error.details.problems.map((p: { path: string }) => p.path)).toEqual(['data', 'format'])
  })
})

describe('report: access', () => {
  test.each([
    ['GET', '/report'],
    ['GET', '/report/pages'],
    ['POST', '/report/pages', {}],
    ['PATCH', '/report/pages/1', { title: 'x' }],
    ['DELETE', '/report/pages/1'],
    ['POST', '/report/pages/1/sections', { type: 'chart' }],
    ['DELETE', '/report/pages/1/sections/1'],
    ['POST', '/report/preview', { data: {} }],
  ] as Array<[string, string, unknown?]>)(
    '%s %s is a 404 for another account',
    async (...[method, path, body]: [string, string, unknown?]) => {
      // A rest parameter: bun:test takes a declared parameter past a row's length for a `done` callback and then waits for it.
      const { f } = await withReport()
      const res = await f.request(method, `${f.base}${path}`, { token: f.stranger.token, body })
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ code: 404, error: { type: 'not_found', message: 'App not found' } })
    },
  )
})
