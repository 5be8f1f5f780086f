/**
 * The admin page's shell as a person meets it: a signed-out visit logs no error in the
 * browser's console (nor does one whose session ended), sign-up's password field is named
 * "Password", the sidebar greets the owner by the name given at sign-up (the e-mail under
 * it), navigating by address puts focus on the screen's heading without drawing a ring
 * round it, the phone's top bar marks the current section with a straight underline, and
 * the "New app" form has room inside its panel.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Browser, ConsoleMessage, Page } from 'playwright-core'
import {
  chromiumAvailable,
  launchChromium,
  startBrowserTestServer,
  type BrowserTestServer,
} from '../support/browser.ts'
import { expectAccessible, VIEWPORTS } from './accessible.ts'
import { callInPage, eventually, shot } from './admin-helpers.ts'
import { callServer } from '../support/call.ts'

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('admin shell browser tests')
const EMAIL = 'ada@example.com'
const PASSWORD = 'correct horse battery'

/** The element with focus, through shadow roots: tag, text and the outline drawn round it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let element = document.activeElement
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
    const style = element ? getComputedStyle(element) : null
    return {
      tag: element?.tagName.toLowerCase(),
      text: element?.textContent?.trim().slice(0, 40),
      outline: style?.outlineStyle === 'none' ? 'none' : `${style?.outlineStyle} ${style?.outlineWidth}`,
    }
  })

describe.skipIf(!hasBrowser)('admin page: the shell', () => {
  let svc: BrowserTestServer
  let browser: Browser
  let page: Page
  /** Errors the page's console shows (a failed request among them), and uncaught errors. */
  const complaints: string[] = []
  const listen = (target: Page) => {
    target.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') complaints.push(message.text())
    })
    target.on('pageerror', (error) => complaints.push(error.message))
  }

  beforeAll(async () => {
    svc = await startBrowserTestServer()
    browser = await launchChromium()
    page = await browser.newPage({ viewport: VIEWPORTS[0] })
    page.setDefaultTimeout(20_000)
    listen(page)
  }, 30_000)

  afterAll(async () => {
    await browser?.close()
    await svc?.stop()
  }, 30_000)

  test('a signed-out load logs nothing in the console', async () => {
    await page.goto(`${svc.url}/admin/`)
    await page.locator('svc-login').getByRole('heading', { name: 'Welcome to svc' }).waitFor()
    expect(complaints).toEqual([])
  })

  test('sign-up names its password field "Password"; what it is for is its description', async () => {
    const login = page.locator('svc-login')
    // Its name is its label alone; what it is for is its description.
    const field = login.getByLabel('Password optional', { exact: true })
    expect(await field.getAttribute('type')).toBe('password')
    const described = await field.evaluate((input) => {
      const root = input.getRootNode() as ShadowRoot
      return (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => root.getElementById(id)?.textContent?.trim())
        .join(' ')
    })
    expect(described).toBe('At least 8 characters. Without one you sign in with a code we e-mail you.')
    // Only the e-mail field is named after the e-mail.
    expect(
      await login.getByLabel(/e-mail/i).evaluateAll((all) => all.map((el) => (el as HTMLInputElement).name)),
    ).toEqual(['email'])
    await expectAccessible(page)
    await shot(page, 'shell-sign-up-desktop')
  })

  test('signed up with a name, the sidebar shows the name with the e-mail under it', async () => {
    const login = page.locator('svc-login')
    await login.locator('input[name=email]').fill(EMAIL)
    await login.locator('input[name=name]').fill('Ada Lovelace')
    await login.locator('input[name=password]').fill(PASSWORD)
    await login.getByRole('button', { name: 'Create account' }).click()
    await page.locator('svc-apps h1').waitFor()
    const who = page.locator('svc-admin .who')
    expect(await who.locator('.name').innerText()).toBe('Ada Lovelace')
    expect(await who.locator('.email').innerText()).toBe(EMAIL)
    // Changing the name on the Account screen changes the sidebar at once.
    await page.locator('svc-admin').getByRole('link', { name: 'Account & tokens' }).click()
    await page.locator('svc-account').getByRole('textbox', { name: 'Name', exact: true }).fill('Ada King')
    await page.locator('svc-account').getByRole('button', { name: 'Save profile' }).click()
    await eventually(() => who.locator('.name').innerText(), 'Ada King')
    expect(complaints).toEqual([])
  })

  test('navigating by address focuses the heading without a ring round it, or round the screen', async () => {
    await page.goto(`${svc.url}/admin/#/apps`)
    await page.locator('svc-apps h1').waitFor()
    const { id } = (await callInPage(page, 'apps.create', { body: { name: 'Contact us' } })).body.data
    // A fresh document, no click yet: as after typing an address or going back.
    await page.reload()
    await page.locator('svc-apps h1').waitFor()
    for (const hash of ['#/account', `#/apps/${id}`, '#/apps']) {
      await page.evaluate((to) => (location.hash = to), hash)
      await eventually(async () => (await focused(page)).tag === 'h1' || (await focused(page)).tag === 'main', true)
      expect({ hash, ...(await focused(page)), text: undefined }).toEqual({
        hash,
        tag: expect.stringMatching(/^(h1|main)$/),
        text: undefined,
        outline: 'none',
      })
    }
    expect(await focused(page)).toEqual({ tag: 'h1', text: 'Apps', outline: 'none' })
    await shot(page, 'shell-apps-after-hash-navigation')
    // By keyboard: Enter on a sidebar link.
    await page.locator('svc-admin').getByRole('link', { name: 'Account & tokens' }).focus()
    await page.keyboard.press('Enter')
    await eventually(async () => (await focused(page)).text, 'Account')
    expect(await focused(page)).toEqual({ tag: 'h1', text: 'Account', outline: 'none' })
    // A real control still shows its ring: Tab from the heading to the next stop.
    await page.keyboard.press('Tab')
    expect((await focused(page)).outline).toBe('solid 2px')
  })

  test('the "New app" form has room inside its panel', async () => {
    await page.goto(`${svc.url}/admin/#/apps`)
    await page.locator('svc-apps').getByRole('button', { name: 'New app' }).click()
    const form = page.locator('svc-apps form.create')
    const room = await form.evaluate((element) => {
      const box = element.getBoundingClientRect()
      const input = element.querySelector('input')!.getBoundingClientRect()
      return { left: input.left - box.left, top: input.top - box.top }
    })
    expect(room.left).toBeGreaterThanOrEqual(16)
    expect(room.top).toBeGreaterThanOrEqual(16)
    await shot(page, 'shell-new-app-desktop')
    await page.locator('svc-apps').getByRole('button', { name: 'Cancel' }).click()
  })

  test('on a phone the top bar marks the current section with a straight underline', async () => {
    await page.setViewportSize(VIEWPORTS[1])
    await page.goto(`${svc.url}/admin/#/account`)
    await page.locator('svc-account h1').waitFor()
    const current = page.locator('svc-admin nav a[aria-current=page]')
    expect(await current.innerText()).toBe('Account & tokens')
    expect(
      await current.evaluate((link) => {
        const style = getComputedStyle(link)
        return { radius: style.borderRadius, bar: style.boxShadow }
      }),
    ).toEqual({ radius: '0px', bar: 'rgb(26, 26, 31) 0px -2px 0px 0px inset' })
    // Brand, name and Log out on the first line, the sections on the second, inside the window.
    const boxes = await page.locator('svc-admin').evaluate((admin) => {
      const root = admin.shadowRoot!
      const box = (selector: string) => root.querySelector(selector)!.getBoundingClientRect()
      return {
        brand: box('.brand').top,
        logout: box('.logout').top,
        links: box('.links').top,
        right: box('.logout').right,
      }
    })
    expect(Math.abs(boxes.brand - boxes.logout)).toBeLessThan(12)
    expect(boxes.links).toBeGreaterThan(boxes.logout)
    expect(boxes.right).toBeLessThanOrEqual(VIEWPORTS[1].width)
    await shot(page, 'shell-account-phone')
    await expectAccessible(page)
    await page.setViewportSize(VIEWPORTS[0])
  })

  test('after logging out, and when the session ended elsewhere, a load logs nothing in the console', async () => {
    await page.locator('svc-admin button.logout').click()
    await page.locator('svc-login h1').waitFor()
    await page.reload()
    await page.locator('svc-login').getByRole('heading', { name: 'Sign in' }).waitFor()
    expect(complaints).toEqual([])

    // Signed in again, then every session ends (a new password set from a script): the cookie the page holds is stale.
    const signedIn = (
      await callInPage(page, 'auth.login', { body: { email: EMAIL, password: PASSWORD, tokenName: 'script' } })
    ).body.data.token!.token
    const changed = await callServer(
      svc.url,
      'profile.setPassword',
      { body: { currentPassword: PASSWORD, newPassword: 'another horse battery' } },
      { token: signedIn },
    )
    expect(changed.status).toBe(200)
    await page.goto(`${svc.url}/admin/#/apps`)
    await page.reload()
    await page.locator('svc-login').getByRole('heading', { name: 'Sign in' }).waitFor()
    expect(complaints).toEqual([])
  })
})
