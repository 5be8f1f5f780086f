/**
 * Admin page, forgotten password: "Forgot your password?" on the sign-in card mails a
 * code; the code and a new password (typed twice) sign the owner in, the old password
 * stops working and every earlier session ends.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import {
  chromiumAvailable,
  launchChromium,
  startBrowserTestServer,
  type BrowserTestServer,
} from '../support/browser.ts'
import { eventually, shot } from './admin-helpers.ts'
import { callServer } from '../support/call.ts'

const EMAIL = 'owner@example.com'
const OLD_PASSWORD = 'the password I forgot'
const NEW_PASSWORD = 'a password I will keep'

const hasBrowser = chromiumAvailable('admin-reset browser tests')

describe.skipIf(!hasBrowser)('admin page: reset a forgotten password', () => {
  let svc: BrowserTestServer
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    svc = await startBrowserTestServer()
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1280, height: 820 } })
    page.setDefaultTimeout(20_000)
  }, 30_000)

  afterAll(async () => {
    await browser?.close()
    await svc?.stop()
  }, 30_000)

  test('request a code, enter it with a new password, and land signed in', async () => {
    const signup = await callServer(svc.url, 'auth.signup', { body: { email: EMAIL, password: OLD_PASSWORD } })
    expect(signup.status).toBe(200)
    const oldSession = /^(svc_session=[^;]+);/.exec(signup.headers.get('set-cookie') ?? '')![1]

    const login = page.locator('svc-login')
    await page.goto(`${svc.url}/admin/`)
    await eventually(() => login.locator('h1').innerText(), 'Sign in')
    await login.getByRole('button', { name: 'Forgot your password?' }).click()
    await eventually(() => login.locator('h1').innerText(), 'Reset your password')
    await login.locator('input[name=email]').fill(EMAIL)
    await login.getByRole('button', { name: 'Send me a code' }).click()
    await login.locator('input[name=code]').waitFor()
    expect(await login.locator('p.notice').innerText()).toBe(
      `If an account exists for ${EMAIL}, a 6-digit code is on its way. It is valid for 10 minutes.`,
    )
    expect(svc.mails.map((m) => m.to)).toEqual([EMAIL])
    const code = /\b(\d{6})\b/.exec(svc.mails[0].text)![1]

    // Two different passwords are caught on the page; nothing is sent, so the code keeps its tries.
    await login.locator('input[name=code]').fill(code)
    await login.locator('input[name=newPassword]').fill(NEW_PASSWORD)
    await login.locator('input[name=repeatPassword]').fill('something else entirely')
    await login.getByRole('button', { name: 'Set password and sign in' }).click()
    await eventually(
      () => login.locator('p.error').innerText(),
      'The two passwords differ; type the same new password twice.',
    )

    await login.locator('input[name=repeatPassword]').fill(NEW_PASSWORD)
    await shot(page, '40-reset-password')
    await login.getByRole('button', { name: 'Set password and sign in' }).click()
    // No name was given at sign-up: the sidebar names the account by its e-mail.
    await eventually(() => page.locator('svc-admin .who .name').innerText(), EMAIL)
    expect(new URL(page.url()).hash).toBe('#/apps')

    expect((await callServer(svc.url, 'auth.login', { body: { email: EMAIL, password: OLD_PASSWORD } })).status).toBe(
      401,
    )
    expect((await callServer(svc.url, 'auth.login', { body: { email: EMAIL, password: NEW_PASSWORD } })).status).toBe(
      200,
    )
    const old = await callServer(svc.url, 'auth.status', {}, { headers: { cookie: oldSession } })
    expect(old.status).toBe(401)
  })
})
