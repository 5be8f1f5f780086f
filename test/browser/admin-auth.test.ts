/**
 * Admin page, the account's path: a fresh server opens on sign-up, the page is served
 * under a strict CSP, sign-in works by password and by e-mail code, deep links survive
 * the login, and access tokens are created (shown once), used and revoked.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { ADMIN_CSP } from '../../server/http/admin.ts'
import {
  chromiumAvailable,
  launchChromium,
  startBrowserTestServer,
  type BrowserTestServer,
} from '../support/browser.ts'
import { axeViolations } from '../support/axe.ts'
import { callApi, callInPage, eventually, shot } from './admin-helpers.ts'
import { callServer, target } from '../support/call.ts'

const EMAIL = 'first@example.com'
const PASSWORD = 'correct horse battery'

const hasBrowser = chromiumAvailable('admin-auth browser tests')

describe.skipIf(!hasBrowser)('admin page: sign-up, sign-in, tokens', () => {
  let svc: BrowserTestServer
  let browser: Browser
  let page: Page
  const cspViolations: string[] = []

  const login = () => page.locator('svc-login')
  const heading = () => login().locator('h1').innerText()
  const hash = () => new URL(page.url()).hash

  /** The element that has focus, through shadow roots: its tag, role and text. */
  const focusedElement = () =>
    page.evaluate(() => {
      let element = document.activeElement
      while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
      return {
        tag: element?.tagName.toLowerCase(),
        role: element?.getAttribute('role') ?? null,
        text: element?.textContent?.trim(),
      }
    })

  async function logOut() {
    await page.locator('svc-admin button.logout').click()
    await login().locator('h1').waitFor()
  }

  beforeAll(async () => {
    svc = await startBrowserTestServer()
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1280, height: 820 } })
    page.setDefaultTimeout(20_000)
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text())
    })
  }, 30_000)

  afterAll(async () => {
    await browser?.close()
    await svc?.stop()
  }, 30_000)

  test('the page is served with a strict CSP and no inline script; / leads to /admin/', async () => {
    const root = await fetch(`${svc.url}/`, { redirect: 'manual' })
    expect([root.status, root.headers.get('location')]).toEqual([302, '/admin/'])
    const bare = await fetch(`${svc.url}/admin`, { redirect: 'manual' })
    expect([bare.status, bare.headers.get('location')]).toEqual([301, '/admin/'])
    const index = await fetch(`${svc.url}/admin/`)
    expect(index.status).toBe(200)
    expect(index.headers.get('content-security-policy')).toBe(ADMIN_CSP)
    expect(ADMIN_CSP).toContain("default-src 'self'")
    expect(ADMIN_CSP).toContain("object-src 'none'")
    expect(ADMIN_CSP).toContain("base-uri 'none'")
    expect(ADMIN_CSP).toContain("frame-ancestors 'none'")
    expect(ADMIN_CSP).not.toContain('unsafe-inline')
    expect(index.headers.get('x-content-type-options')).toBe('nosniff')
    const html = await index.text()
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    expect(scripts.length).toBe(1)
    expect(scripts.map(([, attrs, body]) => [/\bsrc="\.\/[\w.-]+\.js"/.test(attrs), body.trim()])).toEqual([[true, '']])
    expect(html).not.toMatch(/\sstyle=|\son\w+=/)
    const asset = /src="\.\/([\w.-]+\.js)"/.exec(html)![1]
    const js = await fetch(`${svc.url}/admin/${asset}`)
    expect([js.status, js.headers.get('content-type'), js.headers.get('cache-control')]).toEqual([
      200,
      'text/javascript; charset=utf-8',
      'public, max-age=31536000, immutable',
    ])
    const missing = await callApi(svc.url, 'GET', '/admin/nope.js')
    expect([missing.status, missing.body.error.type]).toEqual([404, 'not_found'])
  })

  test('the first visit of a fresh server leads to sign-up, with clear errors', async () => {
    await page.goto(`${svc.url}/admin/`)
    await eventually(heading, 'Welcome to svc')
    expect(hash()).toBe('#/login')
    await shot(page, '00-first-run')
    await login().locator('input[name=email]').fill('not-an-email')
    await login().getByRole('button', { name: 'Create account' }).click()
    const error = login().locator('.error')
    await error.waitFor()
    expect(await error.innerText()).toMatch(/e-mail/i)
    await login().locator('input[name=email]').fill(EMAIL)
    await login().locator('input[name=name]').fill('First Owner')
    await login().locator('input[name=password]').fill(PASSWORD)
    await login().getByRole('button', { name: 'Create account' }).click()
    await page.locator('svc-apps h1').waitFor()
    expect(hash()).toBe('#/apps')
    expect(await page.locator('svc-admin .who .email').innerText()).toBe(EMAIL)
  })

  test('after logging out, sign-up is closed and a wrong password gets the server message', async () => {
    await logOut()
    expect(await heading()).toBe('Sign in')
    expect(await login().getByText('Create one').count()).toBe(0)
    // The sign-in method tabs take the arrow keys; only the chosen one is in the Tab order.
    const tabs = login().getByRole('tab')
    expect(
      await tabs.evaluateAll((all) =>
        all.map((tab) => [tab.textContent, tab.getAttribute('aria-selected'), tab.getAttribute('tabindex')]),
      ),
    ).toEqual([
      ['Password', 'true', '0'],
      ['E-mail code', 'false', '-1'],
    ])
    await login().getByRole('tab', { name: 'Password' }).focus()
    await page.keyboard.press('ArrowRight')
    expect(await focusedElement()).toEqual({ tag: 'button', role: 'tab', text: 'E-mail code' })
    expect(await login().getByRole('tab', { name: 'E-mail code' }).getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('ArrowLeft')
    expect(await focusedElement()).toEqual({ tag: 'button', role: 'tab', text: 'Password' })
    expect(await login().getByRole('tab', { name: 'Password' }).getAttribute('aria-selected')).toBe('true')
    await login().locator('input[name=email]').fill(EMAIL)
    await login().locator('input[name=password]').fill('wrong password!')
    await login().getByRole('button', { name: 'Sign in' }).click()
    await eventually(() => login().locator('.error').innerText(), 'E-mail or password is wrong')
    await shot(page, '09-login-error')
    // Keyboard only from here: Tab reaches the button with a visible focus ring, Enter submits.
    await login().locator('input[name=password]').fill(PASSWORD)
    await login().locator('input[name=password]').focus()
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      let element = document.activeElement
      while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
      return { text: element?.textContent?.trim(), ring: element ? getComputedStyle(element).outline : '' }
    })
    expect(focused.text).toBe('Sign in')
    expect(focused.ring).toBe('rgb(29, 88, 208) solid 2px')
    await page.keyboard.press('Enter')
    await page.locator('svc-apps h1').waitFor()
    expect(hash()).toBe('#/apps')
    // Signed in, focus is on the screen's heading, not left on the page.
    await eventually(async () => (await focusedElement()).tag, 'h1')
    expect(await focusedElement()).toEqual({ tag: 'h1', role: null, text: 'Apps' })
    // "New app" (or "Create your first app") goes away when pressed: focus moves into the form it opened.
    await page
      .locator('svc-apps')
      .getByRole('button', { name: /New app|Create your first app/ })
      .click()
    expect(await focusedElement()).toMatchObject({ tag: 'input' })
    expect(
      await page.evaluate(() => {
        let element = document.activeElement
        while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
        return (element as HTMLInputElement | null)?.name
      }),
    ).toBe('name')
    await page.locator('svc-apps').getByRole('button', { name: 'Cancel' }).click()
  })

  test('a deep link to an app’s data opens that screen after signing in with an e-mail code', async () => {
    const created = (await callInPage(page, 'apps.create', { body: { name: 'Survey' } })).body.data.id
    await logOut()
    await page.goto(`${svc.url}/admin/#/apps/${created}/data`)
    await eventually(hash, `#/login?next=${encodeURIComponent(`#/apps/${created}/data`)}`)
    await login().getByRole('tab', { name: 'E-mail code' }).click()
    await login().locator('input[name=email]').fill(EMAIL)
    await login().getByRole('button', { name: 'Send me a code' }).click()
    await login().locator('input[name=code]').waitFor()
    expect(svc.mails.map((m) => m.to)).toEqual([EMAIL])
    const code = /\b(\d{6})\b/.exec(svc.mails[0].text)![1]
    await shot(page, '10-login-code')
    await login().locator('input[name=code]').fill(code)
    await login().getByRole('button', { name: 'Sign in' }).click()
    await page.locator('svc-records').waitFor()
    expect(hash()).toBe(`#/apps/${created}/data`)
    expect(await page.locator('svc-app-view h1').innerText()).toBe('Survey')
    expect(await page.locator('svc-app-view nav.tabs a[aria-current=page]').innerText()).toBe('Data')
    await eventually(() => page.locator('svc-records .empty h2').innerText(), 'No records yet')
    await shot(page, '12-data-empty-unpublished')
  })

  test('at the 50-field limit the setup says so instead of offering to add a field', async () => {
    const appId = decodeURIComponent(hash().split('/')[2])
    const statuses = await page.evaluate(
      async (path) => {
        const out: number[] = []
        for (let i = 1; i <= 50; i++) {
          const response = await fetch(path, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: `q${i}` }),
          })
          out.push(response.status)
        }
        return out
      },
      target('fields.add', { params: { id: appId } }).path,
    )
    expect(statuses).toEqual(Array(50).fill(200))
    await page.locator('svc-app-view nav.tabs').getByRole('link', { name: 'Setup' }).click()
    const editor = page.locator('svc-fields-editor')
    await eventually(() => editor.locator('.count').innerText(), '50 / 50 fields')
    expect(await editor.locator('.limit').innerText()).toBe(
      'This app has reached the limit of 50 fields. Remove one to add another.',
    )
    expect(await editor.locator('form.add').count()).toBe(0)
    // A rename onto an existing name is refused with the server's message on that row.
    const q2 = editor.getByRole('textbox', { name: 'Name of field q2', exact: true })
    await q2.fill('q1')
    await q2.press('Enter')
    await editor.locator('.row-error').waitFor()
    expect(await editor.locator('.row-error').innerText()).toMatch(/q1/)
    await shot(page, '15-field-limit')
  })

  test('an access token is shown once, works with the API, is listed by prefix, and is revoked', async () => {
    await page.locator('nav[aria-label=Main]').getByRole('link', { name: 'Account & tokens' }).click()
    const tokens = page.locator('svc-access-tokens')
    await tokens.getByText('No access tokens yet').waitFor()
    await tokens.locator('input[name=name]').fill('laptop CLI')
    await tokens.getByRole('button', { name: 'Create token' }).click()
    const secret = await tokens.locator('output.token-secret').innerText()
    expect(secret).toMatch(/^svc_pat_[A-Za-z0-9_-]{20,}$/)
    expect(await tokens.locator('.new-token').innerText()).toContain('it will not be shown again')
    await shot(page, '11-account-token')
    const status = await callServer(svc.url, 'auth.status', {}, { token: secret })
    expect([status.status, status.body.data.method, status.body.data.user.email]).toEqual([200, 'token', EMAIL])
    const row = tokens.locator('tbody tr')
    // The list is read again after the token is made: wait for it, not for the first paint.
    await row.first().waitFor()
    expect(await row.count()).toBe(1)
    expect(await row.locator('td').nth(0).innerText()).toBe('laptop CLI')
    expect(await row.locator('td.prefix').innerText()).toBe(`${secret.slice(0, 'svc_pat_'.length + 6)}…`)
    expect(await row.locator('td[data-label=May]').innerText()).toBe('all')
    expect(await row.locator('td[data-label=Expires]').innerText()).toBe('in 3 months')
    // Shown once: after a reload the secret is gone from the page.
    await page.reload()
    await tokens.locator('tbody tr').waitFor()
    expect(await page.content()).not.toContain(secret)
    expect(await tokens.locator('output.token-secret').count()).toBe(0)
    await tokens.getByRole('button', { name: 'Revoke laptop CLI' }).click()
    const dialog = tokens.locator('svc-confirm dialog')
    expect(await dialog.innerText()).toContain('“laptop CLI”')
    await dialog.getByRole('button', { name: 'Revoke token' }).click()
    await tokens.getByText('No access tokens yet').waitFor()
    expect((await callServer(svc.url, 'auth.status', {}, { token: secret })).status).toBe(401)
  })

  test('a token limited to reading one app, never expiring: the warning shows, the server keeps the limits', async () => {
    const tokens = page.locator('svc-access-tokens')
    const survey = (await callInPage(page, 'apps.list', { query: {} })).body.data.apps.find(
      (app: { name: string }) => app.name === 'Survey',
    )!
    expect(await tokens.getByRole('combobox', { name: 'Expires' }).inputValue()).toBe('90')
    // By keyboard: from the name, Tab reaches the first scope; Space unticks it.
    await tokens.locator('input[name=name]').fill('CSV export')
    await tokens.locator('input[name=name]').focus()
    await page.keyboard.press('Tab')
    expect(
      await tokens
        .locator('input[value="records:read"]')
        .evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement),
    ).toBe(true)
    const first = tokens.locator('input[value="records:read"]')
    await page.keyboard.press('Space')
    expect(await first.isChecked()).toBe(false)
    await page.keyboard.press('Space')
    expect(await first.isChecked()).toBe(true)
    for (const scope of ['records:write', 'apps:write', 'share:write', 'members:write', 'account'])
      await tokens.getByRole('checkbox', { name: new RegExp(`^${scope} `) }).uncheck()
    await tokens.getByRole('radio', { name: 'Only these' }).check()
    await tokens.getByRole('checkbox', { name: 'Survey', exact: true }).check()
    await tokens.getByRole('combobox', { name: 'Expires' }).selectOption('never')
    await tokens.locator('p.warning').waitFor()
    expect(await tokens.locator('p.warning').innerText()).toStartWith(
      'A token that never expires works until you revoke it',
    )
    expect(await axeViolations(page)).toEqual([])
    await shot(page, '11-account-token-limits')
    await tokens.getByRole('button', { name: 'Create token' }).click()
    // The new token is listed once made; only then is the secret on the page this token's.
    await tokens.locator('tbody tr', { hasText: 'CSV export' }).waitFor()
    const secret = await tokens.locator('output.token-secret').innerText()
    const status = await callServer(svc.url, 'auth.status', {}, { token: secret })
    expect(status.body.data.token).toMatchObject({
      name: 'CSV export',
      scopes: ['records:read'],
      apps: [survey.id],
      expiresAt: null,
    })
    const row = tokens.locator('tbody tr', { hasText: 'CSV export' })
    expect(await row.locator('td[data-label=May]').innerText()).toBe('records:read, one app')
    expect(await row.locator('td[data-label=Expires]').innerText()).toBe('never')
    // The form is back to its defaults for the next token.
    expect(await tokens.getByRole('combobox', { name: 'Expires' }).inputValue()).toBe('90')
    expect(await tokens.locator('p.warning').count()).toBe(0)
    expect(await tokens.getByRole('radio', { name: 'All my apps, also those made later' }).isChecked()).toBe(true)
    expect(await tokens.getByRole('checkbox', { name: 'Survey', exact: true }).count()).toBe(0)
    await page.setViewportSize({ width: 390, height: 820 })
    expect(await axeViolations(page)).toEqual([])
    await shot(page, '11-account-token-limits-narrow')
    await page.setViewportSize({ width: 1280, height: 820 })
  })

  test('the profile name is saved, and a password change takes effect', async () => {
    const account = page.locator('svc-account')
    await account.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada Lovelace')
    await account.getByRole('button', { name: 'Save profile' }).click()
    await account.getByText('Saved', { exact: true }).waitFor()
    await account.locator('input[name=currentPassword]').fill(PASSWORD)
    await account.locator('input[name=newPassword]').fill('an even better passphrase')
    await account.locator('input[name=repeat]').fill('an even better passphrase')
    await account.getByRole('button', { name: 'Change password' }).click()
    await account.getByText('Password saved').waitFor()
    await shot(page, '13-account')
    const profile = (await callInPage(page, 'profile.get')).body.data
    expect(profile).toMatchObject({ email: EMAIL, name: 'Ada Lovelace', hasPassword: true })
    const old = await callServer(svc.url, 'auth.login', { body: { email: EMAIL, password: PASSWORD } })
    expect(old.status).toBe(401)
    const fresh = await callServer(svc.url, 'auth.login', {
      body: { email: EMAIL, password: 'an even better passphrase' },
    })
    expect(fresh.status).toBe(200)
  })

  test('a new e-mail asks for the current password in the same form, waits for the link mailed to it, and can be cancelled', async () => {
    const account = page.locator('svc-account')
    const profileForm = account.locator('form').first()
    expect(await profileForm.locator('input[name=currentPassword]').count()).toBe(0)
    const mailed = svc.mails.length
    await profileForm.getByRole('textbox', { name: 'E-mail', exact: true }).fill('ada@lovelace.org')
    const current = profileForm.getByLabel('Current password to change the e-mail')
    await current.waitFor()
    // The keyboard reaches it right after the e-mail.
    await profileForm.getByRole('textbox', { name: 'E-mail', exact: true }).focus()
    await page.keyboard.press('Tab')
    expect(
      await page.evaluate(() => {
        let element = document.activeElement
        while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
        return element?.getAttribute('name')
      }),
    ).toBe('currentPassword')
    expect(await axeViolations(page)).toEqual([])
    await current.fill('not the password')
    await account.getByRole('button', { name: 'Save profile' }).click()
    await eventually(
      () => profileForm.locator('.error').innerText(),
      'The current password is wrong; nothing was changed',
    )
    await current.fill('an even better passphrase')
    await account.getByRole('button', { name: 'Save profile' }).click()
    await eventually(
      async () =>
        (await profileForm.locator('.pending p').innerText()).startsWith(
          'A confirmation link went to ada@lovelace.org. Your e-mail changes when you follow it',
        ),
      true,
    )
    expect(await profileForm.locator('input[name=currentPassword]').count()).toBe(0)
    expect(await profileForm.getByRole('textbox', { name: 'E-mail', exact: true }).inputValue()).toBe(EMAIL)
    expect(svc.mails.slice(mailed).map((mail) => [mail.to, mail.subject])).toEqual([
      ['ada@lovelace.org', 'svc: confirm your new e-mail address'],
      [EMAIL, 'svc: a change of your e-mail address was requested'],
    ])
    const link = /(\/api\/v3\/profile\/email\/confirm\?token=\S+)$/m.exec(svc.mails[mailed].text)![1]
    expect((await callInPage(page, 'profile.get')).body.data.email).toBe(EMAIL)
    await shot(page, '14-account-email-pending')
    // Still there on the next visit, with its Cancel.
    await page.reload()
    await eventually(
      async () =>
        (await profileForm.locator('.pending p').innerText()).startsWith(
          'A confirmation link went to ada@lovelace.org.',
        ),
      true,
    )
    await account.getByRole('button', { name: 'Cancel the change' }).click()
    await profileForm.locator('.pending').waitFor({ state: 'detached' })
    expect((await callApi(svc.url, 'GET', link)).status).toBe(404)
  })

  test('no screen broke the CSP, and the browser enforces it: an injected inline script does not run', async () => {
    expect(cspViolations).toEqual([])
    await page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'window.__inline = 1'
      document.body.append(script)
    })
    await eventually(async () => cspViolations.length > 0, true)
    expect(await page.evaluate(() => Reflect.get(window, '__inline'))).toBeUndefined()
  })
})
