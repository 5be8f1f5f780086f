/**
 * The fill-in page's script and the form's limits in Chromium: an address given before is
 * marked on its question (409 duplicate), a second response from the same browser is told so
 * (the onePerBrowser cookie), and a form that closed while open lands on the owner's closed
 * text; axe finds nothing on any of them.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import {
  chromiumAvailable,
  launchChromium,
  startBrowserTestServer,
  type BrowserTestServer,
} from '../support/browser.ts'
import { axeViolations } from '../support/axe.ts'
import { callServer } from '../support/call.ts'
import { boundCaller, dataCaller } from '../support/bound-call.ts'

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('fill-in limits browser tests')

describe.skipIf(!hasBrowser)('fill-in page: limits', () => {
  let svc: BrowserTestServer
  let browser: Browser
  let api: ReturnType<typeof dataCaller>
  let appId: string
  let fillIn: string

  beforeAll(async () => {
    svc = await startBrowserTestServer()
    browser = await launchChromium()
    const signup = await callServer(svc.url, 'auth.signup', {
      body: { email: 'owner@example.com', password: 'correct horse battery', tokenName: 'browser' },
    })
    api = dataCaller(boundCaller(svc.url, signup.body.data.token!.token))
    appId = (await api('apps.create', { body: { name: 'Sign-up' } })).id
    await api('fields.add', { params: { id: appId }, body: { name: 'email', type: 'email', label: 'Your e-mail' } })
    fillIn = `${svc.url}/f/${(await api('share.publish', { params: { id: appId } })).token}`
  })

  afterAll(async () => {
    await browser?.close()
    await svc?.stop()
  })

  const send = async (page: Page, email: string) => {
    await page.getByLabel('Your e-mail').fill(email)
    await page.getByRole('button', { name: /send|submit/i }).click()
  }

  test('an address given before is marked on its question', async () => {
    await api('share.update', { params: { id: appId }, body: { uniqueField: 'email', onePerBrowser: false } })
    const page = await browser.newPage()
    await page.goto(fillIn)
    await send(page, 'ada@example.com')
    await page
      .getByText(/saved|thank/i)
      .first()
      .waitFor()
    const again = await browser.newPage()
    await again.goto(fillIn)
    await send(again, 'ADA@example.com')
    await again
      .getByText('A response with this answer was already sent, so this one was not saved. Check your answer.')
      .first()
      .waitFor()
    expect(await axeViolations(again)).toEqual([])
    await page.close()
    await again.close()
  })

  test('one response per browser: the second from the same browser is told so', async () => {
    await api('share.update', { params: { id: appId }, body: { uniqueField: null, onePerBrowser: true } })
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(fillIn)
    await send(page, 'bo@example.com')
    await page
      .getByText(/saved|thank/i)
      .first()
      .waitFor()
    await page.goto(fillIn)
    await send(page, 'cy@example.com')
    await page
      .getByText('A response has already been sent from this browser, so this one was not saved.')
      .first()
      .waitFor()
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })

  test('a form that closed while it was open lands on the closed text', async () => {
    await api('share.update', { params: { id: appId }, body: { onePerBrowser: false } })
    const page = await browser.newPage()
    await page.goto(fillIn)
    await api('share.update', { params: { id: appId }, body: { closed: true, closedMessage: 'Sign-ups are over.' } })
    await send(page, 'dee@example.com')
    await page.getByText('Sign-ups are over.').waitFor()
    expect(await page.locator('form').count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await page.close()
  })
})
