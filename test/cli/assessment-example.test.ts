/**
 * The wellbeing example end to end: test/fixtures/wellbeing/create.sh builds a 10-item,
 * two-dimension assessment with real `svc-cli` processes against a real server; then a
 * respondent submits through the fill-in page and the stored scores, the report page and
 * `report preview` are checked, as are a raw endpoint submission and `scale rescore`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { BUN, cliInProcess, ROOT, startTestServer, tempConfigHome } from '../support/server.ts'
import { callServer } from '../support/call.ts'

const server = await startTestServer()
afterAll(() => server.close())

let env: Record<string, string>
let app: string
let token: string
let endpoint: string
let scriptErr: string
beforeAll(async () => {
  const account = await server.account()
  env = { SVC_URL: server.url, SVC_TOKEN: account.token, XDG_CONFIG_HOME: tempConfigHome() }
  const proc = Bun.spawn(['sh', join(ROOT, 'test/fixtures/wellbeing/create.sh')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: tempConfigHome(),
      ...env,
      SVC_CLI: `${BUN} ${join(ROOT, 'cli/main.ts')}`,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  scriptErr = err
  if (code !== 0) throw new Error(`create.sh exited ${code}:\n${err}`)
  app = out.trim()
  const share = (await cli('share', 'status', '--app', app, '--json')).json()
  token = share.token
  endpoint = share.endpoint.replace(server.ctx.config.baseUrl, server.url)
}, 120_000)

const cli = (...argv: string[]) => cliInProcess(argv, { env })

/** A respondent: mostly fine mood, low energy (two reverse-scored items among them). */
const ANSWERS = {
  mood_cheerful: 'Often',
  mood_calm: 'Sometimes',
  mood_down: 'Rarely',
  mood_interest: 'Often',
  mood_worry: 'Sometimes',
  energy_active: 'Rarely',
  energy_rested: 'Never',
  energy_tired: 'Always',
  energy_focus: 'Sometimes',
  energy_drive: 'Rarely',
}
// mood: (4 + 3 + (6−2) + 4 + (6−3)) / 5 = 3.6 → medium; energy: (2 + 1 + (6−5) + 3 + 2) / 5 = 1.8 → low.
const SCORES = {
  mood: { score: 3.6, level: 'medium', levelLabel: 'Medium' },
  energy: { score: 1.8, level: 'low', levelLabel: 'Low' },
}
/** The scores stored with a record, as the owner reads it (null when none are stored). */
const storedScores = async (recordId: string) => {
  const response = await callServer(
    server.url,
    'records.get',
    { params: { id: app, recordId } },
    { token: env.SVC_TOKEN },
  )
  expect(response.status).toBe(200)
  return (response.body.data.scores as unknown) ?? null
}

describe('the wellbeing example built by create.sh', () => {
  test('the script printed only the app id on stdout and every step succeeded', () => {
    expect(app).toMatch(/^[0-9a-f-]{36}$/)
    expect(scriptErr).not.toContain('error:')
  })

  test('10 required Likert fields, 2 complete scales with reverse items and 3 levels each', async () => {
    const fields = (await cli('field', 'list', '--app', app, '--json')).json().fields
    expect(fields.map((f: { name: string }) => f.name)).toEqual([
      'mood_cheerful',
      'mood_calm',
      'mood_down',
      'mood_interest',
      'mood_worry',
      'energy_active',
      'energy_rested',
      'energy_tired',
      'energy_focus',
      'energy_drive',
    ])
    for (const field of fields)
      expect(field).toMatchObject({
        type: 'choice',
        required: true,
        options: ['Never', 'Rarely', 'Sometimes', 'Often', 'Always'],
      })

    const { scales } = (await cli('scale', 'list', '--app', app, '--json')).json()
    const likert = { Never: 1, Rarely: 2, Sometimes: 3, Often: 4, Always: 5 }
    const item = (field: string, reverse = false) => ({
      field,
      type: 'choice',
      fieldId: expect.any(String),
      weight: 1,
      reverse,
      scores: likert,
      min: null,
      max: null,
    })
    const levels = (low: string, medium: string, high: string) => [
      { key: 'low', label: 'Low', min: 1, max: 2.5, interpretation: low },
      { key: 'medium', label: 'Medium', min: 2.5, max: 3.75, interpretation: medium },
      { key: 'high', label: 'High', min: 3.75, max: 5, interpretation: high },
    ]
    const common = {
      id: expect.any(String),
      method: 'mean',
      range: { min: 1, max: 5 },
      complete: true,
      problems: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    }
    expect(scales).toEqual([
      {
        ...common,
        key: 'mood',
        name: 'Mood',
        description: 'How cheerful, calm and interested you have felt',
        position: expect.any(Number),
        items: [
          item('mood_cheerful'),
          item('mood_calm'),
          item('mood_interest'),
          item('mood_down', true),
          item('mood_worry', true),
        ],
        levels: levels(
          'Your mood has been low for much of the past two weeks.',
          'Your mood has had ups and downs: good days mixed with harder ones.',
          'Your mood has been mostly positive and steady.',
        ),
      },
      {
        ...common,
        key: 'energy',
        name: 'Energy',
        description: 'How rested, focused and driven you have felt',
        position: expect.any(Number),
        items: [
          item('energy_active'),
          item('energy_rested'),
          item('energy_focus'),
          item('energy_drive'),
          item('energy_tired', true),
        ],
        levels: levels(
          'You have been running on empty: tired, unrested and hard to get going.',
          'Your energy has been enough for the essentials, with little to spare.',
          'You have felt rested, focused and ready for what the day brings.',
        ),
      },
    ])
  })

  test('report, expert and theme as the snapshot summary shows them', async () => {
    const { sections } = (await cli('snapshot', '--app', app, '--detail', 'summary', '--json')).json()
    expect(sections.report).toEqual({
      pages: [
        {
          number: 1,
          title: 'Your wellbeing check',
          sections: [
            { type: 'intro', title: 'Thank you', scale: null },
            { type: 'score', title: 'Mood', scale: 'mood' },
            { type: 'score', title: 'Energy', scale: 'energy' },
            { type: 'chart', title: 'Both dimensions', scale: null },
          ],
        },
        {
          number: 2,
          title: 'What it means',
          sections: [
            { type: 'expert', title: 'A word from Dr. Ruiz', scale: null },
            { type: 'closing', title: 'Take care', scale: null },
          ],
        },
      ],
    })
    expect(sections.expert).toEqual({
      name: 'Dr. Ana Ruiz',
      title: 'Clinical psychologist',
      // In scale order, then by level key.
      comments: ['mood', 'energy'].flatMap((scale) => ['high', 'low', 'medium'].map((level) => ({ scale, level }))),
    })
    expect(sections.connect).toEqual({
      primaryColor: '#0f766e',
      fontFamily: 'humanist',
      layout: 'one-per-screen',
      buttonText: 'See my results',
      customCss: true,
    })
    expect(sections.share).toMatchObject({ published: true, autoCreate: false })
  })

  test('report preview scores given answers and renders the text report without storing anything', async () => {
    const preview = await cli('report', 'preview', '--app', app, '--answers', JSON.stringify(ANSWERS), '--json')
    expect(preview.code).toBe(0)
    const data = preview.json()
    expect(data).toEqual({ format: 'text', scores: SCORES, content: expect.any(String) })
    for (const line of [
      'Mood: 3.6 (Medium)\nYour mood has had ups and downs: good days mixed with harder ones.',
      'Your mood score is 3.6 (Medium).',
      'Mood    █████████████·······  3.6\nEnergy  ████················  1.8',
      'Your mood has had ups and downs: good days mixed with harder ones.',
      'Your energy score is 1.8 (Low).',
      'Dr. Ana Ruiz, Clinical psychologist',
      'Protect your sleep first: a regular bedtime and a short daily walk help most people.',
      'This check is not a diagnosis. If you are struggling, please reach out to a professional.',
    ])
      expect(data.content).toContain(line)
    // Human output is the content itself; answers can come from stdin too.
    const human = await cliInProcess(['report', 'preview', '--app', app], { env, stdin: JSON.stringify(ANSWERS) })
    expect(human).toMatchObject({ code: 0, stderr: '', stdout: data.content })
    expect(data.content).toStartWith('YOUR WELLBEING CHECK\n\nThank you\n')
    expect((await cli('app', 'get', '--app', app, '--json')).json().recordCount).toBe(0)
  })

  test('a respondent submits on the fill-in page: scores are stored and the report page shows them', async () => {
    const response = await fetch(`${server.url}/f/${token}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(ANSWERS).toString(),
    })
    expect(response.status).toBe(200)
    const { data } = await response.json()
    expect(data).toEqual({
      id: expect.any(String),
      reportUrl: expect.stringMatching(new RegExp(`^${server.ctx.config.baseUrl}/r/${data.id}\\?k=[A-Za-z0-9_-]{32}$`)),
    })
    expect(await storedScores(data.id)).toEqual(SCORES)

    const report = await fetch(data.reportUrl.replace(server.ctx.config.baseUrl, server.url))
    expect(report.status).toBe(200)
    const html = await report.text()
    for (const piece of [
      '<title>Wellbeing check – your results</title>',
      '<div class="value">3.6 <span class="level">· Medium</span></div>',
      '<p>Your energy score is 1.8 (Low).</p>',
      '<desc id="chart-0-3-desc">Mood: 3.6 (range 1–5), Medium; Energy: 1.8 (range 1–5), Low</desc>',
      '<h3>Mood – Medium</h3><p>Notice what your good days have in common and plan a little more of it.</p>',
      '--primary:#0f766e',
      '.question { border-radius: 12px; }',
    ])
      expect(html).toContain(piece)

    const wrongKey = await fetch(`${server.url}/r/${data.id}?k=${'x'.repeat(32)}`)
    expect(wrongKey.status).toBe(404)
  })

  test('the endpoint refuses unknown keys (auto-create off); `scale rescore` scores records the raw endpoint stored', async () => {
    const unknown = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ANSWERS, extra: 1 }),
    })
    expect(unknown.status).toBe(422)
    expect((await unknown.json()).error.type).toBe('unknown_field')

    const posted = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ANSWERS, mood_down: 'Never', mood_worry: 'Never' }),
    })
    expect(posted.status).toBe(200)
    const { id } = (await posted.json()).data
    // mood with both reverse items at "Never" (→ 5): (4 + 3 + 5 + 4 + 5) / 5 = 4.2 → high.
    const expected = { ...SCORES, mood: { score: 4.2, level: 'high', levelLabel: 'High' } }
    const before = await storedScores(id)
    // The collection endpoint's writer may not store scores yet; the fill-in page and rescore always do.
    expect(before === null || JSON.stringify(before) === JSON.stringify(expected)).toBe(true)

    const records = (await cli('app', 'get', '--app', app, '--json')).json().recordCount
    const rescore = await cli('scale', 'rescore', '--app', app)
    expect(rescore).toMatchObject({ code: 0, stderr: '', stdout: `Rescored ${records} records.\n` })
    expect(await storedScores(id)).toEqual(expected)
  })
})
