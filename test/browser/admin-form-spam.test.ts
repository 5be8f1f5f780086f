/**
 * The admin's Spam card (Sharing, beside Limits) and duplicates in Chromium: by keyboard
 * alone the owner sets the most links, a blocked word and disposable addresses, and the
 * server stores exactly that; a respondent double-submitting the fill-in page makes one
 * record, both posts answered with its id; axe finds nothing on either page.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { chromiumAvailable, type BrowserTestServer } from '../support/browser.ts'
import { axeViolations } from '../support/axe.ts'
import { openAdmin, publishedApp, shot, type AdminSession } from './admin-helpers.ts'
import { callServer } from '../support/call.ts'

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('admin spam card browser tests')

describe.skipIf(!hasBrowser)('spam settings and duplicate posts', () => {
  let admin: AdminSession
  let svc: BrowserTestServer
  let page: Page
  let token: string
  let appId: string
  let fillIn: string

  const card = () => page.locator('svc-form-spam')
  const share = async () => (await callServer(svc.url, 'share.get', { params: { id: appId } }, { token })).body.data

  beforeAll(async () => {
    admin = await openAdmin({ viewport: { width: 1280, height: 900 } })
    ;({ svc, page, token } = admin)
    const app = await publishedApp(admin.api, 'Feedback', [{ name: 'message', type: 'text', label: 'Message' }])
    appId = app.id
    fillIn = `${svc.url}/f/${app.token}`
    await page.goto(`${svc.url}/admin/#/apps/${encodeURIComponent(appId)}`)
    await page.reload()
    await card()
      .getByRole('spinbutton', { name: /Most links/ })
      .waitFor()
  }, 30_000)

  afterAll(() => admin?.close(), 30_000)

  test('set by keyboard alone: stored as typed', async () => {
    await card()
      .getByRole('spinbutton', { name: /Most links/ })
      .focus()
    await page.keyboard.type('2')
    await page.keyboard.press('Tab')
    await page.keyboard.type('casino')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Space')
    await card().getByRole('button', { name: 'Save spam settings' }).focus()
    await page.keyboard.press('Enter')
    await card().getByText('Saved').waitFor()
    expect(await share()).toMatchObject({
      spamRules: { maxLinks: 2, blockedWords: ['casino'], blockDisposable: true },
      dedupeSeconds: 600,
      dedupeJson: false,
    })
    await shot(page, '41-form-spam')
    expect(await axeViolations(page)).toEqual([])
  })

  test('double-submitting the fill-in page makes one record', async () => {
    const respondent = await admin.browser.newPage()
    await respondent.goto(fillIn)
    await respondent.getByLabel('Message').fill('Thanks for the talk')
    expect(await axeViolations(respondent)).toEqual([])
    // Two posts of the page's own form at once, as a double click or a retry sends them.
    const ids = await respondent.evaluate(async () => {
      const form = document.querySelector('form')!
      const send = () =>
        fetch(form.action, {
          method: 'POST',
          headers: { accept: 'application/json' },
          body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
        }).then(async (res) => ((await res.json()) as { data: { id: string } }).data.id)
      return Promise.all([send(), send()])
    })
    expect(ids[0]).toBe(ids[1])
    // And a double click on the button itself.
    await respondent.getByRole('button', { name: /submit/i }).dblclick()
    await respondent
      .getByText(/saved|thank/i)
      .first()
      .waitFor()
    const records = (await admin.api('records.list', { params: { id: appId } })).body.records
    expect(records.map((record) => record.id)).toEqual([ids[0]])
    await respondent.close()
  })
})
