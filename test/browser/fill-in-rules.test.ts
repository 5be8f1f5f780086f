/**
 * Rules, help and hidden fields on the fill-in page in Chromium, with and without JavaScript:
 * the browser and the page's script say which rule an answer breaks in the rule's words (the
 * owner's patternMessage for a pattern) before anything is sent; a hidden field and the UTM
 * parameters from the link reach the record; axe finds nothing with the help shown.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Browser } from 'playwright-core'
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

const hasBrowser = chromiumAvailable('fill-in rules browser tests')

describe.skipIf(!hasBrowser)('rules and hidden fields on the fill-in page', () => {
  let svc: BrowserTestServer
  let browser: Browser
  let link: string
  let records: () => Promise<Array<{ data: unknown; meta: unknown }>>

  beforeAll(async () => {
    svc = await startBrowserTestServer()
    browser = await launchChromium()
    const signup = await callServer(svc.url, 'auth.signup', {
      body: { email: 'owner@example.com', password: 'correct horse battery', tokenName: 'browser' },
    })
    const api = dataCaller(boundCaller(svc.url, signup.body.data.token!.token))
    const { id } = await api('apps.create', { body: { name: 'Member card' } })
    const add = (body: Parameters<typeof api<'fields.add'>>[1]['body']) => api('fields.add', { params: { id }, body })
    await add({
      name: 'code',
      label: 'Card code',
      required: true,
      help: 'Printed on the back of your card',
      rules: {
        maxLength: 6,
        pattern: '[A-Z]{2}[0-9]{4}',
        patternMessage: 'Enter two capital letters, then four digits',
      },
    })
    await add({ name: 'guests', type: 'number', label: 'Guests', rules: { min: 1, max: 4 } })
    await add({ name: 'source', hidden: true })
    const share = await api('share.publish', { params: { id } })
    link = `${svc.url}/f/${share.token}?source=newsletter&utm_campaign=spring`
    records = async () =>
      (await api('records.list', { params: { id } })).records.map(({ data, meta }) => ({ data, meta }))
  })

  afterAll(async () => {
    await browser?.close()
    await svc?.stop()
  })

  test('with JavaScript: the rule’s words inline, then the hidden value and UTM stored', async () => {
    const page = await browser.newPage()
    await page.goto(link)
    const code = page.getByRole('textbox', { name: 'Card code (required)' })
    expect(await code.getAttribute('aria-describedby')).toBe('q0-help q0-error')
    expect(await page.locator('#q0-help').innerText()).toBe('Printed on the back of your card')
    await code.fill('ab1234')
    await page.getByRole('spinbutton', { name: 'Guests' }).fill('9')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.locator('.errors h2').waitFor()
    expect(await page.locator('.errors li').allInnerTexts()).toEqual([
      'Card code: Enter two capital letters, then four digits',
      'Guests: Enter a number that is 4 or less',
    ])
    expect(await axeViolations(page)).toEqual([])
    await code.fill('AB1234')
    await page.getByRole('spinbutton', { name: 'Guests' }).fill('2')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page
      .getByRole('status')
      .getByText(/Thank you/)
      .waitFor()
    expect(await records()).toEqual([
      { data: { code: 'AB1234', guests: 2, source: 'newsletter' }, meta: { utm: { campaign: 'spring' } } },
    ])
    await page.close()
  })

  test('without JavaScript: the server’s page says the same, and keeps the hidden value', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(link)
    await page.getByRole('textbox', { name: 'Card code (required)' }).fill('zz9999')
    // The browser's own check would stop a native post of a pattern mismatch: skip it as a script-less bot would not.
    await page.locator('form').evaluate((form) => form.setAttribute('novalidate', ''))
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.locator('.errors h2').waitFor()
    expect(await page.locator('.errors li').allInnerTexts()).toEqual([
      'Card code: Enter two capital letters, then four digits',
    ])
    expect(await page.locator('input[type=hidden][name=source]').getAttribute('value')).toBe('newsletter')
    await context.close()
  })
})
