/**
 * What a respondent reads when answers are refused, in Chromium: the fill-in page's script
 * says what the server says (a refusal it could not foresee, in the question's words or the
 * error's sentence), a JSON question is checked and stored as its value, and a site's form
 * that only its owner can fix says so, with the details for the owner. axe and a keyboard
 * pass at a laptop's and a phone's size.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { REFUSAL_WORDS } from '../../server/pages/respondent-words.ts'
import { chromiumAvailable, startBrowserTest, type BrowserTest } from '../support/browser.ts'
import { makeEndpoint } from '../support/records.ts'
import { makeUser } from '../support/users.ts'
import { expectAccessible, VIEWPORTS } from './accessible.ts'
import { shot } from './admin-helpers.ts'
import { callServer } from '../support/call.ts'

setDefaultTimeout(90_000)

const hasBrowser = chromiumAvailable('respondent words browser tests')

describe.skipIf(!hasBrowser)('respondent words in Chromium', () => {
  let t: BrowserTest
  let ownerToken: string
  let appId: string
  let fillIn: string
  let siteForm: string
  let site: ReturnType<typeof Bun.serve>

  beforeAll(async () => {
    t = await startBrowserTest()
    const owner = await makeUser(t.svc.server.ctx)
    ownerToken = owner.token
    const order = await makeEndpoint(t.svc.server.ctx, owner.user.id, {
      name: 'Order',
      fields: [
        { name: 'count', type: 'number', label: 'How many', required: true },
        { name: 'extras', type: 'json', label: 'Extras' },
      ],
    })
    appId = order.appId
    fillIn = `${t.svc.url}/f/${order.token}`
    // A site's form that sends a key the app does not take (auto-create off): only the owner can fix it.
    const strict = await makeEndpoint(t.svc.server.ctx, owner.user.id, {
      name: 'Newsletter',
      autoCreate: false,
      fields: [{ name: 'email', type: 'email', label: 'E-mail' }],
    })
    site = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: () =>
        new Response(
          `<!doctype html><html lang="en"><meta charset="utf-8"><title>Newsletter</title><form method="POST" action="${t.svc.url}${strict.path('/form')}"><label>E-mail <input name="email" type="email"></label><label>Name <input name="fullname"></label><button type="submit">Sign up</button></form></html>`,
          { headers: { 'content-type': 'text/html; charset=utf-8' } },
        ),
    })
    siteForm = `http://127.0.0.1:${site.port}/newsletter/`
  })

  afterAll(async () => {
    await site?.stop(true)
    await t?.close()
  })

  const stored = async () =>
    (await callServer(t.svc.url, 'records.list', { params: { id: appId } }, { token: ownerToken })).body.records.map(
      (record: { data: unknown }) => record.data,
    )
  const setWrites = (on: boolean) =>
    callServer(t.svc.url, 'share.update', { params: { id: appId }, body: { service: on } }, { token: ownerToken })

  const openPage = async (url: string, viewport: (typeof VIEWPORTS)[number]): Promise<Page> => {
    const context = await t.browser.newContext({ viewport })
    const page = await context.newPage()
    page.setDefaultTimeout(20_000)
    await page.goto(url)
    return page
  }
  const summaryLinks = (page: Page) => page.getByRole('alert').getByRole('listitem').allInnerTexts()

  describe.each(VIEWPORTS)('at $name size', (viewport) => {
    test('the fill-in page: the JSON question checked and stored as its value; the server’s refusals in words', async () => {
      const page = await openPage(fillIn, viewport)
      await page.getByLabel('How many').fill('2')
      await page.getByLabel('Extras').fill('{"gift wrap": true')
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.getByRole('heading', { name: 'There is a problem' }).waitFor()
      expect(await summaryLinks(page)).toEqual(['Extras: Enter valid JSON, like {"key": "value"}'])
      await expectAccessible(page)
      await shot(page, `respondent-words-json-${viewport.name}`)

      // A number the browser takes but a number cannot hold: only the server refuses it, and says so in words.
      await page.getByLabel('How many').fill('12345678901234567890')
      await page.getByLabel('Extras').fill('{"gift wrap": true, "note": "for Lin"}')
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.getByRole('link', { name: 'How many: Enter a number, like 7 or 7.5' }).waitFor()
      expect(await summaryLinks(page)).toEqual(['How many: Enter a number, like 7 or 7.5'])

      // Writes switched off while the page was open: the error's sentence, not the API's message.
      await setWrites(false)
      await page.getByLabel('How many').fill('2')
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.getByRole('listitem').filter({ hasText: REFUSAL_WORDS.disabled.text }).waitFor()
      expect(await summaryLinks(page)).toEqual([REFUSAL_WORDS.disabled.text])
      await expectAccessible(page)
      await shot(page, `respondent-words-closed-${viewport.name}`)

      await setWrites(true)
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.getByRole('heading', { name: 'Thank you – your answers were saved.' }).waitFor()
      expect((await stored()).at(-1)).toEqual({ count: 2, extras: { 'gift wrap': true, note: 'for Lin' } })
      await page.context().close()
    })

    test("a site's form only its owner can fix: the respondent is told so, with the details to pass on", async () => {
      const page = await openPage(siteForm, viewport)
      await page.getByLabel('E-mail').fill('ada@example.com')
      await page.getByLabel('Name').fill('Ada')
      await Promise.all([
        page.waitForURL(new RegExp(`^${t.svc.url}`)),
        page.getByRole('button', { name: 'Sign up' }).click(),
      ])
      expect(await page.locator('main > p').first().innerText()).toBe(REFUSAL_WORDS.unknown_field.text)
      const details = page.getByRole('group')
      expect(await details.getByText("Details for the form's owner").isVisible()).toBe(true)
      expect(await expectAccessible(page)).toEqual([
        'summary "Details for the form\'s owner"',
        'button "Back to the form"',
      ])
      await page.getByText("Details for the form's owner").click()
      expect(await details.getByRole('listitem').allInnerTexts()).toEqual([
        '"fullname" is not a field of this form and auto-create is off; remove it or ask the owner to add the field',
      ])
      await shot(page, `respondent-words-owner-${viewport.name}`)
      await page.context().close()
    })
  })
})
