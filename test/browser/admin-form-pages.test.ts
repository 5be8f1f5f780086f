/**
 * Admin page, Pages card (Sharing): by keyboard alone the owner titles the three pages of a
 * form and gives the second a condition on page 1's answer; the server stores exactly that,
 * a condition on a later page is refused with the server's message in the card, and axe
 * finds nothing.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { chromiumAvailable, type BrowserTestServer } from '../support/browser.ts'
import { axeViolations } from '../support/axe.ts'
import { openAdmin, publishedApp, type AdminSession } from './admin-helpers.ts'
import { callServer } from '../support/call.ts'

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('admin form pages browser tests')

describe.skipIf(!hasBrowser)('admin page: the pages of a form', () => {
  let admin: AdminSession
  let svc: BrowserTestServer
  let page: Page
  let token: string
  let appId: string

  const card = () => page.locator('svc-form-pages')
  const share = async () => (await callServer(svc.url, 'share.get', { params: { id: appId } }, { token })).body.data

  beforeAll(async () => {
    admin = await openAdmin({ viewport: { width: 1280, height: 900 } })
    ;({ svc, page, token } = admin)
    ;({ id: appId } = await publishedApp(admin.api, 'Feedback', [
      { name: 'happy', type: 'choice', options: ['yes', 'no'] },
      { name: 'why', page: 2 },
      { name: 'email', type: 'email', page: 3 },
    ]))
    await page.goto(`${svc.url}/admin/#/apps/${encodeURIComponent(appId)}`)
    await page.reload()
    await card().getByRole('group', { name: 'Page 3' }).waitFor()
  }, 30_000)

  afterAll(() => admin?.close(), 30_000)

  test('titles and a page condition set by keyboard alone are stored as typed', async () => {
    await card().getByRole('group', { name: 'Page 1' }).getByRole('textbox', { name: 'Title' }).focus()
    await page.keyboard.type('About you')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Details')
    await page.keyboard.press('Tab')
    await page.keyboard.type('{"all": [{"field": "happy", "op": "eq", "value": "no"}]}')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Last words')
    await page.keyboard.press('Enter')
    await card().getByText('Saved').waitFor()
    expect((await share()).pages).toEqual([
      { title: 'About you' },
      { title: 'Details', showIf: { all: [{ field: 'happy', op: 'eq', value: 'no' }] } },
      { title: 'Last words' },
    ])
    expect(await axeViolations(page)).toEqual([])
  })

  test('a condition on a later page shows the server’s refusal and stores nothing', async () => {
    const condition = card()
      .getByRole('group', { name: 'Page 2' })
      .getByRole('textbox', { name: /Shown only when/ })
    await condition.fill('{"all": [{"field": "email", "op": "answered"}]}')
    await card().getByRole('button', { name: 'Save pages' }).click()
    await card().getByRole('alert').waitFor()
    expect(await card().getByRole('alert').innerText()).toContain(
      `names "email", which is on page 3; a page's condition can only look at fields on earlier pages (before page 2)`,
    )
    expect((await share()).pages[1].showIf).toEqual({ all: [{ field: 'happy', op: 'eq', value: 'no' }] })
    expect(await axeViolations(page)).toEqual([])
  })
})
