/**
 * Admin page, Setup tab (issue 40): keys a stranger posted past the proposal budget are
 * listed as unlisted keys beside the field editor, with how many records hold them, and
 * accepted with the keyboard into the field list. The screen passes axe.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { LIMITS } from '../../server/contract/limits.ts'
import { chromiumAvailable, type BrowserTestServer } from '../support/browser.ts'
import { expectAccessible } from './accessible.ts'
import { openAdmin, publishedApp, shot, type AdminSession, type OwnerApi } from './admin-helpers.ts'
import { callServer } from '../support/call.ts'

const hasBrowser = chromiumAvailable('admin-unlisted-keys browser tests')

describe.skipIf(!hasBrowser)('admin page: unlisted keys', () => {
  let admin: AdminSession
  let svc: BrowserTestServer
  let page: Page
  let api: OwnerApi
  let appId: string

  beforeAll(async () => {
    admin = await openAdmin({ viewport: { width: 1280, height: 800 } })
    ;({ svc, page, api } = admin)
    const app = await publishedApp(api, 'Sensors', [{ name: 'name' }])
    appId = app.id
    // A stranger's first reading holds more new keys than one client may propose.
    const reading = Object.fromEntries(
      Array.from({ length: LIMITS.proposalsPerClient + 1 }, (_, i) => [`sensor_${i}`, i + 0.5]),
    )
    expect((await callServer(svc.url, 'ingest.post', { params: { token: app.token }, body: reading })).status).toBe(200)
    await page.goto(`${svc.url}/admin/#/apps/${appId}`)
    await page.reload()
    await page.getByRole('button', { name: `Accept key sensor_${LIMITS.proposalsPerClient}` }).waitFor()
  }, 30_000)

  afterAll(() => admin?.close(), 30_000)

  test('an unlisted key is listed with its count and accepted with the keyboard', async () => {
    const key = `sensor_${LIMITS.proposalsPerClient}`
    const row = page.locator('svc-unlisted-keys tbody tr')
    expect(await row.count()).toBe(1)
    expect(await row.locator('td.name').innerText()).toBe(key)
    expect(await row.locator('td.count').innerText()).toBe('1')
    await shot(page, '17-unlisted-keys')
    await expectAccessible(page)

    await page.getByRole('button', { name: `Accept key ${key}` }).focus()
    await page.keyboard.press('Enter')
    await page.locator('svc-unlisted-keys section').waitFor({ state: 'detached' })
    expect((await api('fields.get', { params: { id: appId, field: key } })).body.data).toMatchObject({
      name: key,
      type: 'number',
      proposed: false,
    })
    await page.getByRole('textbox', { name: `Name of field ${key}` }).waitFor()
  })
})
