/**
 * Admin page, Activity (the audit log): the owner changes the share settings with an access
 * token many times and once with the session, then finds the changes in Setup → Activity (who,
 * how, what changed), filters them with the keyboard and loads the older page; the account's
 * Activity shows the log-in by password and the app each entry touched; a viewer member's Setup
 * has no Activity (the server refuses them the log). axe and a keyboard pass at 1280 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { AUDIT_PAGE } from '../../server/contract/audit/model.ts'
import { chromiumAvailable, type BrowserTestServer } from '../support/browser.ts'
import { expectAccessible, VIEWPORTS } from './accessible.ts'
import { callInPage, eventually, openAdmin, publishedApp, shot, type AdminSession } from './admin-helpers.ts'

setDefaultTimeout(90_000)

const hasBrowser = chromiumAvailable('admin audit browser tests')
const OWNER = 'owner@example.com'
const PASSWORD = 'correct horse battery'
const VIEWER = 'viewer@example.com'
/** Changes made with the access token: more than a page, so the log has an older page to load. */
const TOKEN_CHANGES = AUDIT_PAGE.defaultSize + 5

/** The name of the element focused now, shadow roots followed, and whether its focus shows. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let element = document.activeElement
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
    const name =
      element?.getAttribute('aria-label') ||
      (element as HTMLInputElement | null)?.labels?.[0]?.textContent ||
      element?.textContent ||
      ''
    return { name: name.replace(/\s+/g, ' ').trim(), visible: element?.matches(':focus-visible') ?? false }
  })

/** Presses Tab until the focus is on an element whose name starts with `name` (at most `max` times); its focus must show. */
async function tabTo(page: Page, name: string, max = 12): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    const now = await focused(page)
    if (now.name.startsWith(name)) {
      expect(now.visible).toBe(true)
      return
    }
  }
  expect(await focused(page)).toEqual({ name, visible: true })
}

/** Each row's cells as text, by column name. */
async function rowsOf(log: Locator): Promise<Array<Record<string, string>>> {
  return log.locator('table').evaluate((table) => {
    const names = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '')
    return [...table.querySelectorAll('tbody tr')].map((tr) =>
      Object.fromEntries(
        [...tr.children].map((cell, i) => [names[i], (cell as HTMLElement).innerText.replace(/\s+/g, ' ').trim()]),
      ),
    )
  })
}

describe.skipIf(!hasBrowser)('admin page: activity', () => {
  let admin: AdminSession
  let svc: BrowserTestServer
  let page: Page
  let appId: string
  let viewerContext: BrowserContext

  const log = () => page.locator('svc-audit-log')
  const openSetup = async () => {
    await page.goto(`${svc.url}/admin/#/apps/${encodeURIComponent(appId)}`)
    await log().locator('tbody tr').first().waitFor()
  }

  beforeAll(async () => {
    admin = await openAdmin({ viewport: { width: 1280, height: 900 } })
    ;({ svc, page } = admin)
    appId = (await publishedApp(admin.api, 'Survey', [{ name: 'email', type: 'email' }])).id
    for (let i = 1; i <= TOKEN_CHANGES; i++) {
      const changed = await admin.api('share.update', {
        params: { id: appId },
        body: { thankYouMessage: `Thanks ${i}` },
      })
      expect(changed.status).toBe(200)
    }
    // A log-in by password in the page: its session makes the last change.
    expect((await callInPage(page, 'auth.login', { body: { email: OWNER, password: PASSWORD } })).status).toBe(200)
    const bySession = await callInPage(page, 'share.update', { params: { id: appId }, body: { autoCreate: false } })
    expect(bySession.status).toBe(200)
    await page.reload()
  }, 60_000)

  afterAll(async () => {
    await viewerContext?.close()
    await admin?.close()
  }, 30_000)

  test('Setup → Activity shows who changed what, how and from where, newest first', async () => {
    await openSetup()
    expect(await log().getByRole('heading', { name: 'Activity' }).isVisible()).toBe(true)
    const [bySession, byToken] = await rowsOf(log())
    expect(bySession).toEqual({
      When: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      Who: OWNER,
      Via: 'session',
      From: expect.stringMatching(/127\.0\.0\.1/),
      Action: 'share.update',
      Target: '—',
      Change: 'autoCreate true → false',
    })
    expect(byToken).toMatchObject({
      Who: OWNER,
      Via: 'token browser test',
      Action: 'share.update',
      Change: `thankYouMessage Thanks ${TOKEN_CHANGES - 1} → Thanks ${TOKEN_CHANGES}`,
    })
    // The local time on screen, the instant itself for machines and in the title.
    const time = log().locator('tbody tr').first().locator('time')
    const instant = await time.getAttribute('datetime')
    expect(new Date(instant!).toISOString()).toBe(instant!)
    expect(await time.getAttribute('title')).toBe(instant)
    // One page, and the way to the next.
    expect(await log().locator('tbody tr').count()).toBe(AUDIT_PAGE.defaultSize)
    expect(await log().locator('.count').innerText()).toBe(`${AUDIT_PAGE.defaultSize} entries, newest first`)
    await shot(page, 'audit-01-setup-1280')
  })

  test('the keyboard filters by who and action, then loads the older entries to the end', async () => {
    await openSetup()
    await log().getByRole('button', { name: 'Refresh' }).focus()
    await tabTo(page, 'Who')
    await page.keyboard.type(OWNER)
    await tabTo(page, 'Action')
    await page.keyboard.type('share.')
    await tabTo(page, 'Apply')
    await page.keyboard.press('Enter')
    await eventually(async () => (await rowsOf(log())).every((row) => row.Action.startsWith('share.')), true)
    expect(await log().getByRole('button', { name: 'Clear' }).isVisible()).toBe(true)

    // Every share change (the publish, the token's and the session's) and nothing else.
    const shares = TOKEN_CHANGES + 2
    await tabTo(page, 'Load more')
    await page.keyboard.press('Enter')
    await eventually(() => log().locator('tbody tr').count(), shares)
    expect((await rowsOf(log())).at(-1)?.Action).toBe('share.publish')
    expect(await log().getByRole('button', { name: 'Load more' }).count()).toBe(0)
    // The button went at the end: the focus is on the line that says so, not lost to the page.
    expect(await focused(page)).toEqual({ name: `${shares} entries, no older ones`, visible: true })

    // An action matched exactly; nothing since tomorrow.
    await log().getByLabel('Action', { exact: true }).fill('share.publish')
    await log().getByRole('button', { name: 'Apply' }).click()
    await eventually(async () => (await rowsOf(log())).map((row) => row.Action), ['share.publish'])
    const tomorrow = new Date(Date.now() + 86_400_000)
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`
    await log().getByLabel('Since', { exact: true }).fill(day)
    await log().getByRole('button', { name: 'Apply' }).click()
    await log().getByText('No entry matches these filters.').waitFor()
    await log().getByRole('button', { name: 'Clear' }).click()
    await eventually(() => log().locator('tbody tr').count(), AUDIT_PAGE.defaultSize)
    expect(await log().getByLabel('Who', { exact: true }).inputValue()).toBe('')
  })

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px the Activity fits: the table scrolls in a named region where it must; axe and Tab pass`, async () => {
      await page.setViewportSize(viewport)
      try {
        await openSetup()
        const region = log().getByRole('region', { name: 'Activity of the app, table' })
        const wrap = log().locator('.table-wrap')
        const sideways = await wrap.evaluate((el) => el.scrollWidth > el.clientWidth + 1)
        expect(sideways).toBe(viewport.width < 1280)
        expect(await region.count()).toBe(sideways ? 1 : 0)
        if (sideways) {
          expect(await region.getAttribute('tabindex')).toBe('0')
          await region.focus()
          await page.keyboard.press('ArrowRight')
          await eventually(() => wrap.evaluate((el) => el.scrollLeft > 0), true)
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
        await log().scrollIntoViewIfNeeded()
        await shot(page, `audit-02-setup-${viewport.width}`)
        await expectAccessible(page)

        await page.goto(`${svc.url}/admin/#/account`)
        await log().locator('tbody tr').first().waitFor()
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
        expect(await wrap.evaluate((el) => el.scrollWidth > el.clientWidth + 1)).toBe(viewport.width < 1280)
        await log().scrollIntoViewIfNeeded()
        await shot(page, `audit-03-account-${viewport.width}`)
        await expectAccessible(page)
      } finally {
        await page.setViewportSize({ width: 1280, height: 900 })
      }
    })
  }

  test("the account's Activity shows the log-in by password and names each entry's app", async () => {
    await page.goto(`${svc.url}/admin/#/account`)
    await log().locator('tbody tr').first().waitFor()
    const rows = await rowsOf(log())
    // The account's own entries say "you" (its address is in the title).
    expect(rows.find((row) => row.Action === 'auth.login' && row.Via === 'password')).toMatchObject({
      App: '—',
      Who: 'you',
      Target: '—',
    })
    expect(rows.find((row) => row.Action === 'share.update')).toMatchObject({ App: 'Survey', Who: 'you' })
    expect(await log().locator('tbody td.who').first().getAttribute('title')).toBe(OWNER)
    // One app's entries: the log-ins are about no app.
    await log().getByRole('combobox', { name: 'App' }).selectOption({ label: 'Survey' })
    await log().getByRole('button', { name: 'Apply' }).click()
    await eventually(async () => [...new Set((await rowsOf(log())).map((row) => row.App))], ['Survey'])
  })

  test('a viewer member has no Activity in Setup, and the server refuses them the log', async () => {
    const invited = await admin.api('members.invite', {
      params: { id: appId },
      body: { email: VIEWER, role: 'viewer' },
    })
    expect(invited.status).toBe(200)
    const token = invited.body.data.url.split('/').at(-1)!
    viewerContext = await admin.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const viewer = await viewerContext.newPage()
    viewer.setDefaultTimeout(20_000)
    await viewer.goto(`${svc.url}/admin/`)
    const accepted = await callInPage(viewer, 'invitations.accept', {
      params: { token },
      body: { password: 'another long password' },
    })
    expect(accepted.status).toBe(200)
    // The page was loaded signed out: it starts with the new session on a reload.
    await viewer.goto(`${svc.url}/admin/#/apps/${encodeURIComponent(appId)}`)
    await viewer.reload()
    await viewer.locator('svc-app-setup p.notice').waitFor()
    await viewer.locator('svc-people p').first().waitFor()
    expect(await viewer.locator('svc-audit-log').count()).toBe(0)
    expect(await viewer.locator('svc-app-setup p.error').count()).toBe(0)
    const refused = await callInPage(viewer, 'audit.app', { params: { id: appId } })
    expect({ status: refused.status, type: refused.body.error?.type }).toEqual({ status: 403, type: 'forbidden' })
    await shot(viewer, 'audit-04-viewer-setup')
  })
})
