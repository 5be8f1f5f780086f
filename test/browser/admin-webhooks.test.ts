/**
 * Admin page, webhooks on the Setup tab: add one (the secret shown once), send a test,
 * see a record's delivery in the log, the "Switched off" badge when svc turned a failing
 * webhook off, switch it on again, remove it — by mouse and keyboard, checked by axe.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { DISABLED_REASON } from '../../server/core/webhooks/worker.ts'
import { chromiumAvailable, type BrowserTestServer } from '../support/browser.ts'
import { startReceiver, type Receiver } from '../support/webhook-receiver.ts'
import { expectAccessible } from './accessible.ts'
import { eventually, openAdmin, publishedApp, shot, type AdminSession } from './admin-helpers.ts'
import { callServer } from '../support/call.ts'

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('admin webhooks browser tests')

describe.skipIf(!hasBrowser)('admin page: webhooks', () => {
  let admin: AdminSession
  let svc: BrowserTestServer
  let page: Page
  let receiver: Receiver
  let token: string
  let appId: string

  beforeAll(async () => {
    receiver = startReceiver()
    admin = await openAdmin({ viewport: { width: 1280, height: 900 }, env: { SVC_WEBHOOK_ALLOW_PRIVATE: '1' } })
    ;({ svc, page, token } = admin)
    appId = (await publishedApp(admin.api, 'Hooked form')).id
  }, 30_000)

  afterAll(async () => {
    await admin?.close()
    receiver?.stop()
  }, 30_000)

  const panel = () => page.locator('svc-webhooks')

  test('add a webhook with the keyboard: the secret is shown once, then the list', async () => {
    await page.goto(`${svc.url}/admin/#/apps/${encodeURIComponent(appId)}`)
    await page.reload()
    await panel().getByText('No webhooks yet.').waitFor()
    await panel().locator('input[name=url]').focus()
    await page.keyboard.type(receiver.url)
    // Only records: untick the app events with the keyboard.
    for (const event of ['record.updated', 'record.deleted', 'app.published', 'app.unpublished']) {
      await panel().getByRole('checkbox', { name: event }).focus()
      await page.keyboard.press('Space')
    }
    await panel().getByRole('button', { name: 'Add webhook' }).focus()
    await page.keyboard.press('Enter')
    const secret = await panel().locator('output.secret').innerText()
    expect(secret).toMatch(/^whsec_/)
    await shot(page, '60-webhook-added')
    await expectAccessible(page)
    await panel().getByRole('button', { name: 'Done' }).click()
    expect(await panel().locator('output.secret').count()).toBe(0)
    expect(await panel().locator('li.hook .url').innerText()).toBe(receiver.url)
    expect(await panel().locator('li.hook .badge').innerText()).toBe('On')
    expect(await panel().locator('li.hook p.muted').innerText()).toBe('record.created')
  })

  test('a test event and a record show up; the deliveries list their status', async () => {
    await panel().getByRole('button', { name: 'Send test' }).click()
    await eventually(
      async () =>
        /^Test delivered: HTTP 200 in \d+ ms$/.test(await panel().locator('li.hook [role=status]').innerText()),
      true,
    )
    const { token: endpoint } = (await callServer(svc.url, 'share.get', { params: { id: appId } }, { token })).body.data
    expect(
      (await callServer(svc.url, 'ingest.post', { params: { token: endpoint! }, body: { name: 'Ada' } })).status,
    ).toBe(200)
    await receiver.waitFor(2)
    await panel().getByRole('button', { name: 'Deliveries' }).click()
    await eventually(
      () => panel().locator('table.deliveries tbody td:nth-child(3) .badge').allInnerTexts(),
      ['delivered'],
    )
    expect(await panel().getByRole('button', { name: 'Deliveries' }).getAttribute('aria-expanded')).toBe('true')
    await shot(page, '61-webhook-deliveries')
    await expectAccessible(page)
  })

  test('a webhook svc switched off carries a badge and a notice; switching it on clears them', async () => {
    const hooks = (await callServer(svc.url, 'webhooks.list', { params: { id: appId } }, { token })).body.data.webhooks
    const deliveries = (
      await callServer(svc.url, 'webhooks.deliveries', { params: { id: appId, webhook: hooks[0].id } }, { token })
    ).body.data.deliveries
    // As the worker does after the last failed attempt of a retry window.
    const store = svc.server.ctx.storage.webhooks
    const outcome = { status: 500, error: 'HTTP 500', latencyMs: 3, response: 'down' }
    expect(
      await store.finish(
        [{ id: deliveries[0].id, outcome, next: { status: 'dead', disableAfter: 1, reason: DISABLED_REASON } }],
        Date.now(),
      ),
    ).toEqual({ disabled: [hooks[0].id] })
    await page.reload()
    await eventually(() => panel().locator('li.hook .badge').innerText(), 'Switched off')
    expect(await panel().locator('li.hook p.notice').innerText()).toBe(
      `svc switched this webhook off: ${DISABLED_REASON}. Fix the receiver, switch it on and retry the dead deliveries.`,
    )
    await shot(page, '62-webhook-switched-off')
    await expectAccessible(page)
    await panel().getByRole('button', { name: 'Switch on' }).click()
    await eventually(() => panel().locator('li.hook .badge').innerText(), 'On')
    expect(await panel().locator('li.hook p.notice').count()).toBe(0)
  })

  test('the e-mail switch turns notifications on and off', async () => {
    const notify = panel().getByRole('checkbox', { name: 'E-mail me about each new record' })
    expect(await notify.isChecked()).toBe(false)
    await notify.focus()
    await page.keyboard.press('Space')
    await eventually(
      async () =>
        (await callServer(svc.url, 'notifications.get', { params: { id: appId } }, { token })).body.data.enabled,
      true,
    )
    await notify.click()
    await eventually(
      async () =>
        (await callServer(svc.url, 'notifications.get', { params: { id: appId } }, { token })).body.data.enabled,
      false,
    )
  })

  test('remove asks first, then the list is empty', async () => {
    await panel()
      .getByRole('button', { name: `Remove webhook ${receiver.url}` })
      .click()
    await panel().locator('svc-confirm').getByRole('button', { name: 'Remove webhook' }).click()
    await panel().getByText('No webhooks yet.').waitFor()
    expect(
      (await callServer(svc.url, 'webhooks.list', { params: { id: appId } }, { token })).body.data.webhooks,
    ).toEqual([])
  })
})
