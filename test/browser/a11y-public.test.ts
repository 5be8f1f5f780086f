/**
 * The public pages as everyone who fills in and reads them meets them: a contact form and
 * a one-question-per-screen assessment in every state (empty, refused, each screen, thank
 * you, report) checked by axe-core and a keyboard pass at a laptop's and a phone's size,
 * and what a screen-reader or keyboard user notices when an answer is missing.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { FILL_IN_SCRIPT } from '../../server/pages/fill-in.ts'
import {
  chromiumAvailable,
  launchChromium,
  startBrowserTestServer,
  type BrowserTestServer,
} from '../support/browser.ts'
import { expectAccessible, VIEWPORTS } from './accessible.ts'
import { createWellbeingCheck } from './wellbeing-check.ts'
import { callServer } from '../support/call.ts'
import { boundCaller, dataCaller } from '../support/bound-call.ts'

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('public pages accessibility tests')

/** The text a screen reader reads as the description of the focused element (its aria-describedby targets). */
const focusedDescription = (page: Page) =>
  page.evaluate(() => {
    const ids = document.activeElement?.getAttribute('aria-describedby')?.split(/\s+/) ?? []
    return ids
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .filter(Boolean)
      .join(' ')
  })

const focusedLabel = (page: Page) =>
  page.evaluate(
    () =>
      (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim() ??
      document.activeElement?.textContent?.trim() ??
      '',
  )

describe.skipIf(!hasBrowser)('public pages: axe and keyboard', () => {
  let svc: BrowserTestServer
  let browser: Browser
  let contactUrl: string
  let assessmentUrl: string
  let faintUrl: string

  beforeAll(async () => {
    svc = await startBrowserTestServer()
    browser = await launchChromium()
    const signup = await callServer(svc.url, 'auth.signup', {
      body: { email: 'owner@example.com', password: 'correct horse battery', tokenName: 'browser' },
    })
    const token = signup.body.data.token!.token
    const api = dataCaller(boundCaller(svc.url, token))
    const contact = await api('apps.create', { body: { name: 'Contact us' } })
    await api('fields.add', { params: { id: contact.id }, body: { name: 'name', label: 'Your name', required: true } })
    await api('fields.add', {
      params: { id: contact.id },
      body: {
        name: 'email',
        type: 'email',
        label: 'E-mail',
        required: true,
      },
    })
    await api('fields.add', {
      params: { id: contact.id },
      body: {
        name: 'message',
        type: 'longtext',
        label: 'Message',
        required: true,
      },
    })
    contactUrl = `${svc.url}/f/${(await api('share.publish', { params: { id: contact.id } })).token}`

    const id = await createWellbeingCheck(api)
    await api('connect.update', { params: { id }, body: { layout: 'one-per-screen' } })
    assessmentUrl = `${svc.url}/f/${(await api('share.publish', { params: { id } })).token}`

    // An owner's theme too faint to read: yellow buttons and links, grey text on a dark page.
    const faint = await api('apps.create', { body: { name: 'Faint colours' } })
    await api('fields.add', { params: { id: faint.id }, body: { name: 'name', label: 'Your name', required: true } })
    await api('connect.update', {
      params: { id: faint.id },
      body: {
        primaryColor: 'yellow',
        backgroundColor: '#333333',
        textColor: '#555555',
      },
    })
    faintUrl = `${svc.url}/f/${(await api('share.publish', { params: { id: faint.id } })).token}`
  })

  afterAll(async () => {
    await browser?.close()
    await svc?.stop()
  })

  const openPage = async (url: string, viewport: { width: number; height: number }, javaScriptEnabled = true) => {
    const context = await browser.newContext({ viewport, javaScriptEnabled })
    const page = await context.newPage()
    page.setDefaultTimeout(20_000)
    await page.goto(url)
    return page
  }

  describe.each(VIEWPORTS)('at $name size', (viewport) => {
    test('contact form: empty, refused with an error summary, then thanked', async () => {
      const page = await openPage(contactUrl, viewport)
      expect(await expectAccessible(page)).toEqual([
        'input[type=text] "Your name* (required)"',
        'input[type=email] "E-mail* (required)"',
        'textarea "Message* (required)"',
        'button "Submit"',
      ])
      await page.getByLabel('Your name').fill('Ada')
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.getByRole('heading', { name: 'There is a problem' }).waitFor()
      await expectAccessible(page)
      await page.getByLabel('E-mail').fill('ada@example.com')
      await page.getByLabel('Message').fill('Hello,\nsecond line')
      // The thank-you arrives in a status region that was in the page, empty, all along.
      const region = await page.getByRole('status').elementHandle()
      await page.getByRole('button', { name: 'Submit' }).click()
      // A contact form has no report: the thank-you, focused, no results link, and another response offered.
      const thanks = page.getByRole('heading', { name: 'Thank you – your answers were saved.' })
      await thanks.waitFor()
      expect(await region!.evaluate((element) => element.isConnected && element.textContent)).toBe(
        'Thank you – your answers were saved.Submit another response',
      )
      expect(await thanks.evaluate((element) => element === document.activeElement)).toBe(true)
      expect(await expectAccessible(page)).toEqual(['a "Submit another response"'])
      await page.context().close()
    })

    test('contact form without JavaScript: the page the server sends back after a refused post', async () => {
      // The browser's own checks stop an empty post without JavaScript, so the refused page
      // is fetched as the form would post it and shown in place of the form. axe needs
      // JavaScript, so it stays on and the page's own script is kept out instead.
      const refused = await fetch(contactUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=Ada',
      })
      expect(refused.status).toBe(422)
      const body = await refused.text()
      const context = await browser.newContext({ viewport })
      const page = await context.newPage()
      await page.route(`${svc.url}${FILL_IN_SCRIPT}`, (route) => route.abort())
      await page.route(contactUrl, (route) =>
        route.fulfill({ status: 422, headers: Object.fromEntries(refused.headers), body }),
      )
      await page.goto(contactUrl)
      expect(await page.title()).toBe('Error: Contact us')
      expect(await page.getByRole('alert').getByRole('link').allInnerTexts()).toEqual([
        'E-mail: Enter an e-mail address',
        'Message: Enter an answer',
      ])
      // The browser itself moved focus to the problems (autofocus): not left on the page.
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('errors')
      await expectAccessible(page)
      await context.close()
    })

    test('assessment: each screen, a missing answer, the thank-you and the report', async () => {
      const page = await openPage(assessmentUrl, viewport)
      await expectAccessible(page)
      await page.getByRole('button', { name: 'Next' }).click()
      await expectAccessible(page)
      await page.getByRole('button', { name: 'Next' }).click()
      await page.getByRole('heading', { name: 'There is a problem' }).waitFor()
      await expectAccessible(page)
      await page.getByRole('radiogroup', { name: 'I felt calm' }).getByLabel('Often').check()
      await page.getByRole('button', { name: 'Next' }).click()
      await expectAccessible(page)
      await page.getByRole('radiogroup', { name: 'I worried a lot' }).getByLabel('Never').check()
      await page.getByRole('button', { name: 'Submit' }).click()
      const link = page.getByRole('link', { name: 'See your results' })
      await link.waitFor()
      await expectAccessible(page)
      await Promise.all([page.waitForURL(/\/r\//), link.click()])
      await page.getByRole('heading', { name: 'Wellbeing check' }).waitFor()
      await expectAccessible(page)
      await page.context().close()
    })
  })

  test("an owner's theme with too little contrast is drawn readable, refused state included", async () => {
    const page = await openPage(faintUrl, VIEWPORTS[0])
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor()
    await expectAccessible(page)
    await page.context().close()
  })

  describe('what a keyboard or screen-reader user notices', () => {
    test('a refused submit shows "There is a problem", focuses it, and each link there goes to its field', async () => {
      const page = await openPage(contactUrl, VIEWPORTS[0])
      await page.getByLabel('Your name').fill('Ada')
      await page.getByRole('button', { name: 'Submit' }).click()
      const summary = page.getByRole('alert')
      await summary.getByRole('heading', { name: 'There is a problem' }).waitFor()
      expect(await page.evaluate(() => document.activeElement?.classList.contains('errors'))).toBe(true)
      expect(await summary.getByRole('link').allInnerTexts()).toEqual([
        'E-mail: Enter an e-mail address',
        'Message: Enter an answer',
      ])
      await summary.getByRole('link', { name: /^Message/ }).click()
      expect(await focusedLabel(page)).toBe('Message* (required)')
      expect(await focusedDescription(page)).toBe('Enter an answer')
      expect(await page.getByLabel('Message').getAttribute('aria-invalid')).toBe('true')
      await page.context().close()
    })

    test('the required choice is a required radio group, and a missing answer is read with the radio', async () => {
      const page = await openPage(assessmentUrl, VIEWPORTS[1])
      await page.getByRole('button', { name: 'Next' }).click()
      const group = page.getByRole('radiogroup', { name: 'I felt calm' })
      expect(await group.getAttribute('aria-required')).toBe('true')
      await page.getByRole('button', { name: 'Next' }).click()
      expect(await page.getByRole('alert').getByRole('link').allInnerTexts()).toEqual(['I felt calm: Select an answer'])
      await page.getByRole('alert').getByRole('link').click()
      expect(await focusedLabel(page)).toBe('Never')
      expect(await focusedDescription(page)).toBe('Select an answer')
      await page.context().close()
    })

    test('Back and Next keep focus on the screen shown, so the next Tab is its Back or Next', async () => {
      const page = await openPage(assessmentUrl, VIEWPORTS[0])
      await page.getByLabel('Your first name').fill('Ada')
      await page.getByRole('button', { name: 'Next' }).click()
      expect(await focusedLabel(page)).toBe('Never')
      await page.getByRole('button', { name: 'Back' }).click()
      expect(await focusedLabel(page)).toBe('Your first name')
      await page.keyboard.press('Tab')
      expect(await focusedLabel(page)).toBe('Next')
      await page.keyboard.press('Enter')
      expect(await focusedLabel(page)).toBe('Never')
      await page.context().close()
    })
  })
})
