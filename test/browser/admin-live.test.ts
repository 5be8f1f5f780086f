/**
 * The admin page following records live, as an owner meets it in Chromium: records posted
 * through the public endpoint while the Data tab is open are counted beside the total and
 * shown only when asked for (the rows, the scroll position, the selection, the open drawer
 * and the focus stay), newest first on top and oldest first below the last page's rows or on
 * the page holding them; a filtered or spam view counts only its own records, and a view
 * change or leaving the tab closes its stream; the Summary tab's figures (spam and scores
 * too) follow arriving records without moving the focus; a deleted app's tabs say that live
 * updates stopped and keep what they show; and at a phone's width the cards stay put.
 * Axe and a keyboard pass on the new controls at 1280 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Locator, Page } from 'playwright-core'
import { chromiumAvailable } from '../support/browser.ts'
import { expectAccessible } from './accessible.ts'
import { eventually, openAdmin, publishedApp, shot, type AdminSession } from './admin-helpers.ts'
import { callServer } from '../support/call.ts'
import type { InputOf } from '../../server/contract/api/request.ts'

const hasBrowser = chromiumAvailable('admin live records browser tests')

const FIELDS: Array<InputOf<'fields.add'>['body']> = [
  { name: 'email', type: 'email', label: 'E-mail' },
  { name: 'plan', type: 'choice', label: 'Plan', options: ['free', 'pro'] },
  { name: 'calm', type: 'choice', label: 'I felt calm', options: ['Never', 'Sometimes', 'Often'] },
]
const SCALE = {
  key: 'mood',
  name: 'Mood',
  items: [{ field: 'calm', scores: { Never: 0, Sometimes: 1, Often: 2 } }],
  levels: [
    { key: 'low', label: 'Low', min: 0, max: 1 },
    { key: 'good', label: 'Good', min: 1, max: 2 },
  ],
}
/** Long enough for a record to travel from the post to the screen on a busy machine. */
const ARRIVAL_MS = 15_000

/** The focused element, shadow roots followed: its accessible name as the tests read it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let element = document.activeElement
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
    return element ? (element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '') : ''
  })

const person = (n: number, plan = 'free') => ({ email: `p${n}@example.com`, plan, calm: 'Often' })

describe.skipIf(!hasBrowser)('admin page: records arriving live', () => {
  let admin: AdminSession
  let page: Page
  let app: { id: string; token: string }

  const records = (on: Page = page) => on.locator('svc-records')
  const totalText = (on: Page = page) => records(on).locator('.total').innerText()
  // The records' own table (the drawer holds tables too).
  const rows = (on: Page = page) => records(on).locator('section.records tbody tr')
  const showButton = (on: Page = page) => records(on).getByRole('button', { name: /^Show .* new records?$/ })
  const showLabel = async (on: Page = page) =>
    (await showButton(on).count()) === 0 ? '' : await showButton(on).innerText()
  /** What the polite live region of the Data tab says now. */
  const announced = () => records().locator('.live > [role=status]').textContent()
  const openStreams = () => admin.svc.server.ctx.live.size
  const rowIds = async (on: Page = page) =>
    rows(on).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-record-id')))
  const newBadges = (on: Page = page) =>
    rows(on).evaluateAll((trs) =>
      trs.filter((tr) => tr.querySelector('.badge.new')).map((tr) => tr.getAttribute('data-record-id')),
    )

  /** Posts records through the public endpoint, as strangers do; their ids, oldest first. */
  async function post(data: object[]): Promise<string[]> {
    const sent = await callServer(admin.svc.url, 'ingest.batch', {
      params: { token: app.token },
      body: data.map((d) => ({ data: d })),
    })
    expect(sent.status).toBe(200)
    return sent.body.data.ids
  }

  async function postSpam(data: object): Promise<void> {
    const sent = await callServer(admin.svc.url, 'ingest.post', {
      params: { token: app.token },
      body: { data: { ...data, _gotcha: 'filled' } },
    })
    expect(sent.status).toBe(200)
  }

  /** Another page signed in as the owner, `width` px wide. */
  async function ownerPage(width: number, height: number): Promise<Page> {
    const context = await admin.browser.newContext({ viewport: { width, height } })
    await context.addCookies(await page.context().cookies())
    const other = await context.newPage()
    other.setDefaultTimeout(20_000)
    return other
  }

  const openTab = async (name: string) => {
    await page.locator('svc-app-view nav.tabs').getByRole('link', { name }).click()
  }

  beforeAll(async () => {
    admin = await openAdmin({ viewport: { width: 1280, height: 800 }, reload: true })
    page = admin.page
    app = await publishedApp(admin.api, 'Sign-ups', FIELDS)
    expect((await admin.api('scales.add', { params: { id: app.id }, body: SCALE })).status).toBe(200)
    await post(Array.from({ length: 40 }, (_, i) => person(i, i % 4 === 0 ? 'pro' : 'free')))
    await page.goto(`${admin.svc.url}/admin/#/apps/${app.id}/data`)
    await rows().nth(39).waitFor()
  }, 30_000)

  afterAll(() => admin?.close(), 30_000)

  test('records arriving are counted beside the total while the rows, scroll, selection, drawer and focus stay; Show adds them on top', async () => {
    expect(await totalText()).toBe('40 records')
    await eventually(openStreams, 1)
    const wrap = records().locator('.table-wrap')
    await wrap.evaluate((el) => (el.scrollTop = 200))
    const selectedId = await rows().nth(8).getAttribute('data-record-id')
    const selected = records().locator(`section.records tr[data-record-id="${selectedId}"]`)
    await selected.locator('td.check input').check()
    const before = { ids: await rowIds(), box: await selected.boundingBox() }
    await rows().nth(10).locator('td.id button').click()
    const drawer = page.locator('svc-record-drawer dialog')
    await drawer.getByRole('heading', { name: 'Record' }).waitFor()
    const opened = JSON.parse(await drawer.locator('pre.raw').innerText()).id
    expect(await focused(page)).toBe('Close')

    const posted = await post([person(100), person(101), person(102)])
    await eventually(showLabel, 'Show 3 new records', ARRIVAL_MS)
    await eventually(announced, '3 new records')
    // Nothing the owner was reading moved.
    expect(await rowIds()).toEqual(before.ids)
    expect(await selected.boundingBox()).toEqual(before.box)
    expect(await wrap.evaluate((el) => el.scrollTop)).toBe(200)
    expect(await records().locator('.selection strong').innerText()).toBe('1 selected')
    expect(await totalText()).toBe('40 records')
    expect(JSON.parse(await drawer.locator('pre.raw').innerText()).id).toBe(opened)
    expect(await focused(page)).toBe('Close')
    await shot(page, 'live-01-counted-with-drawer-1280')

    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })
    expect(await selected.boundingBox()).toEqual(before.box)
    await shot(page, 'live-02-counted-1280')
    // A Tab stop after the filter's, with its focus shown; axe finds nothing.
    await records().locator('svc-record-filter').getByRole('searchbox', { name: 'Filter' }).focus()
    expect(await expectAccessible(page)).toContain('button "Show 3 new records"')

    await showButton().focus()
    await page.keyboard.press('Enter')
    await eventually(totalText, '43 records')
    expect(await showButton().count()).toBe(0)
    // Newest first: on top, marked New, the focus on the newest (the button it was on is gone).
    const newest = posted.toReversed()
    expect((await rowIds()).slice(0, 4)).toEqual([...newest, before.ids[0]])
    expect(await newBadges()).toEqual(newest)
    expect(await focused(page)).toStartWith(`Open record ${newest[0].slice(-8)},`)
    expect(await records().locator('.selection strong').innerText()).toBe('1 selected')
    expect(await selected.locator('td.check input').isChecked()).toBe(true)
    // The app's count above the tabs follows.
    await eventually(() => page.locator('svc-app-view .title .muted').innerText(), '43 records')
    await shot(page, 'live-03-shown-1280')
    await records().getByRole('button', { name: 'Clear selection' }).click()
  })

  test('oldest first: new records come below the rows of the last page, or Show goes to the page holding them', async () => {
    const oldest = (await rowIds()).at(-1)
    await records().locator('input[name=newestFirst]').uncheck()
    await eventually(async () => (await rowIds())[0], oldest)
    const shown = await rowIds()
    const posted = await post([person(103), person(104)])
    await eventually(showLabel, 'Show 2 new records', ARRIVAL_MS)
    await showButton().click()
    await eventually(() => rows().count(), 45)
    expect(await rowIds()).toEqual([...shown, ...posted])
    expect(await newBadges()).toEqual(posted)
    expect(await focused(page)).toStartWith(`Open record ${posted[0].slice(-8)},`)

    // 25 a page: page 1 of 2 is full; six more fill page 2 and start page 3.
    await records().locator('select[name=size]').selectOption('25')
    await eventually(() => records().locator('.page-status').innerText(), 'Page 1 of 2')
    const six = await post([105, 106, 107, 108, 109, 110].map((n) => person(n)))
    await eventually(showLabel, 'Show 6 new records', ARRIVAL_MS)
    expect(await records().locator('.page-status').innerText()).toBe('Page 1 of 2')
    await showButton().click()
    await eventually(() => records().locator('.page-status').innerText(), 'Page 2 of 3')
    expect(await totalText()).toBe('51 records')
    expect((await rowIds()).slice(-5)).toEqual(six.slice(0, 5))
    expect(await newBadges()).toEqual(six.slice(0, 5))
    expect(await focused(page)).toStartWith(`Open record ${six[0].slice(-8)},`)
    await shot(page, 'live-04-oldest-first-next-page-1280')

    await records().locator('select[name=size]').selectOption('50')
    await records().locator('input[name=newestFirst]').check()
    await eventually(() => records().locator('.page-status').innerText(), 'Page 1 of 2')
  })

  test('a filtered or spam view counts only its own records; changing the view or leaving the tab closes its stream', async () => {
    const filter = records().locator('svc-record-filter').getByRole('searchbox', { name: 'Filter' })
    await filter.fill("plan = 'pro'")
    await filter.press('Enter')
    await eventually(totalText, '10 matching records')
    await post([person(111), person(112, 'pro'), person(113), person(114, 'pro'), person(115)])
    await eventually(showLabel, 'Show 2 new records', ARRIVAL_MS)
    // The stream keeps its order: had the free ones been counted, this would say 6.
    await post([person(116, 'pro')])
    await eventually(showLabel, 'Show 3 new records', ARRIVAL_MS)
    await shot(page, 'live-05-filtered-1280')

    // A filter the server refuses: its stream is refused too, quietly; the view on screen is followed again.
    await filter.fill("plam = 'pro'")
    await filter.press('Enter')
    await records().locator('svc-record-filter').getByRole('alert').waitFor()
    expect(await totalText()).toBe('10 matching records')
    await post([person(117, 'pro')])
    await eventually(showLabel, 'Show 1 new record', ARRIVAL_MS)
    expect(await records().locator('svc-live-stopped').getByRole('status').innerText()).toBe('')
    expect(openStreams()).toBe(1)

    await records().locator('select[name=spam]').selectOption('only')
    await eventually(totalText, '0 matching spam records')
    expect(await showLabel()).toBe('')
    await post([person(118, 'pro')])
    await postSpam(person(119, 'pro'))
    await eventually(showLabel, 'Show 1 new record', ARRIVAL_MS)
    await postSpam(person(120, 'pro'))
    await eventually(showLabel, 'Show 2 new records', ARRIVAL_MS)

    // Three views later, one stream is open: each change closed the last one.
    await records().locator('select[name=spam]').selectOption('exclude')
    await records().locator('svc-record-filter').getByRole('button', { name: 'Clear' }).click()
    await eventually(totalText, '59 records')
    await eventually(openStreams, 1)
    await openTab('Setup')
    await eventually(openStreams, 0)
    await openTab('Data')
    await eventually(totalText, '59 records')
    await eventually(openStreams, 1)
  })

  test('the Summary tab follows arriving records (spam apart, scores too) without moving the focus', async () => {
    await openTab('Summary')
    const summary = page.locator('svc-summary')
    await summary.locator('.days svg').waitFor()
    await eventually(openStreams, 1)
    const figures = () => summary.locator('.stat .value').allInnerTexts()
    const scored = () => summary.locator('section.scale .coverage').innerText()
    expect((await figures()).slice(0, 2)).toEqual(['59', '2'])
    expect(await scored()).toBe('59 of 59 records scored')
    const table = summary.getByText('Records per day as a table')
    await table.focus()

    await post([person(121), { email: 'unscored@example.com' }])
    await eventually(async () => (await figures())[0], '61', ARRIVAL_MS)
    expect(await scored()).toBe('60 of 61 records scored · 1 without a score')
    await postSpam(person(122))
    await eventually(async () => (await figures()).slice(0, 2), ['61', '3'], ARRIVAL_MS)
    expect(await focused(page)).toBe('Records per day as a table')
    await eventually(() => page.locator('svc-app-view .title .muted').innerText(), '61 records')
    await shot(page, 'live-06-summary-1280')
    await openTab('Data')
    await eventually(totalText, '61 records')
  })

  test('when the app is deleted, the Data and Summary tabs say live updates stopped and keep what they show', async () => {
    const gone = await publishedApp(admin.api, 'Going away', FIELDS)
    const sent = await callServer(admin.svc.url, 'ingest.post', {
      params: { token: gone.token },
      body: { data: person(1) },
    })
    expect(sent.status).toBe(200)
    await page.goto(`${admin.svc.url}/admin/#/apps/${gone.id}/data`)
    await eventually(totalText, '1 record')
    const other = await ownerPage(1280, 800)
    try {
      await other.goto(`${admin.svc.url}/admin/#/apps/${gone.id}/summary`)
      await other.locator('svc-summary .days svg').waitFor()
      await eventually(openStreams, 2)
      expect((await admin.api('apps.delete', { params: { id: gone.id } })).status).toBe(200)
      const stopped = 'Live updates stopped: this app was deleted.'
      for (const [on, tab] of [
        [page, 'svc-records'],
        [other, 'svc-summary'],
      ] as const) {
        const notice: Locator = on.locator(`${tab} svc-live-stopped`)
        await eventually(() => notice.getByRole('status').innerText(), stopped, ARRIVAL_MS)
        expect(await notice.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true)
      }
      expect(await rows().count()).toBe(1)
      expect(await other.locator('svc-summary .stat .value').first().innerText()).toBe('1')
      await eventually(openStreams, 0)
      await shot(page, 'live-07-stopped-1280')
      await shot(other, 'live-08-summary-stopped-1280')
      await expectAccessible(page)
    } finally {
      await other.context().close()
    }
  })

  test('on a phone the cards stay put while records arrive, and Show adds them on top', async () => {
    const phone = await ownerPage(390, 844)
    try {
      await phone.goto(`${admin.svc.url}/admin/#/apps/${app.id}/data`)
      await eventually(() => totalText(phone), '61 records')
      await eventually(openStreams, 1)
      const first = await rows(phone).first().boundingBox()
      const posted = await post([person(123), person(124)])
      await eventually(() => showLabel(phone), 'Show 2 new records', ARRIVAL_MS)
      expect(await rows(phone).first().boundingBox()).toEqual(first)
      const button = (await showButton(phone).boundingBox())!
      expect(button.x >= 0 && button.x + button.width <= 390).toBe(true)
      // What the window shows: sixty cards make a full-page picture too long to look at.
      await shot(phone, 'live-09-counted-390', { window: true })
      expect(await expectAccessible(phone)).toContain('button "Show 2 new records"')
      await showButton(phone).click()
      await eventually(() => totalText(phone), '63 records')
      expect(await newBadges(phone)).toEqual(posted.toReversed())
      await shot(phone, 'live-10-shown-390', { window: true })
      await expectAccessible(phone)
    } finally {
      await phone.context().close()
    }
  })
})
