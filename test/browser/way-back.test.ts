/**
 * The way back from a native form post, as a respondent meets it in Chromium: a contact form
 * on a page of another origin (a second local server, which the browser names only by its
 * origin in the Referer) and the same form opened from a file:// page (no Referer at all)
 * posts to the endpoint; the answers typed there, refused, and then accepted; each time the
 * page svc answers with leads back to the very page with the answers still typed. Checked by
 * axe and a keyboard pass at a laptop's and a phone's size, and without JavaScript.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { makeEndpoint } from '../support/records.ts'
import { chromiumAvailable, startBrowserTest, type BrowserTest } from '../support/browser.ts'
import { makeUser } from '../support/users.ts'
import { tempDir } from '../support/tmp.ts'
import { expectAccessible, VIEWPORTS } from './accessible.ts'
import { shot } from './admin-helpers.ts'

setDefaultTimeout(90_000)

const hasBrowser = chromiumAvailable('way-back browser tests')

/** A site's contact form posting to `action`; novalidate, so the server's refusal is what is tested. */
const contactPage = (action: string) => `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Contact the shop</title>
<h1>Contact the shop</h1>
<form method="POST" action="${action}" novalidate>
<p><label>Your name <input name="name"></label></p>
<p><label>E-mail <input name="email" type="email"></label></p>
<p><label>Message <textarea name="message"></textarea></label></p>
<p><label><input type="checkbox" name="newsletter" value="yes"> Send me the newsletter</label></p>
<p><button type="submit">Send</button></p>
</form></html>`

interface Typed {
  name: string
  email: string
  message: string
  newsletter: boolean
}

const fill = async (page: Page, typed: Typed) => {
  await page.getByLabel('Your name').fill(typed.name)
  await page.getByLabel('E-mail').fill(typed.email)
  await page.getByLabel('Message').fill(typed.message)
  await page.getByLabel('Send me the newsletter').setChecked(typed.newsletter)
}

const typedIn = async (page: Page): Promise<Typed> => ({
  name: await page.getByLabel('Your name').inputValue(),
  email: await page.getByLabel('E-mail').inputValue(),
  message: await page.getByLabel('Message').inputValue(),
  newsletter: await page.getByLabel('Send me the newsletter').isChecked(),
})

describe.skipIf(!hasBrowser)('the way back to a site’s own form, in Chromium', () => {
  let t: BrowserTest
  let site: ReturnType<typeof Bun.serve>
  let endpoint: string
  let formUrl: { http: string; file: string }

  beforeAll(async () => {
    t = await startBrowserTest()
    const { user } = await makeUser(t.svc.server.ctx)
    const made = await makeEndpoint(t.svc.server.ctx, user.id, {
      name: 'Contact the shop',
      autoCreate: false,
      fields: [
        { name: 'name', label: 'Your name' },
        { name: 'email', type: 'email', label: 'E-mail', required: true },
        { name: 'message', type: 'longtext', label: 'Message', required: true },
        { name: 'newsletter', type: 'choice', options: ['yes'] },
      ],
    })
    endpoint = `${t.svc.url}${made.path('/form')}`
    // Another origin: the shop's own server, with the form at /contact/ (not at its root).
    site = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: (request) =>
        new URL(request.url).pathname === '/contact/'
          ? new Response(contactPage(endpoint), { headers: { 'content-type': 'text/html; charset=utf-8' } })
          : new Response('Shop home', { status: 404 }),
    })
    const file = join(tempDir('svc-way-back-'), 'contact.html')
    writeFileSync(file, contactPage(endpoint))
    formUrl = { http: `http://127.0.0.1:${site.port}/contact/`, file: `file://${file}` }
  })

  afterAll(async () => {
    await site?.stop(true)
    await t?.close()
  })

  const open = async (viewport: (typeof VIEWPORTS)[number], javaScriptEnabled = true): Promise<BrowserContext> =>
    t.browser.newContext({ viewport, javaScriptEnabled })

  /** Submits the form on `page` and waits for the page svc answers with. */
  const send = (page: Page) =>
    Promise.all([page.waitForURL(new RegExp(`^${t.svc.url}`)), page.getByRole('button', { name: 'Send' }).click()])

  describe.each(VIEWPORTS)('at $name size', (viewport) => {
    test.each(['http', 'file'] as const)(
      'a form on a %s page: refused, back with the answers kept; then thanked, and back again',
      async (kind) => {
        const context = await open(viewport)
        try {
          const page = await context.newPage()
          page.setDefaultTimeout(20_000)
          await page.goto(formUrl[kind])
          const typed = { name: 'Ada', email: 'not-an-email', message: 'Two lines,\nboth kept', newsletter: true }
          await fill(page, typed)
          await send(page)
          expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Your answers were not sent')
          expect(await page.locator('main li').allInnerTexts()).toEqual([
            'E-mail: Enter an e-mail address like name@example.com',
          ])
          const back = page.getByRole('button', { name: 'Back to the form' })
          await back.waitFor()
          // The no-JavaScript words and the site link are replaced by the one way back that keeps the answers.
          expect(await page.locator('.way-back').innerText()).toBe('Back to the form')
          expect(await expectAccessible(page)).toEqual(['button "Back to the form"'])
          await shot(page, `way-back-refused-${kind}-${viewport.name}`)
          // By keyboard: the way back is the page's only stop.
          await back.focus()
          await Promise.all([page.waitForURL(formUrl[kind]), page.keyboard.press('Enter')])
          expect(page.url()).toBe(formUrl[kind])
          expect(await typedIn(page)).toEqual(typed)

          await page.getByLabel('E-mail').fill('ada@example.com')
          await send(page)
          expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Thank you')
          // Another response is offered by default: the same way back, in those words.
          const again = page.getByRole('button', { name: 'Submit another response' })
          await again.waitFor()
          expect(await expectAccessible(page)).toEqual(['button "Submit another response"'])
          await shot(page, `way-back-thanks-${kind}-${viewport.name}`)
          await Promise.all([page.waitForURL(formUrl[kind]), again.click()])
          expect(await typedIn(page)).toEqual({ ...typed, email: 'ada@example.com' })
        } finally {
          await context.close()
        }
      },
    )
  })

  test.each(['http', 'file'] as const)(
    'without JavaScript, a %s form’s refusal says to use the Back button, which keeps the answers',
    async (kind) => {
      const context = await open(VIEWPORTS[0], false)
      try {
        const page = await context.newPage()
        await page.goto(formUrl[kind])
        const typed = { name: 'Lin', email: '', message: 'No address', newsletter: false }
        await fill(page, typed)
        await send(page)
        const way = page.locator('.way-back')
        // Across origins the browser names only the site's address, so the link goes there, not to the form's page.
        expect(await way.innerText()).toBe(
          kind === 'http'
            ? `Your answers are still in the form: go back to it with your browser's Back button.\n\nGo to 127.0.0.1:${site.port}`
            : "Your answers are still in the form: go back to it with your browser's Back button.",
        )
        if (kind === 'http')
          expect(await way.getByRole('link').getAttribute('href')).toBe(`http://127.0.0.1:${site.port}/`)
        await shot(page, `way-back-refused-${kind}-no-js`)
        await page.goBack()
        expect(page.url()).toBe(formUrl[kind])
        expect(await typedIn(page)).toEqual(typed)
      } finally {
        await context.close()
      }
    },
  )

  test('a form that opened the answer in a new tab: nothing to go back to in that tab, so no button', async () => {
    const context = await open(VIEWPORTS[0])
    try {
      const page = await context.newPage()
      await page.goto(formUrl.http)
      await page.evaluate(() => document.querySelector('form')!.setAttribute('target', '_blank'))
      await fill(page, { name: 'Kai', email: 'nope', message: 'New tab', newsletter: false })
      const [answer] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('button', { name: 'Send' }).click(),
      ])
      await answer.getByRole('heading', { name: 'Your answers were not sent' }).waitFor()
      // The script has run (it is deferred, before load) and left the words in place.
      await answer.waitForLoadState('load')
      expect(await answer.getByRole('button').count()).toBe(0)
      expect(await answer.locator('.way-back p').first().innerText()).toBe(
        "Your answers are still in the form: go back to it with your browser's Back button.",
      )
    } finally {
      await context.close()
    }
  })
})
