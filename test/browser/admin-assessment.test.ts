/**
 * Admin page, assessment editors: build a scale with items and levels while the range
 * preview shows gaps and overlaps, edit the report and preview it, write expert
 * commentary, and style the fill-in page — each checked against what the server stored.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import type { InputOf } from '../../server/contract/api/request.ts'
import { callServer } from '../support/call.ts'
import { DEFAULT_THEME } from '../../server/contract/connect/schemas.ts'
import { chromiumAvailable, type BrowserTestServer } from '../support/browser.ts'
import { eventually, openAdmin, shot, type AdminSession, type OwnerApi } from './admin-helpers.ts'

const hasBrowser = chromiumAvailable('admin-assessment browser tests')
const OFTEN = ['Never', 'Sometimes', 'Often']
const XSS = '<img src=x onerror=window.__xss=1>'

describe.skipIf(!hasBrowser)('admin page: scales, report, expert and style editors', () => {
  let admin: AdminSession
  let svc: BrowserTestServer
  let browser: Browser
  let page: Page
  let api: OwnerApi
  let appId: string
  const fieldIds: Record<string, string> = {}

  const open = async (tab: string, ready: string) => {
    await page.goto(`${svc.url}/admin/#/apps/${appId}/${tab}`)
    await page.getByRole('heading', { name: ready, exact: true }).waitFor()
  }

  beforeAll(async () => {
    admin = await openAdmin({ viewport: { width: 1360, height: 900 }, reload: true })
    ;({ svc, browser, page, api } = admin)
    await page.getByRole('heading', { name: 'Apps', exact: true }).waitFor()
    appId = (await api('apps.create', { body: { name: 'Energy check' } })).body.data.id
    const fields: Array<InputOf<'fields.add'>['body']> = [
      { name: 'name', type: 'text' },
      { name: 'rested', type: 'choice', options: OFTEN },
      { name: 'focused', type: 'choice', options: OFTEN },
      { name: 'drained', type: 'choice', options: OFTEN },
    ]
    for (const field of fields) {
      fieldIds[field.name] = (await api('fields.add', { params: { id: appId }, body: field })).body.data.id
    }
  }, 30_000)

  afterAll(() => admin?.close(), 30_000)

  test('a scale is built with items and levels; the preview shows the range, gaps, overlaps and completion', async () => {
    await open('scales', 'Scales')
    await page.getByText('No scales yet').waitFor()
    await page.getByRole('button', { name: 'New scale' }).click()
    const form = page.locator('svc-scale-form')
    await form.locator('input[name=key]').fill('energy')
    await form.locator('input[name=name]').fill('Energy')
    for (let i = 0; i < 3; i++) await form.getByRole('button', { name: 'Add item' }).click()
    // Default option scores 1, 2, 3 for each item; the third is worded the other way round.
    await form.getByRole('checkbox', { name: 'Reverse-score item 3' }).check()
    await form.getByRole('spinbutton', { name: 'Weight of item 2' }).fill('2')
    const legend = form.locator('svc-range-bar .legend')
    // No levels yet: the whole range is one gap.
    await eventually(() => legend.innerText(), 'Possible scores 4 – 12\n1 gap')

    await form.getByRole('button', { name: 'Add level' }).click()
    await form.getByRole('textbox', { name: 'Key of level 1' }).fill('low')
    await form.getByRole('textbox', { name: 'Label of level 1' }).fill('Low')
    await form.getByRole('spinbutton', { name: 'Score where level 1 ends' }).fill('8')
    await eventually(
      () => form.locator('ul.coverage').innerText(),
      'gap from 8 to 12: the highest possible score is 12, above level "low"',
    )
    await eventually(() => legend.innerText(), 'Possible scores 4 – 12\n1 gap')

    await form.getByRole('button', { name: 'Add level' }).click()
    await form.getByRole('textbox', { name: 'Key of level 2' }).fill('high')
    await form.getByRole('textbox', { name: 'Label of level 2' }).fill('High')
    await form.getByRole('spinbutton', { name: 'Lowest score of level 2' }).fill('7')
    await form.getByRole('spinbutton', { name: 'Score where level 2 ends' }).fill('12')
    await eventually(
      () => form.locator('ul.coverage').innerText(),
      'levels "low" (4–8) and "high" (7–12) overlap from 7 to 8',
    )
    await eventually(() => legend.innerText(), 'Possible scores 4 – 12\n1 overlap')
    await shot(page, 'assessment-01-scale-overlap')

    // The server refuses the overlap and says why, next to the save button.
    await form.getByRole('button', { name: 'Add scale' }).click()
    await form.locator('.error').getByText('levels "low" (4–8) and "high" (7–12) overlap from 7 to 8').waitFor()

    await form.getByRole('spinbutton', { name: 'Lowest score of level 2' }).fill('8')
    await form.getByRole('textbox', { name: 'Interpretation of level 2' }).fill('You have plenty of energy.')
    await form.getByText('Levels cover every score').waitFor()
    expect(await form.locator('ul.coverage').count()).toBe(0)
    await shot(page, 'assessment-02-scale-complete')
    await form.getByRole('button', { name: 'Add scale' }).click()

    const row = page.locator('svc-scales-editor tr[data-scale=energy]')
    await row.getByText('Complete').waitFor()
    expect(await row.locator('td.range').innerText()).toBe('4 – 12')
    await shot(page, 'assessment-03-scales-list')
    const stored = (await api('scales.list', { params: { id: appId } })).body.data.scales
    const choice = { scores: { Never: 1, Sometimes: 2, Often: 3 }, min: null, max: null }
    expect(stored.map(({ id, createdAt, updatedAt, ...rest }) => rest)).toEqual([
      {
        key: 'energy',
        name: 'Energy',
        description: '',
        method: 'sum',
        items: [
          { field: 'rested', type: 'choice', fieldId: fieldIds.rested, weight: 1, reverse: false, ...choice },
          { field: 'focused', type: 'choice', fieldId: fieldIds.focused, weight: 2, reverse: false, ...choice },
          { field: 'drained', type: 'choice', fieldId: fieldIds.drained, weight: 1, reverse: true, ...choice },
        ],
        levels: [
          { key: 'low', label: 'Low', min: 4, max: 8, interpretation: '' },
          { key: 'high', label: 'High', min: 8, max: 12, interpretation: 'You have plenty of energy.' },
        ],
        range: { min: 4, max: 12 },
        complete: true,
        problems: [],
        position: 0,
      },
    ])
  })

  test('rescoring all records asks first, then reports how many were rescored', async () => {
    const share = await api('share.publish', { params: { id: appId } })
    expect(
      (
        await callServer(svc.url, 'ingest.post', {
          params: { token: share.body.data.token! },
          body: { name: 'Ann', rested: 'Often', focused: 'Often', drained: 'Never' },
        })
      ).status,
    ).toBe(200)
    await page.getByRole('button', { name: 'Rescore all records' }).click()
    await page
      .locator('svc-scales-editor svc-confirm dialog')
      .getByText('recomputes the stored scores of all 1 records')
      .waitFor()
    await page.locator('svc-scales-editor svc-confirm').getByRole('button', { name: 'Rescore records' }).click()
    await page.locator('svc-scales-editor').getByText('Rescored 1 record.').waitFor()
  })

  test("the Data tab shows each record's score and level, the Summary tab each dimension's range and records per level", async () => {
    await page.goto(`${svc.url}/admin/#/apps/${appId}/data`)
    const table = page.locator('svc-records table')
    await table.locator('tbody tr').first().waitFor()
    expect(await table.locator('th.score').allInnerTexts()).toEqual(['energy\nscore · level'])
    expect(await table.locator('tbody td.score').allInnerTexts()).toEqual(['12 · High'])
    await page.goto(`${svc.url}/admin/#/apps/${appId}/summary`)
    const scale = page.locator('svc-summary section.scale')
    await scale.waitFor()
    expect(await scale.locator('h2').innerText()).toBe('energy')
    expect(await scale.locator('.coverage').innerText()).toBe('1 of 1 records scored')
    expect(await scale.locator('dl.numbers').innerText()).toBe('min\n12\nmean\n12\nmax\n12')
    expect(
      await scale
        .locator('svc-bar-chart')
        .evaluate((chart) => (chart as unknown as { bars: Array<{ label: string; count: number }> }).bars),
    ).toEqual([{ label: 'high', count: 1 }])
    await shot(page, 'assessment-05-summary-scores')
  })

  test('report pages get sections, reorder, and preview for sample answers', async () => {
    await open('report', 'Placeholders')
    await page.getByText('No report pages yet').waitFor()
    await page.locator('form.add-page input[name=title]').fill('Your results')
    await page.getByRole('button', { name: 'Add page' }).click()
    const add = page.locator('svc-report-editor form.add-section')
    await add.waitFor()
    await add.locator('select[name=type]').selectOption('score')
    await add.locator('select[name=scale]').selectOption('energy')
    await add.getByRole('button', { name: 'Add section' }).click()
    await page.locator('svc-report-editor tr[data-section]').first().waitFor()
    await add.locator('select[name=type]').selectOption('intro')
    await add.locator('textarea[name=text]').fill('Hello {{name}}, your energy is {{score.energy}} ({{level.energy}}).')
    await add.getByRole('button', { name: 'Add section' }).click()
    await eventually(() => page.locator('svc-report-editor tr[data-section]').count(), 2)
    // The intro was added last; move it up to open the page.
    await page.getByRole('button', { name: 'Move section 2 up' }).click()
    await eventually(
      () => page.locator('svc-report-editor tr[data-section] .badge').allInnerTexts(),
      ['Intro text', 'Dimension score'],
    )
    await eventually(
      async () =>
        (await api('reports.get', { params: { id: appId } })).body.data.pages.map((p) => [
          p.title,
          p.sections.map((s) => [s.type, s.scale, s.text]),
        ]),
      [
        [
          'Your results',
          [
            ['intro', null, 'Hello {{name}}, your energy is {{score.energy}} ({{level.energy}}).'],
            ['score', 'energy', ''],
          ],
        ],
      ],
    )
    // Editing a section keeps its place.
    await page.getByRole('button', { name: 'Edit section 1' }).click()
    const edit = page.locator('svc-report-editor form.edit-section')
    await edit
      .locator('textarea[name=text]')
      .fill('Hello {{name}}, your energy is {{score.energy}} ({{level.energy}}).\n\nRead on for advice.')
    await edit.locator('input[name=title]').fill(XSS)
    await edit.getByRole('button', { name: 'Save section' }).click()
    // A hostile title is shown as the text it is.
    await eventually(() => page.locator('svc-report-editor tr[data-section] .title').allInnerTexts(), [XSS])
    expect(await page.evaluate(() => Reflect.get(window, '__xss'))).toBeUndefined()
    await eventually(
      async () =>
        (await api('reports.get', { params: { id: appId } })).body.data.pages[0].sections.map((s) => [s.type, s.text]),
      [
        ['intro', 'Hello {{name}}, your energy is {{score.energy}} ({{level.energy}}).\n\nRead on for advice.'],
        ['score', ''],
      ],
    )
    // Sample answers take the middle option: 2 + 2·2 + (4 − 2) = 8, on the boundary, so "High".
    await page.getByRole('button', { name: 'Preview report' }).click()
    const preview = page.locator('svc-report-preview pre.report')
    await preview.waitFor()
    expect(await preview.innerText()).toContain('Hello Sam, your energy is 8 (High).')
    expect(await page.locator('svc-report-preview .scores').innerText()).toBe('energy: 8 · High')
    expect(await page.getByRole('link', { name: 'Download HTML preview' }).getAttribute('download')).toBe(
      'report-preview.html',
    )
    await shot(page, 'assessment-04-report')
  })

  test('expert profile and commentary per level are saved', async () => {
    await open('expert', 'Expert profile')
    await page.locator('svc-expert-editor input[name=name]').fill('Dr. Ana Ruiz')
    await page.locator('svc-expert-editor input[name=title]').fill('Occupational psychologist')
    await page.locator('svc-expert-editor input[name=avatarUrl]').fill('ftp://example.com/a.png')
    await page.getByRole('button', { name: 'Save profile' }).click()
    // The server's message shows under the avatar box.
    await page.locator('svc-expert-editor label').filter({ hasText: 'Avatar URL' }).locator('.field-error').waitFor()
    await page.locator('svc-expert-editor input[name=avatarUrl]').fill('https://example.com/ana.png')
    await page.getByRole('button', { name: 'Save profile' }).click()
    await page.getByText('Profile saved.').waitFor()
    const low = page.getByRole('textbox', { name: 'Commentary for Energy: Low' })
    await low.fill('Plan one restful evening this week.')
    await low.press('Tab')
    await page.locator('svc-expert-editor .cell-state').getByText('Saved').waitFor()
    await shot(page, 'assessment-05-expert')
    const expert = (await api('expert.get', { params: { id: appId } })).body.data
    expect({ ...expert, comments: expert.comments.map(({ updatedAt, ...c }) => c) }).toEqual({
      name: 'Dr. Ana Ruiz',
      title: 'Occupational psychologist',
      bio: '',
      avatarUrl: 'https://example.com/ana.png',
      comments: [{ scale: 'energy', level: 'low', text: 'Plan one restful evening this week.' }],
    })
  })

  test('the style editor refuses unsafe CSS, saves a theme the fill-in page shows, and resets', async () => {
    await open('style', 'Page style')
    const editor = page.locator('svc-connect-editor')
    await editor.locator('input[name=primaryColor]').fill('#0f766e')
    await editor.locator('input[name=buttonText]').fill('Send my answers')
    await editor.getByRole('radio', { name: 'One question per screen' }).check()
    await editor.locator('textarea[name=customCss]').fill('@import url(https://evil.example/x.css);')
    await editor.getByRole('button', { name: 'Save style' }).click()
    const cssError = editor.locator('label').filter({ hasText: 'Custom CSS' }).locator('.field-error')
    await cssError.waitFor()
    expect(await cssError.innerText()).toContain('@import')
    expect(await cssError.innerText()).toContain('url("https://evil.example/x.css") is refused')
    await editor.locator('textarea[name=customCss]').fill('h1 { letter-spacing: 0.02em; }')
    await editor.getByRole('button', { name: 'Save style' }).click()
    await editor.getByText('Style saved.').waitFor()
    await shot(page, 'assessment-06-style')
    await editor.getByRole('button', { name: 'Build preview of the draft' }).click()
    expect(await editor.getByRole('link', { name: 'Download preview' }).getAttribute('download')).toBe(
      'fill-in-preview.html',
    )

    const link = editor.getByRole('link', { name: 'Open the fill-in page' })
    expect(await link.getAttribute('target')).toBe('_blank')
    const fillIn = await browser.newPage()
    await fillIn.goto(new URL(new URL((await link.getAttribute('href'))!).pathname, svc.url).href)
    const css = await fillIn.locator('style').first().textContent()
    expect(css).toContain('#0f766e')
    expect(css).toContain('letter-spacing: 0.02em')
    expect(await fillIn.locator('button[type=submit]').last().innerText()).toBe('Send my answers')
    await shot(fillIn, 'assessment-07-fill-in')
    await fillIn.close()

    await editor.getByRole('button', { name: 'Reset to defaults' }).click()
    await editor.locator('svc-confirm').getByRole('button', { name: 'Reset style' }).click()
    await editor.getByText('Style reset to the defaults.').waitFor()
    expect((await api('connect.get', { params: { id: appId } })).body.data).toEqual(DEFAULT_THEME)
    expect(await editor.locator('input[name=primaryColor]').inputValue()).toBe(DEFAULT_THEME.primaryColor)
  })

  test('an existing scale is edited in the same form and saved as a whole', async () => {
    await open('scales', 'Scales')
    await page.getByRole('button', { name: 'Edit scale Energy' }).click()
    const form = page.locator('svc-scale-form')
    expect(await form.locator('input[name=key]').inputValue()).toBe('energy')
    await form.locator('input[name=name]').fill('Energy level')
    await form.locator('select[name=method]').selectOption('mean')
    // mean of weights 1 + 2 + 1: the range shrinks to 1–3 and the old levels no longer fit.
    await eventually(() => form.locator('svc-range-bar .legend').innerText(), 'Possible scores 1 – 3\n1 gap')
    await form.getByRole('spinbutton', { name: 'Lowest score of level 1' }).fill('1')
    await form.getByRole('spinbutton', { name: 'Score where level 1 ends' }).fill('2')
    await form.getByRole('spinbutton', { name: 'Lowest score of level 2' }).fill('2')
    await form.getByRole('spinbutton', { name: 'Score where level 2 ends' }).fill('3')
    await form.getByText('Levels cover every score').waitFor()
    await form.getByRole('button', { name: 'Save scale' }).click()
    await page.locator('svc-scales-editor tr[data-scale=energy]').getByText('Energy level').waitFor()
    const [scale] = (await api('scales.list', { params: { id: appId } })).body.data.scales
    expect([
      scale.name,
      scale.method,
      scale.range,
      scale.complete,
      scale.levels.map((l) => [l.key, l.min, l.max]),
    ]).toEqual([
      'Energy level',
      'mean',
      { min: 1, max: 3 },
      true,
      [
        ['low', 1, 2],
        ['high', 2, 3],
      ],
    ])
  })

  test('removing a scale asks first and takes it off the list', async () => {
    await open('scales', 'Scales')
    await page.getByRole('button', { name: 'Remove scale Energy level' }).click()
    await page.locator('svc-scales-editor svc-confirm').getByRole('button', { name: 'Remove scale' }).click()
    await page.getByText('No scales yet').waitFor()
    expect((await api('scales.list', { params: { id: appId } })).body.data).toEqual({ scales: [] })
  })
})
