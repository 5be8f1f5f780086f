/**
 * Admin page, Limits card (Sharing): by keyboard alone the owner closes a form after two
 * records, writes its closed text, takes one response per browser and per e-mail address;
 * the server stores exactly that, the status line follows the records, and axe finds nothing.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { chromiumAvailable, type BrowserTestServer } from '../support/browser.ts'
import { axeViolations } from '../support/axe.ts'
import { callApi, openAdmin, publishedApp, shot, type AdminSession } from './admin-helpers.ts'
import { callServer } from '../support/call.ts'

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('admin form limits browser tests')

describe.skipIf(!hasBrowser)('admin page: the limits of a form', () => {
  let admin: AdminSession
  let svc: BrowserTestServer
  let page: Page
  let token: string
  let appId: string
  let endpoint: string

  const card = () => page.locator('svc-form-limits')
  const share = async () => (await callServer(svc.url, 'share.get', { params: { id: appId } }, { token })).body.data

  beforeAll(async () => {
    admin = await openAdmin({ viewport: { width: 1280, height: 900 } })
    ;({ svc, page, token } = admin)
    ;({ id: appId, endpoint } = await publishedApp(admin.api, 'Sign-up', [
      { name: 'name', type: 'text' },
      { name: 'email', type: 'email', label: 'E-mail' },
    ]))
    await page.goto(`${svc.url}/admin/#/apps/${encodeURIComponent(appId)}`)
    await page.reload()
    await card().getByRole('checkbox', { name: 'Closed' }).waitFor()
  }, 30_000)

  afterAll(() => admin?.close(), 30_000)

  test('set by keyboard alone: stored as typed, and the status line counts the places', async () => {
    expect(await card().getByRole('status').first().innerText()).toBe('Taking responses.')
    await card().getByRole('checkbox', { name: 'Closed' }).focus()
    await page.keyboard.press('Tab')
    await page.keyboard.type('2')
    // Past "Close at" (its date, month, year, hour and minute parts are stops of their own in Chromium).
    await card()
      .getByRole('textbox', { name: /Closed message/ })
      .focus()
    await page.keyboard.type('All places are taken.')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Space')
    await page.keyboard.press('Tab')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await card().getByText('Saved').waitFor()
    expect(await share()).toMatchObject({
      closed: false,
      closeAfter: 2,
      closesAt: null,
      closedMessage: 'All places are taken.',
      onePerBrowser: true,
      uniqueField: 'email',
    })
    expect(await card().locator('.state').innerText()).toBe('Taking responses: 0 of 2 places taken.')
    await shot(page, '40-form-limits')
    expect(await axeViolations(page)).toEqual([])
  })

  test('a full form says so once the page reads the settings again', async () => {
    const path = new URL(endpoint).pathname
    expect((await callApi(svc.url, 'POST', path, { body: { name: 'Ada', email: 'ada@example.com' } })).status).toBe(200)
    expect((await callApi(svc.url, 'POST', path, { body: { name: 'Bo', email: 'bo@example.com' } })).status).toBe(200)
    await page.reload()
    await card().getByText('Closed: all 2 places are taken.').waitFor()
    expect(await axeViolations(page)).toEqual([])
  })
})
