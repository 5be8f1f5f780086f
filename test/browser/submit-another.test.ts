/**
 * "Submit another response" in Chromium, as a respondent and an owner meet it: after the
 * hosted fill-in page (with JavaScript, its own thank-you; without, the thank-you page) it
 * leads to a new, empty form; after a site's own form it leads back to that form. The owner
 * turns it off with one checkbox of the admin's Sharing card, and then no thank-you offers
 * it. axe and a keyboard pass at a laptop's and a phone's size.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { chromiumAvailable } from '../support/browser.ts'
import { expectAccessible, VIEWPORTS } from './accessible.ts'
import { eventually, openAdmin, publishedApp, shot, type AdminSession } from './admin-helpers.ts'

setDefaultTimeout(90_000)

const hasBrowser = chromiumAvailable('submit-another browser tests')

/** A site's form posting to `action`. */
const sitePage = (action: string) => `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Feedback</title>
<form method="POST" action="${action}"><label>Message <input name="message"></label><button type="submit">Send</button></form></html>`

describe.skipIf(!hasBrowser)('“Submit another response”', () => {
  let admin: AdminSession
  let appId: string
  let fillIn: string
  let site: ReturnType<typeof Bun.serve>
  let siteUrl: string

  const messages = async () =>
    (await admin.api('records.list', { params: { id: appId } })).body.records.map((record) => record.data.message)

  beforeAll(async () => {
    admin = await openAdmin({ viewport: { width: 1280, height: 900 } })
    const app = await publishedApp(admin.api, 'Feedback', [
      { name: 'message', type: 'text', label: 'Message', required: true },
    ])
    appId = app.id
    fillIn = `${admin.svc.url}/f/${app.token}`
    site = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: () =>
        new Response(sitePage(`${app.endpoint}/form`), { headers: { 'content-type': 'text/html; charset=utf-8' } }),
    })
    siteUrl = `http://127.0.0.1:${site.port}/feedback/`
  })

  afterAll(async () => {
    await site?.stop(true)
    await admin?.close()
  })

  const newPage = async (viewport: (typeof VIEWPORTS)[number], javaScriptEnabled = true): Promise<Page> => {
    const context = await admin.browser.newContext({ viewport, javaScriptEnabled })
    const page = await context.newPage()
    page.setDefaultTimeout(20_000)
    return page
  }

  describe.each(VIEWPORTS)('offered (the default), at $name size', (viewport) => {
    test('the hosted fill-in page with JavaScript: its thank-you links to a new, empty form', async () => {
      const page = await newPage(viewport)
      await page.goto(fillIn)
      await page.getByLabel('Message').fill(`first ${viewport.name}`)
      await page.getByRole('button', { name: 'Submit' }).click()
      const another = page.getByRole('link', { name: 'Submit another response' })
      await another.waitFor()
      expect(await page.getByRole('status').innerText()).toBe(
        'Thank you – your answers were saved.\n\nSubmit another response',
      )
      expect(await expectAccessible(page)).toEqual(['a "Submit another response"'])
      await shot(page, `submit-another-fill-in-js-${viewport.name}`)
      await Promise.all([page.waitForURL(fillIn), another.click()])
      expect(await page.getByLabel('Message').inputValue()).toBe('')
      await page.context().close()
    })

    test('the hosted fill-in page without JavaScript: the thank-you page links to a new, empty form', async () => {
      const page = await newPage(viewport, false)
      await page.goto(fillIn)
      await page.getByLabel('Message').fill(`second ${viewport.name}`)
      await Promise.all([page.waitForURL(`${fillIn}/thanks`), page.getByRole('button', { name: 'Submit' }).click()])
      expect(await page.locator('main').innerText()).toBe(
        'Thank you\n\nYour answers to “Feedback” were saved.\n\nSubmit another response',
      )
      await shot(page, `submit-another-thanks-hosted-${viewport.name}`)
      await Promise.all([page.waitForURL(fillIn), page.getByRole('link', { name: 'Submit another response' }).click()])
      expect(await page.getByLabel('Message').inputValue()).toBe('')
      await page.context().close()
      // axe needs JavaScript: the same page, opened with it.
      const checked = await newPage(viewport)
      await checked.goto(`${fillIn}/thanks`)
      expect(await expectAccessible(checked)).toEqual(['a "Submit another response"'])
      await checked.context().close()
    })

    test("a site's own form: the thank-you page's button goes back to it", async () => {
      const page = await newPage(viewport)
      await page.goto(siteUrl)
      await page.getByLabel('Message').fill(`third ${viewport.name}`)
      await Promise.all([page.waitForURL(/\/thanks\?/), page.getByRole('button', { name: 'Send' }).click()])
      const another = page.getByRole('button', { name: 'Submit another response' })
      await another.waitFor()
      expect(await expectAccessible(page)).toEqual(['button "Submit another response"'])
      await shot(page, `submit-another-thanks-site-${viewport.name}`)
      await another.focus()
      await Promise.all([page.waitForURL(siteUrl), page.keyboard.press('Enter')])
      await page.getByLabel('Message').waitFor()
      await page.context().close()
    })
  })

  test('the owner turns it off in the Sharing card: no thank-you offers it any more', async () => {
    expect(await messages()).toEqual([
      'first desktop',
      'second desktop',
      'third desktop',
      'first phone',
      'second phone',
      'third phone',
    ])
    const { page } = admin
    await page.goto(`${admin.svc.url}/admin/#/apps/${encodeURIComponent(appId)}`)
    await page.reload()
    const card = page.locator('svc-share-settings')
    const box = card.getByRole('checkbox', { name: 'Offer “Submit another response” on the thank-you page' })
    await box.waitFor()
    expect(await box.isChecked()).toBe(true)
    await box.uncheck()
    await box.scrollIntoViewIfNeeded()
    await shot(page, 'submit-another-admin-1280')
    await card.getByRole('button', { name: 'Save settings' }).click()
    await card.getByRole('status').filter({ hasText: 'Saved' }).waitFor()
    await eventually(
      async () => (await admin.api('share.get', { params: { id: appId } })).body.data.submitAnother,
      false,
    )
    await page.setViewportSize({ width: 390, height: 844 })
    // On a phone the Sharing card moves to the top of the first column (a new element): wait
    // for it there before scrolling to the box, or the scroll could hold the old, detached one.
    await page.locator('svc-app-setup .column').first().locator('svc-share-settings').waitFor()
    await box.scrollIntoViewIfNeeded()
    await shot(page, 'submit-another-admin-390')
    await page.setViewportSize({ width: 1280, height: 900 })

    const hosted = await newPage(VIEWPORTS[0])
    await hosted.goto(fillIn)
    await hosted.getByLabel('Message').fill('only once')
    await hosted.getByRole('button', { name: 'Submit' }).click()
    await hosted.getByRole('heading', { name: 'Thank you – your answers were saved.' }).waitFor()
    expect(await hosted.getByRole('status').innerText()).toBe('Thank you – your answers were saved.')
    await hosted.goto(`${fillIn}/thanks`)
    expect(await hosted.locator('main').innerText()).toBe('Thank you\n\nYour answers to “Feedback” were saved.')
    await hosted.context().close()

    // A site's form still gets its way back, as "Back to the form".
    const fromSite = await newPage(VIEWPORTS[0])
    await fromSite.goto(siteUrl)
    await fromSite.getByLabel('Message').fill('from the site')
    await Promise.all([fromSite.waitForURL(/\/thanks\?/), fromSite.getByRole('button', { name: 'Send' }).click()])
    await fromSite.getByRole('button', { name: 'Back to the form' }).waitFor()
    expect(await fromSite.getByRole('button', { name: 'Submit another response' }).count()).toBe(0)
    await fromSite.context().close()
  })
})
