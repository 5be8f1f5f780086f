/**
 * Admin page, fields editor (issue 31 row 1): a key a stranger posted is listed as a
 * Proposed field with Accept, and is on neither the hosted fill-in page nor the Setup tab's
 * HTML snippet; accepting it from the keyboard puts it on both. The screen passes axe and
 * shows its focus at every Tab stop while a proposal waits.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { chromiumAvailable, type BrowserTestServer } from '../support/browser.ts'
import { expectAccessible } from './accessible.ts'
import { eventually, openAdmin, publishedApp, shot, type AdminSession, type OwnerApi } from './admin-helpers.ts'
import { callServer } from '../support/call.ts'

const hasBrowser = chromiumAvailable('admin-proposed-fields browser tests')

describe.skipIf(!hasBrowser)('admin page: proposed fields', () => {
  let admin: AdminSession
  let svc: BrowserTestServer
  let page: Page
  let api: OwnerApi
  let appId: string
  let endpoint: string

  const fillIn = async () => (await fetch(`${svc.url}/f/${endpoint}`)).text()
  const htmlSnippet = () => page.locator('svc-endpoint-help pre[aria-labelledby="snippet-html"]').innerText()

  beforeAll(async () => {
    admin = await openAdmin({ viewport: { width: 1280, height: 800 } })
    ;({ svc, page, api } = admin)
    ;({ id: appId, token: endpoint } = await publishedApp(api, 'Contact', [{ name: 'name', label: 'Your name' }]))
    // A stranger (no access token) posts a key of their own.
    expect(
      (await callServer(svc.url, 'ingest.post', { params: { token: endpoint }, body: { name: 'Ada', city: 'Paris' } }))
        .status,
    ).toBe(200)
    await page.goto(`${svc.url}/admin/#/apps/${appId}`)
    await page.reload()
    await page.getByRole('button', { name: 'Accept field city' }).waitFor()
  }, 30_000)

  afterAll(() => admin?.close(), 30_000)

  test('a proposed field is marked, off the form and the snippet, and accepted with the keyboard', async () => {
    const row = page
      .locator('svc-fields-editor tr[data-field-id]')
      .filter({ has: page.getByRole('textbox', { name: 'Name of field city' }) })
    expect((await row.locator('.badge').innerText()).trim()).toBe('Proposed')
    expect(await page.locator('svc-fields-editor .count').innerText()).toBe('1 / 50 fields')
    expect(await page.locator('svc-fields-editor .proposals p').innerText()).toBe(
      '1 field was proposed by anonymous posts. Proposed fields are stored with the records but are not on the form or the snippets until you accept them.',
    )
    expect(await fillIn()).not.toContain('name="city"')
    expect(await htmlSnippet()).not.toContain('name="city"')
    await shot(page, '16-fields-proposed')
    const stops = await expectAccessible(page)
    expect(stops).toContain('button "Accept field city"')
    expect(stops).toContain('button "Accept all"')

    await page.getByRole('button', { name: 'Accept field city' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Accept field city' }).waitFor({ state: 'detached' })
    await eventually(() => page.locator('svc-fields-editor .count').innerText(), '2 / 50 fields')
    expect(await page.locator('svc-fields-editor .proposals').count()).toBe(0)
    expect((await api('fields.get', { params: { id: appId, field: 'city' } })).body.data).toMatchObject({
      name: 'city',
      type: 'text',
      proposed: false,
    })
    expect(await fillIn()).toContain('name="city"')
    await eventually(async () => (await htmlSnippet()).includes('name="city"'), true)
  })
})
