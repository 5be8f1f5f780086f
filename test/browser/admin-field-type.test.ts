/**
 * Admin page, fields editor: changing a field's type on a published app whose records hold
 * values asks first (the server's 409 names the count); Cancel leaves type and select as
 * they were, confirming sends `force` and the type changes. Records are not touched.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { chromiumAvailable, type BrowserTestServer } from '../support/browser.ts'
import { eventually, openAdmin, publishedApp, type AdminSession, type OwnerApi } from './admin-helpers.ts'
import { callServer } from '../support/call.ts'

const hasBrowser = chromiumAvailable('admin-field-type browser tests')

describe.skipIf(!hasBrowser)('admin page: a field type change on a live form', () => {
  let admin: AdminSession
  let svc: BrowserTestServer
  let page: Page
  let api: OwnerApi
  let appId: string

  const storedType = async () => (await api('fields.get', { params: { id: appId, field: 'age' } })).body.data.type

  beforeAll(async () => {
    admin = await openAdmin({ viewport: { width: 1360, height: 900 } })
    ;({ svc, page, api } = admin)
    const { id, token: endpoint } = await publishedApp(api, 'Ages', [{ name: 'age' }])
    appId = id
    for (const age of ['31', 'forty'])
      expect((await callServer(svc.url, 'ingest.post', { params: { token: endpoint }, body: { age } })).status).toBe(
        200,
      )
    await page.goto(`${svc.url}/admin/#/apps/${appId}`)
    // The page was loaded before the sign-up: reload so it starts with the session.
    await page.reload()
    await page.getByRole('combobox', { name: 'Type of field age' }).waitFor()
  }, 30_000)

  afterAll(() => admin?.close(), 30_000)

  test('asks with the count; Cancel keeps the type, confirming changes it', async () => {
    const select = page.getByRole('combobox', { name: 'Type of field age' })
    await select.selectOption('number')
    const dialog = page.getByRole('dialog', { name: 'Change field type' })
    await dialog.waitFor()
    expect((await dialog.locator('.message').innerText()).trim()).toBe(
      '2 records hold values in “age” sent as “Short text”. Changing the type to “Number” does not convert them: stored records keep what they were sent, so old and new values will mix. Change it anyway?',
    )
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await eventually(() => select.inputValue(), 'text')
    expect(await storedType()).toBe('text')
    expect(await page.locator('svc-fields-editor [role=alert]').count()).toBe(0)

    await select.selectOption('number')
    await dialog.getByRole('button', { name: 'Change type' }).click()
    await eventually(storedType, 'number')
    const records = (await api('records.list', { params: { id: appId } })).body.records.map(
      (r: { data: unknown }) => r.data,
    )
    expect(records).toEqual([{ age: '31' }, { age: 'forty' }])
  })
})
