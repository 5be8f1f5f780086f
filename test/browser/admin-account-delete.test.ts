/**
 * Admin page, deleting the account from the Account screen: the form says what is lost
 * (the apps and how many records), asks for the account's e-mail and the current password
 * (a mailed code for an account without one), refuses a wrong password with nothing
 * deleted, and afterwards the page is signed out and says so — by keyboard and at both sizes.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import {
  chromiumAvailable,
  launchChromium,
  startBrowserTestServer,
  type BrowserTestServer,
} from '../support/browser.ts'
import { expectAccessible, VIEWPORTS } from './accessible.ts'
import { callApi, eventually, openAdminPage, publishedApp, shot } from './admin-helpers.ts'
import { callServer } from '../support/call.ts'

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('admin account deletion browser tests')
const PASSWORD = 'correct horse battery'

describe.skipIf(!hasBrowser)('admin page: delete the account', () => {
  let svc: BrowserTestServer
  let browser: Browser

  beforeAll(async () => {
    svc = await startBrowserTestServer({ SVC_SIGNUP: 'open' })
    browser = await launchChromium()
  }, 30_000)

  afterAll(async () => {
    await browser?.close()
    await svc?.stop()
  }, 30_000)

  /** An owner `email` with two apps, one of them holding three records, on the Account screen. */
  async function ownerWithApps(email: string, viewport: (typeof VIEWPORTS)[number]) {
    const opened = await openAdminPage(browser, svc, { viewport, email, reload: true })
    const { endpoint } = await publishedApp(opened.api, 'Contact us', [{ name: 'email', type: 'email' }])
    await publishedApp(opened.api, 'Feedback')
    const path = new URL(endpoint).pathname
    const body = [{ email: 'a@example.com' }, { email: 'b@example.com' }, { email: 'c@example.com' }]
    expect((await callApi(svc.url, 'POST', `${path}/batch`, { body })).status).toBe(200)
    await opened.page.goto(`${svc.url}/admin/#/account`)
    await opened.page.getByRole('heading', { name: 'Delete account' }).waitFor()
    return opened
  }

  const panel = (page: Page) => page.locator('svc-account-delete')

  describe.each(VIEWPORTS)('at $name size', (viewport) => {
    test('the form names what is lost; a wrong password deletes nothing; the right one signs the page out and says so', async () => {
      const email = `owner-${viewport.name}@example.com`
      const { page, token } = await ownerWithApps(email, viewport)
      await panel(page).getByRole('button', { name: 'Delete account…' }).click()
      const confirm = panel(page).getByRole('textbox', { name: /^Your e-mail address/ })
      // Focus goes to the first field of the form it opened.
      await eventually(() => confirm.evaluate((input) => input.matches(':focus')), true)
      expect(await panel(page).locator('.loss').innerText()).toBe(
        'This deletes your 2 apps with their 3 records, fields, endpoints, webhooks, scales and reports, and your access tokens: ' +
          'their endpoint URLs stop working, and svc-cli, MCP clients and scripts using your tokens are refused. It cannot be undone.',
      )
      await shot(page, `account-delete-form-${viewport.name}`)
      await expectAccessible(page)

      // By keyboard: the e-mail, Tab to the password, a wrong one, Enter.
      await confirm.focus()
      await page.keyboard.type(email)
      await page.keyboard.press('Tab')
      await page.keyboard.type('not my password')
      await page.keyboard.press('Enter')
      await eventually(
        () => panel(page).getByRole('alert').innerText(),
        'The current password is wrong; nothing was deleted',
      )
      expect((await callServer(svc.url, 'apps.list', {}, { token })).body.data.apps.length).toBe(2)

      await panel(page)
        .getByLabel(/^Current password/)
        .fill(PASSWORD)
      await panel(page).getByRole('button', { name: 'Delete my account' }).click()
      const farewell = page.locator('svc-login .farewell')
      await farewell.waitFor()
      expect(await farewell.innerText()).toBe(
        `Your account ${email} with its 2 apps was deleted, and you are signed out.`,
      )
      expect(await page.locator('svc-login h1').innerText()).toBe('Sign in')
      // Read first: focus is on the message.
      await eventually(() => farewell.evaluate((message) => message.matches(':focus')), true)
      expect(new URL(page.url()).hash).toBe('#/login')
      await shot(page, `account-deleted-${viewport.name}`)
      await expectAccessible(page)
      expect((await callServer(svc.url, 'auth.status', {}, { token })).status).toBe(401)
      const again = await callServer(svc.url, 'auth.login', { body: { email, password: PASSWORD } })
      expect(again.status).toBe(401)
      // A reload finds nobody signed in.
      await page.reload()
      await page.locator('svc-login').getByRole('heading', { name: 'Sign in' }).waitFor()
      expect(await page.locator('svc-login .farewell').count()).toBe(0)
      await page.close()
    })
  })

  test('Cancel closes the form with nothing deleted; the e-mail must be the account’s own', async () => {
    const email = 'careful@example.com'
    const { page, token } = await ownerWithApps(email, VIEWPORTS[0])
    const open = panel(page).getByRole('button', { name: 'Delete account…' })
    await open.click()
    await panel(page).getByRole('button', { name: 'Cancel' }).click()
    await eventually(() => open.evaluate((button) => button.matches(':focus')), true)
    await open.click()
    await panel(page)
      .getByRole('textbox', { name: /^Your e-mail address/ })
      .fill('someone@example.com')
    await panel(page)
      .getByLabel(/^Current password/)
      .fill(PASSWORD)
    await panel(page).getByRole('button', { name: 'Delete my account' }).click()
    await eventually(
      () => panel(page).getByRole('alert').innerText(),
      `confirm: must be this account's e-mail address (${email}) to confirm the deletion`,
    )
    expect((await callServer(svc.url, 'profile.get', {}, { token })).status).toBe(200)
    await page.close()
  })
})
