import { describe, expect, test } from 'bun:test'
import type { TestResponse } from '../support/http.ts'
import { assessmentApp, MOOD_SCALE, type AssessmentFixture } from './assessment-fixture.ts'
import { invalid, type ErrorEnvelope } from '../support/call.ts'

const T0 = '2026-01-01T00:00:00.000Z'

const validation = (problems: Array<{ path: string; message: string }>) => ({
  code: 422,
  error: { type: 'validation', message: expect.any(String), details: { problems } },
})

async function withReport() {
  const f = await assessmentApp()
  const owner = { token: f.owner.token }
  /** The data of a set-up call that must succeed. */
  const ok = async <T>(sent: Promise<TestResponse<{ data: T }>>) => {
    const res = await sent
    expect(res.status).toBe(200)
    return res.body.data
  }
  await ok(f.call('scales.add', { params: { id: f.appId }, body: MOOD_SCALE }, owner))
  await ok(
    f.call(
      'expert.update',
      { params: { id: f.appId }, body: { name: 'Dr. Ana Ruiz', title: 'Psychologist' } },
      { ...owner },
    ),
  )
  await ok(
    f.call(
      'expert.setComment',
      { params: { id: f.appId, scale: 'mood', level: 'good' }, body: { text: 'Keep it up, {{name}}.' } },
      { ...owner },
    ),
  )
  await ok(f.call('reports.addPage', { params: { id: f.appId }, body: { title: 'Hello {{name}}' } }, owner))
  await ok(
    f.call(
      'reports.addSection',
      {
        params: { id: f.appId, page: '1' },
        body: {
          type: 'intro',
          text: 'Thanks for answering, {{name}}.\n\nYour mood score is {{score.mood}} ({{level.mood}}).',
        },
      },
      { ...owner },
    ),
  )
  await ok(
    f.call(
      'reports.addSection',
      { params: { id: f.appId, page: '1' }, body: { type: 'score', scale: 'mood', title: 'Your mood' } },
      { ...owner },
    ),
  )
  await ok(
    f.call(
      'reports.addSection',
      { params: { id: f.appId, page: '1' }, body: { type: 'chart', title: 'Overview' } },
      { ...owner },
    ),
  )
  await ok(f.call('reports.addPage', { params: { id: f.appId }, body: { title: 'Advice' } }, owner))
  await ok(f.call('reports.addSection', { params: { id: f.appId, page: '2' }, body: { type: 'expert' } }, owner))
  await ok(
    f.call(
      'reports.addSection',
      { params: { id: f.appId, page: '2' }, body: { type: 'closing', text: 'Take care.' } },
      { ...owner },
    ),
  )
  return { f, ok, owner }
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
    const res = await f.call('reports.get', { params: { id: f.appId } }, { token: f.owner.token })
    expect(res.status).toBe(200)
    expect(res.body as unknown).toEqual({
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
    expect((await f.call('reports.listPages', { params: { id: f.appId } }, { token: f.owner.token })).body).toEqual(
      res.body,
    )
  })

  test('pages can be added at a position, renamed, moved and removed; numbers stay dense', async () => {
    const { f, ok, owner } = await withReport()
    const intro = await ok(
      f.call('reports.addPage', { params: { id: f.appId }, body: { title: 'Welcome', position: 1 } }, owner),
    )
    expect<unknown>(intro).toEqual(page(f, 1, 'Welcome', []))
    const titles = async () =>
      (await ok(f.call('reports.listPages', { params: { id: f.appId } }, owner))).pages.map(
        (p: { number: number; title: string }) => `${p.number}:${p.title}`,
      )
    expect(await titles()).toEqual(['1:Welcome', '2:Hello {{name}}', '3:Advice'])
    f.clock.advance(500)
    const moved = await ok(
      f.call(
        'reports.updatePage',
        { params: { id: f.appId, page: intro.id }, body: { title: 'Intro', position: 3 } },
        { ...owner },
      ),
    )
    expect<unknown>(moved).toEqual({ ...page(f, 3, 'Intro', []), updatedAt: '2026-01-01T00:00:00.500Z' })
    expect(await titles()).toEqual(['1:Hello {{name}}', '2:Advice', '3:Intro'])
    expect(await ok(f.call('reports.removePage', { params: { id: f.appId, page: '1' } }, owner))).toEqual({
      deleted: true,
      id: expect.any(String),
    })
    expect(await titles()).toEqual(['1:Advice', '2:Intro'])
    const missing = await f.call('reports.removePage', { params: { id: f.appId, page: '9' } }, { token: f.owner.token })
    expect(missing.status).toBe(404)
    expect(missing.body as ErrorEnvelope).toEqual({
      code: 404,
      error: { type: 'not_found', message: 'Report page "9" not found' },
    })
  })

  test('sections can be inserted at a position and removed by number or id', async () => {
    const { f, ok, owner } = await withReport()
    const withFirst = await ok(
      f.call(
        'reports.addSection',
        { params: { id: f.appId, page: '2' }, body: { type: 'intro', text: 'First', position: 1 } },
        { ...owner },
      ),
    )
    expect(withFirst.sections.map((s: { type: string }) => s.type)).toEqual(['intro', 'expert', 'closing'])
    const afterNumber = await ok(
      f.call('reports.removeSection', { params: { id: f.appId, page: '2', section: '2' } }, owner),
    )
    expect(afterNumber.sections.map((s: { type: string }) => s.type)).toEqual(['intro', 'closing'])
    const afterId = await ok(
      f.call(
        'reports.removeSection',
        { params: { id: f.appId, page: '2', section: afterNumber.sections[0].id } },
        owner,
      ),
    )
    expect<unknown>(afterId.sections).toEqual([section('closing', { text: 'Take care.' })])
    const missing = await f.call(
      'reports.removeSection',
      { params: { id: f.appId, page: '2', section: '5' } },
      { token: f.owner.token },
    )
    expect(missing.body as ErrorEnvelope).toEqual({
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
    const res = await f.call(
      'reports.addSection',
      { params: { id: f.appId, page: '1' }, body: invalid(body) },
      { token: f.owner.token },
    )
    expect(res.status).toBe(422)
    expect(res.body as unknown).toEqual(validation(problems))
  })
})

describe('report preview', () => {
  const answers = { name: 'Ada', calm: 'Always', rested: 'Often', worried: 'Never' }

  test('as text', async () => {
    const { f } = await withReport()
    const res = await f.call(
      'reports.preview',
      { params: { id: f.appId }, body: { data: answers } },
      { token: f.owner.token },
    )
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
    const res = await f.call(
      'reports.preview',
      { params: { id: f.appId }, body: { data: { ...answers, name }, format: 'html' } },
      { token: f.owner.token },
    )
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
    await f.call('scales.add', { params: { id: f.appId }, body: MOOD_SCALE }, { token: f.owner.token })
    const res = await f.call(
      'reports.preview',
      { params: { id: f.appId }, body: { data: { calm: 'Never' } } },
      { token: f.owner.token },
    )
    expect(res.body.data).toEqual({
      format: 'text',
      scores: { mood: { score: 0, level: 'low', levelLabel: 'Low' } },
      content: 'WELLBEING CHECK\n\nMood: 0 (Low)\nYour mood was low this week.\n\nMood  ····················  0\n',
    })
  })

  test('bad preview input is a 422', async () => {
    const { f } = await withReport()
    const res = await f.call(
      'reports.preview',
      { params: { id: f.appId }, body: invalid({ data: [1], format: 'pdf' }) },
      { token: f.owner.token },
    )
    expect(res.status).toBe(422)
    expect(res.body.error?.details?.problems?.map((p: { path: string }) => p.path)).toEqual(['data', 'format'])
  })
})

describe('report: access', () => {
  type Caller = (f: AssessmentFixture, options: { token: string }) => Promise<TestResponse>
  const routes: Array<[string, Caller]> = [
    ['reports.get', (f, options) => f.call('reports.get', { params: { id: f.appId } }, options)],
    ['reports.listPages', (f, options) => f.call('reports.listPages', { params: { id: f.appId } }, options)],
    ['reports.addPage', (f, options) => f.call('reports.addPage', { params: { id: f.appId }, body: {} }, options)],
    [
      'reports.updatePage',
      (f, options) =>
        f.call('reports.updatePage', { params: { id: f.appId, page: '1' }, body: { title: 'x' } }, options),
    ],
    [
      'reports.removePage',
      (f, options) => f.call('reports.removePage', { params: { id: f.appId, page: '1' } }, options),
    ],
    [
      'reports.addSection',
      (f, options) =>
        f.call('reports.addSection', { params: { id: f.appId, page: '1' }, body: { type: 'chart' } }, options),
    ],
    [
      'reports.removeSection',
      (f, options) => f.call('reports.removeSection', { params: { id: f.appId, page: '1', section: '1' } }, options),
    ],
    [
      'reports.preview',
      (f, options) => f.call('reports.preview', { params: { id: f.appId }, body: { data: {} } }, options),
    ],
  ]
  test.each(routes)('%s is a 404 for another account', async (_name, call) => {
    const { f } = await withReport()
    const res = await call(f, { token: f.stranger.token })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ code: 404, error: { type: 'not_found', message: 'App not found' } })
  })
})
