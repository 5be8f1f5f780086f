/**
 * Issue 41, rows 12 and 13, in the admin page (Chromium): after many failed log-ins for the
 * account, the sign-in form asks for the code it mailed, with focus on the code field, and
 * signs in with password and code; after a password change the Account screen lists the
 * access tokens that still work and revokes them all with one button. Keyboard only, and
 * axe finds nothing on either screen.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { createAccessToken } from '../../server/core/auth/access-tokens.ts'
import { beginLoginAttempt } from '../../server/core/auth/login-throttle.ts'
import { signup } from '../../server/core/auth/signup.ts'
import { AUTH } from '../../server/contract/limits.ts'
import { axeViolations } from '../support/axe.ts'
import {
  chromiumAvailable,
  launchChromium,
  startBrowserTestServer,
  type BrowserTestServer,
} from '../support/browser.ts'
import { eventually, shot } from './admin-helpers.ts'

const EMAIL = 'owner@example.com'
const PASSWORD = 'correct horse battery'

const hasBrowser = chromiumAvailable('admin-account-alerts browser tests')

describe.skipIf(!hasBrowser)('admin page: code after many failed log-ins, tokens after a password change', () => {
  let svc: BrowserTestServer
  let browser: Browser
  let page: Page
  let userId = ''

  /** The element that has focus, through shadow roots: its tag and name attribute. */
  const focused = () =>
    page.evaluate(() => {
      let element = document.activeElement
      while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
      return { tag: element?.tagName.toLowerCase(), name: element?.getAttribute('name') ?? null }
    })

  beforeAll(async () => {
    svc = await startBrowserTestServer()
    const ctx = svc.server.ctx
    userId = (await signup(ctx, { email: EMAIL, password: PASSWORD })).user.id
    for (let i = 0; i < AUTH.loginFailuresPerAccount; i++)
      await beginLoginAttempt(ctx, EMAIL, `198.51.100.${1 + Math.floor(i / AUTH.loginFailuresPerWindow)}`)
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1280, height: 820 } })
    page.setDefaultTimeout(20_000)
  }, 30_000)

  afterAll(async () => {
    await browser?.close()
    await svc?.stop()
  }, 30_000)

  test('the right password asks for the mailed code; password and code sign in', async () => {
    const login = page.locator('svc-login')
    await page.goto(`${svc.url}/admin/`)
    await eventually(() => login.locator('h1').innerText(), 'Sign in')
    await login.locator('input[name=email]').fill(EMAIL)
    await login.locator('input[name=password]').fill(PASSWORD)
    await login.locator('input[name=password]').press('Enter')
    await eventually(
      () => login.getByRole('status').innerText(),
      `There were over ${AUTH.loginFailuresPerAccount} failed log-ins for ${EMAIL} within an hour, so a password log-in also needs a login code. ` +
        `If the password is right, a code has been e-mailed to ${EMAIL}: send it as "code" together with the password ` +
        '(it lasts 10 minutes; no new mail? use the last code you received).',
    )
    // Not shown as an error, and the code field has focus.
    expect(await login.locator('.error').count()).toBe(0)
    expect(await focused()).toEqual({ tag: 'input', name: 'code' })
    expect(await axeViolations(page)).toEqual([])
    await shot(page, '41-login-code-required')
    const code = /^\s+(\d{6})$/m.exec(svc.mails.at(-1)!.text)![1]
    await page.keyboard.type(code)
    await page.keyboard.press('Enter')
    await page.locator('svc-apps h1').waitFor()
  })

  test('after a password change the live tokens are listed, and one button revokes them all', async () => {
    await createAccessToken(svc.server.ctx, userId, 'ci')
    await page.goto(`${svc.url}/admin/#/account`)
    const account = page.locator('svc-account')
    await account.locator('input[name=currentPassword]').fill(PASSWORD)
    await account.locator('input[name=newPassword]').fill('an even better passphrase')
    await account.locator('input[name=repeat]').fill('an even better passphrase')
    await account.locator('input[name=repeat]').press('Enter')
    const live = account.locator('.live-tokens')
    await live.waitFor()
    const [ci] = await svc.server.ctx.storage.auth.tokens(userId)
    expect((await live.locator('p').innerText()).replace(/\s+/g, ' ').trim()).toBe(
      `Your password changed, but these access tokens still work: ci (${ci.prefix}…). If any is not yours, revoke them.`,
    )
    expect(await axeViolations(page)).toEqual([])
    await shot(page, '41-password-changed-tokens')
    await live.getByRole('button', { name: 'Revoke all access tokens' }).focus()
    await page.keyboard.press('Enter')
    await live.waitFor({ state: 'detached' })
    expect(await svc.server.ctx.storage.auth.tokens(userId)).toEqual([])
  })
})
