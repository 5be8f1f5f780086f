/**
 * Admin page, Setup → People and the invitation screen: the owner invites by keyboard (the
 * link is shown, since the test server has no SMTP), the invitee opens the link signed out in
 * another browser, chooses a password and lands on the app as a viewer; the owner raises her
 * to editor and removes her after a confirmation — axe and a Tab pass at 1280 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { BrowserContext, Page } from 'playwright-core'
import { chromiumAvailable, type BrowserTestServer } from '../support/browser.ts'
import { callServer } from '../support/call.ts'
import { expectAccessible } from './accessible.ts'
import { eventually, openAdmin, publishedApp, shot, type AdminSession } from './admin-helpers.ts'

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('admin people browser tests')
const GRACE = 'grace@example.com'

describe.skipIf(!hasBrowser)('admin page: people and invitations', () => {
  let admin: AdminSession
  let svc: BrowserTestServer
  let page: Page
  let appId: string
  let link = ''
  let invitee: BrowserContext
  let guest: Page

  beforeAll(async () => {
    admin = await openAdmin({ viewport: { width: 1280, height: 900 }, env: { SVC_SIGNUP: 'first' } })
    ;({ svc, page } = admin)
    appId = (await publishedApp(admin.api, 'Survey', [{ name: 'email', type: 'email' }])).id
    invitee = await admin.browser.newContext({ viewport: { width: 390, height: 844 } })
    guest = await invitee.newPage()
    guest.setDefaultTimeout(20_000)
  }, 30_000)

  afterAll(async () => {
    await invitee?.close()
    await admin?.close()
  }, 30_000)

  const people = () => page.locator('svc-people')
  const members = async () =>
    (await callServer(svc.url, 'members.list', { params: { id: appId } }, { token: admin.token })).body.data

  test('the owner invites by keyboard; the link is shown because nothing could be mailed', async () => {
    await page.goto(`${svc.url}/admin/#/apps/${encodeURIComponent(appId)}`)
    await page.reload()
    await people().locator('li.member').first().waitFor()
    expect(await people().locator('li.member').allInnerTexts()).toEqual([expect.stringContaining('owner@example.com')])
    await people().getByRole('textbox', { name: 'E-mail' }).focus()
    await page.keyboard.type(GRACE)
    await page.keyboard.press('Tab')
    expect(await people().getByRole('combobox', { name: 'Role' }).inputValue()).toBe('viewer')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    link = await people().locator('output.invite-link').innerText()
    expect(link).toMatch(/\/admin\/#\/invitation\/svc_inv_[\w-]+$/)
    expect(await people().locator('.shown-once p').innerText()).toBe(
      'This server has no SMTP, so nothing was mailed: send them the link yourself. It works once, for 7 days.',
    )
    expect(await people().locator('li.invitation').innerText()).toContain(
      `${GRACE}\ninvited as viewer, expires in 7 days`,
    )
    await shot(page, '80-people-invited')
    await expectAccessible(page)
  })

  test('the invitee opens the link signed out, chooses a password and lands on the app', async () => {
    await guest.goto(link)
    const screen = guest.locator('svc-invitation')
    await screen.getByRole('heading', { name: 'Invitation' }).waitFor()
    await screen.locator('.intro').waitFor()
    expect(await screen.locator('.intro').innerText()).toStartWith(
      'owner@example.com invites you to work on Survey as viewer. The link works until ',
    )
    await shot(guest, '81-invitation-new-account')
    await expectAccessible(guest)
    await screen.getByLabel('Password').fill('a long password')
    await screen.getByRole('button', { name: 'Create my account and accept' }).click()
    await guest.locator('svc-app-view h1').waitFor()
    expect(new URL(guest.url()).hash).toBe(`#/apps/${appId}`)
    expect(await guest.locator('svc-app-view h1').innerText()).toBe('Survey')
    await eventually(
      () => guest.locator('svc-people p').first().innerText(),
      'You are viewer in this app: you may read records, summaries and reports.',
    )
    // A viewer's Setup asks for nothing an admin alone may read, and offers no editor.
    expect(await guest.locator('svc-share-settings').count()).toBe(0)
    expect(await guest.locator('svc-fields-editor').count()).toBe(0)
    expect(await guest.locator('svc-app-view button.add-scoring').count()).toBe(0)
    expect(await guest.locator('svc-app-setup p.notice').innerText()).toBe(
      'You are a viewer of this app: you read its records, summary and reports, and see how it is set up, but do not change it.',
    )
    expect(await guest.locator('svc-app-setup p.error').count()).toBe(0)
    await shot(guest, '82-invitee-viewer')
    // The link worked once.
    await guest.goto(link)
    await guest.locator('svc-invitation p.error').waitFor()
    expect(await guest.locator('svc-invitation p.error').innerText()).toStartWith('This invitation is unknown')
  })

  test('the owner raises her to editor, then removes her after a confirmation', async () => {
    await page.reload()
    const role = people().getByRole('combobox', { name: `Role of ${GRACE}` })
    await role.waitFor()
    await role.selectOption('editor')
    await eventually(async () => (await members()).members.map((m: { role: string }) => m.role), ['owner', 'editor'])
    await people()
      .getByRole('button', { name: `Remove ${GRACE}` })
      .click()
    const dialog = people().locator('svc-confirm dialog')
    expect(await dialog.innerText()).toContain(`“${GRACE}” (editor)? Their sessions and tokens lose the app at once.`)
    await dialog.getByRole('button', { name: 'Remove' }).click()
    await eventually(() => people().locator('li.member').count(), 1)
    expect((await members()).members.map((m: { email: string }) => m.email)).toEqual(['owner@example.com'])
    await page.setViewportSize({ width: 390, height: 844 })
    await shot(page, '83-people-narrow')
    await expectAccessible(page)
    await page.setViewportSize({ width: 1280, height: 900 })
  })
})
