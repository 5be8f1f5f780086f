/**
 * Admin page, senders on the Setup tab: add a GitHub sender with the keyboard (the secret svc
 * makes shown once), add a Stripe sender with its secret entered once and signatures
 * required, see both listed without secrets, a delivery signed with the shown secret marked
 * Verified in the record drawer, and remove a sender after a confirmation — checked by axe.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { createHmac } from 'node:crypto'
import type { Page } from 'playwright-core'
import { chromiumAvailable, type BrowserTestServer } from '../support/browser.ts'
import { expectAccessible } from './accessible.ts'
import { eventually, openAdmin, publishedApp, shot, type AdminSession } from './admin-helpers.ts'
import { callServer } from '../support/call.ts'

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('admin senders browser tests')

describe.skipIf(!hasBrowser)('admin page: senders', () => {
  let admin: AdminSession
  let svc: BrowserTestServer
  let page: Page
  let token: string
  let appId: string
  let secret = ''

  beforeAll(async () => {
    admin = await openAdmin({ viewport: { width: 1280, height: 900 } })
    ;({ svc, page, token } = admin)
    appId = (await publishedApp(admin.api, 'Pushes')).id
  }, 30_000)

  afterAll(async () => {
    await admin?.close()
  }, 30_000)

  const panel = () => page.locator('svc-senders')
  const senders = async () =>
    (await callServer(svc.url, 'senders.list', { params: { id: appId } }, { token })).body.data.senders as Array<{
      name: string
    }>

  test('add a GitHub sender with the keyboard: the secret svc made is shown once', async () => {
    await page.goto(`${svc.url}/admin/#/apps/${encodeURIComponent(appId)}`)
    await page.reload()
    await panel().getByText('No senders yet.').waitFor()
    await panel().getByRole('textbox', { name: 'Sender name' }).focus()
    await page.keyboard.type('github')
    await panel().getByRole('button', { name: 'Add sender' }).focus()
    await page.keyboard.press('Enter')
    secret = await panel().locator('output.secret').innerText()
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    await shot(page, '70-sender-added')
    await expectAccessible(page)
    await panel().getByRole('button', { name: 'Done' }).click()
    expect(await panel().locator('output.secret').count()).toBe(0)
    expect(await panel().locator('li.sender .name').allInnerTexts()).toEqual(['github'])
    expect(await panel().locator('li.sender .header').innerText()).toBe('X-Hub-Signature-256')
  })

  test('add a Stripe sender: its secret is entered once, never shown back', async () => {
    await panel().getByRole('textbox', { name: 'Sender name' }).fill('stripe')
    await panel().getByRole('combobox', { name: 'Kind' }).selectOption('stripe')
    const field = panel().getByLabel('Signing secret')
    expect(await field.getAttribute('type')).toBe('password')
    await field.fill('whsec_from_stripe')
    await panel().getByRole('checkbox', { name: 'Refuse posts no sender signed' }).check()
    await panel().getByRole('button', { name: 'Add sender' }).click()
    await eventually(() => panel().locator('li.sender .name').allInnerTexts(), ['github', 'stripe'])
    expect(await panel().locator('output.secret').count()).toBe(0)
    expect(await panel().locator('li[data-sender=stripe] .badge.on').innerText()).toBe('Signatures required')
    expect(await panel().innerText()).not.toContain('whsec_from_stripe')
    await expectAccessible(page)
  })

  test('a delivery signed with the shown secret is marked Verified in the record drawer', async () => {
    const { token: endpoint } = (await callServer(svc.url, 'share.get', { params: { id: appId } }, { token })).body.data
    const body = '{"ref":"refs/heads/main","after":"abc"}'
    const response = await callServer(
      svc.url,
      'ingest.post',
      { params: { token: endpoint! } },
      {
        raw: body,
        headers: {
          'content-type': 'application/json',
          'x-github-delivery': 'd-1',
          'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
        },
      },
    )
    expect(response.status).toBe(200)
    await page.goto(`${svc.url}/admin/#/apps/${appId}/data`)
    await page
      .getByRole('button', { name: /^Open record/ })
      .first()
      .click()
    const drawer = page.locator('svc-record-drawer dialog')
    await drawer.getByRole('heading', { name: 'Record' }).waitFor()
    expect(await drawer.locator('dd .badge.on').innerText()).toBe('Verified')
    expect(await drawer.innerText()).toContain('github')
    await shot(page, '71-record-verified')
    await expectAccessible(page)
  })

  test('remove asks first, then the sender is gone', async () => {
    await page.goto(`${svc.url}/admin/#/apps/${encodeURIComponent(appId)}`)
    await panel().getByRole('button', { name: 'Remove sender github' }).click()
    await panel().locator('svc-confirm').getByRole('button', { name: 'Remove sender' }).click()
    await eventually(() => panel().locator('li.sender .name').allInnerTexts(), ['stripe'])
    expect((await senders()).map((sender) => sender.name)).toEqual(['stripe'])
  })
})
