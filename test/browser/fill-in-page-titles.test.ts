/**
 * Page titles and page conditions (share setting `pages`) in Chromium: a three-page form
 * filled by keyboard, each page headed by its title and named in the status ("Page 2 of 3:
 * What went wrong"), the middle page asked only when an answer on page 1 calls for it and
 * skipped live otherwise; without JavaScript one long page with the titles as section
 * headings, and the server keeps the same record. axe finds nothing.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import {
  chromiumAvailable,
  launchChromium,
  startBrowserTestServer,
  type BrowserTestServer,
} from '../support/browser.ts'
import { callServer } from '../support/call.ts'
import { boundCaller, dataCaller, type DataCall } from '../support/bound-call.ts'
import { axeViolations } from '../support/axe.ts'

setDefaultTimeout(120_000)

const hasBrowser = chromiumAvailable('page titles browser tests')

describe.skipIf(!hasBrowser)('page titles and page conditions in Chromium', () => {
  let svc: BrowserTestServer
  let browser: Browser
  let api: DataCall
  let appId: string
  let url: string

  const storedData = async () => (await api('records.list', { params: { id: appId } })).records.map((r) => r.data)
  const status = (page: Page) => page.locator('.status').textContent()
  const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name'))

  beforeAll(async () => {
    svc = await startBrowserTestServer()
    browser = await launchChromium()
    const signup = await callServer(svc.url, 'auth.signup', {
      body: { email: 'owner@example.com', password: 'correct horse battery', tokenName: 'browser' },
    })
    api = dataCaller(boundCaller(svc.url, signup.body.data.token!.token))
    const app = await api('apps.create', { body: { name: 'Feedback' } })
    appId = app.id
    for (const body of [
      { name: 'name', label: 'Your name' },
      { name: 'happy', type: 'choice', options: ['Yes', 'No'], label: 'Are you happy with it?', required: true },
      { name: 'why', label: 'What went wrong?', required: true, page: 2 },
      { name: 'email', type: 'email', label: 'Your e-mail', page: 3 },
    ])
      await api('fields.add', { params: { id: appId }, body: body as never })
    await api('share.update', {
      params: { id: appId },
      body: {
        pages: [
          { title: 'About you' },
          { title: 'What went wrong', showIf: { all: [{ field: 'happy', op: 'eq', value: 'No' }] } },
          { title: 'Last words' },
        ],
      },
    })
    const share = await api('share.publish', { params: { id: appId } })
    url = `${svc.url}/f/${share.token}`
  })

  afterAll(async () => {
    await browser?.close()
    await svc?.stop()
  })

  test('by keyboard: titled pages, the middle one only when called for, Enter for Next', async () => {
    const page = await (await browser.newContext()).newPage()
    await page.goto(url)
    await page.getByRole('heading', { level: 2, name: 'About you' }).waitFor()
    // Unanswered, page 2's condition does not hold: two pages to go through.
    expect(await status(page)).toBe('Page 1 of 2: About you')
    expect(await axeViolations(page)).toEqual([])
    await page.getByLabel('Your name').focus()
    await page.keyboard.type('Ada')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Space')
    await page.keyboard.press('ArrowDown')
    expect(await page.getByRole('radio', { name: 'No' }).isChecked()).toBe(true)
    expect(await status(page)).toBe('Page 1 of 3: About you')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 2, name: 'What went wrong' }).waitFor()
    expect([await status(page), await focused(page)]).toEqual(['Page 2 of 3: What went wrong', 'why'])
    expect(await page.getByRole('heading', { level: 2, name: 'About you' }).isVisible()).toBe(false)
    expect(await axeViolations(page)).toEqual([])
    // Required while its page is shown: Enter on an empty answer stays on the page.
    await page.keyboard.press('Enter')
    expect(await page.locator('.errors li').allTextContents()).toEqual(['What went wrong? Enter an answer'])
    await page.getByLabel('What went wrong?').focus()
    await page.keyboard.type('Too slow')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 2, name: 'Last words' }).waitFor()
    expect([await status(page), await focused(page)]).toEqual(['Page 3 of 3: Last words', 'email'])
    // Back, and Yes: page 2 goes away, and its answer with it.
    await page.getByRole('button', { name: 'Back' }).click()
    await page.getByRole('button', { name: 'Back' }).click()
    await page.getByRole('radio', { name: 'Yes' }).focus()
    await page.keyboard.press('Space')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 2, name: 'Last words' }).waitFor()
    expect(await status(page)).toBe('Page 2 of 2: Last words')
    await page.keyboard.type('ada@example.com')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Thank you – your answers were saved.' }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
    expect(await storedData()).toEqual([{ name: 'Ada', happy: 'Yes', email: 'ada@example.com' }])
  })

  test('without JavaScript: one long page headed by the titles; the server drops the skipped page', async () => {
    const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage()
    await page.goto(url)
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'About you',
      'What went wrong',
      'Last words',
    ])
    expect(await page.getByRole('region', { name: 'What went wrong' }).getByLabel('What went wrong?').isVisible()).toBe(
      true,
    )
    await page.getByLabel('Your name').fill('Grace')
    await page.getByRole('radio', { name: 'Yes' }).check()
    await page.getByLabel('What went wrong?').fill('not asked')
    await Promise.all([page.waitForURL(/\/thanks$/), page.getByRole('button', { name: 'Submit' }).click()])
    await page.context().close()
    expect((await storedData()).at(-1)).toEqual({ name: 'Grace', happy: 'Yes' })
  })
})
