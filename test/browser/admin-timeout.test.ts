/**
 * A server that stops answering never leaves the admin page waiting forever: every call has
 * a deadline (REQUEST_TIMEOUT_MS, run here on Playwright's clock, not waited out), after
 * which the screen says so and offers the next try; the call after it works as usual.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { REQUEST_TIMEOUT_MS } from '../../admin/api.ts'
import { chromiumAvailable } from '../support/browser.ts'
import { VIEWPORTS } from './accessible.ts'
import { openAdmin, type AdminSession } from './admin-helpers.ts'

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('admin request timeout browser tests')

describe.skipIf(!hasBrowser)('admin page: a server that stops answering', () => {
  let admin: AdminSession

  beforeAll(async () => {
    admin = await openAdmin({ viewport: VIEWPORTS[0], clock: true, reload: true })
  }, 30_000)

  afterAll(async () => {
    await admin?.close()
  })

  test('the apps list says the server did not answer, and loads once it answers again', async () => {
    const { page, api } = admin
    await api('apps.create', { body: { name: 'Contact us' } })
    // The list loads once while the server answers, so no request of this page is left open
    // (a reload: a goto that changes only the hash would not ask again).
    await page.goto(`${admin.svc.url}/admin/#/apps`)
    await page.reload()
    await page.locator('svc-apps').getByRole('link', { name: 'Contact us', exact: true }).waitFor()
    // From here the apps list request reaches a server that never answers. Listened for before
    // the reload, and only the reload asks: the one request seen is the one whose deadline runs.
    const stalled = /\/api\/v3\/apps(\?.*)?$/
    await page.route(stalled, () => {})
    const requested = page.waitForRequest(stalled)
    await page.reload()
    await requested
    await page.clock.runFor(REQUEST_TIMEOUT_MS - 1_000)
    expect(await page.getByRole('alert').count()).toBe(0)
    await page.clock.runFor(2_000)
    const alert = page.locator('svc-apps').getByRole('alert')
    await alert.waitFor()
    expect(await alert.innerText()).toBe('The server did not answer within 60 seconds. Try again.')

    await page.unroute(stalled)
    await page.reload()
    await page.locator('svc-apps').getByRole('link', { name: 'Contact us', exact: true }).waitFor()
  })
})
