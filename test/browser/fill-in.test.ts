/**
 * The fill-in page and the respondent report in Chromium: without JavaScript (native form
 * post, redirect to the report) and with it (inline validation, fetch, a link to the
 * report, one question per screen), all under the page's Content-Security-Policy.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import {
  chromiumAvailable,
  launchChromium,
  startBrowserTestServer,
  type BrowserTestServer,
} from '../support/browser.ts'
import { createWellbeingCheck } from './wellbeing-check.ts'
import { callServer } from '../support/call.ts'
import { boundCaller, dataCaller } from '../support/bound-call.ts'
import type { InputOf } from '../../server/contract/api/request.ts'

type Layout = NonNullable<InputOf<'connect.update'>['body']['layout']>

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('fill-in browser tests')

describe.skipIf(!hasBrowser)('fill-in page and report in Chromium', () => {
  let svc: BrowserTestServer
  let browser: Browser
  let fillIn: string
  /** A plain form: no scales, report pages or expert, so no report. */
  let plainFillIn: string
  let appId: string
  let token: string
  const cspErrors: string[] = []

  beforeAll(async () => {
    svc = await startBrowserTestServer()
    browser = await launchChromium()
    const signup = await callServer(svc.url, 'auth.signup', {
      body: { email: 'owner@example.com', password: 'correct horse battery', tokenName: 'browser' },
    })
    token = signup.body.data.token!.token
    const api = dataCaller(boundCaller(svc.url, token))
    appId = await createWellbeingCheck(api)
    const params = { id: appId }
    await api('expert.update', { params, body: { name: 'Dr. Ana Ruiz' } })
    await api('expert.setComment', {
      params: { ...params, scale: 'mood', level: 'good' },
      body: { text: 'Keep it up, {{name}}.' },
    })
    const share = await api('share.publish', { params })
    fillIn = `${svc.url}/f/${share.token}`
    const plain = await api('apps.create', { body: { name: 'Contact us' } })
    await api('fields.add', {
      params: { id: plain.id },
      body: {
        name: 'message',
        type: 'text',
        label: 'Your message',
        required: true,
      },
    })
    plainFillIn = `${svc.url}/f/${(await api('share.publish', { params: { id: plain.id } })).token}`
    ;(globalThis as { setLayout?: (layout: string) => Promise<unknown> }).setLayout = (layout) =>
      api('connect.update', { params: { id: appId }, body: { layout: layout as Layout } })
  })

  afterAll(async () => {
    await browser?.close()
    await svc?.stop()
  })

  const newPage = async (javaScriptEnabled: boolean) => {
    const context = await browser.newContext({ javaScriptEnabled })
    const page = await context.newPage()
    page.on('console', (message) => {
      if (message.type() === 'error') cspErrors.push(message.text())
    })
    return page
  }

  test('without JavaScript: the form posts natively and lands on the report', async () => {
    const page = await newPage(false)
    await page.goto(fillIn)
    await page.getByLabel('Your first name').fill('Ada')
    await page.getByRole('radiogroup', { name: 'I felt calm' }).getByLabel('Always').check()
    await page.getByRole('radiogroup', { name: 'I worried a lot' }).getByLabel('Rarely').check()
    await Promise.all([page.waitForURL(/\/r\/[0-9a-f-]+\?k=/), page.getByRole('button', { name: 'Submit' }).click()])
    expect(await page.locator('.score .value').textContent()).toBe('7 · Good')
    expect(await page.locator('.score p').textContent()).toBe('A good week.')
    expect(await page.locator('.expert-section h3 + p').textContent()).toBe('Keep it up, Ada.')
    expect(await page.locator('svg.chart desc').textContent()).toBe('Mood: 7 (range 0–8), Good')
    await page.context().close()
  })

  test('with JavaScript: inline validation, fetch submission, then a link to the report', async () => {
    const page = await newPage(true)
    await page.goto(fillIn)
    await page.getByLabel('Your first name').fill('Grace')
    await page.getByRole('button', { name: 'Submit' }).click()
    expect(await page.locator('#q1-error').textContent()).toBe('Select an answer')
    expect(page.url()).toBe(fillIn)
    await page.getByRole('radiogroup', { name: 'I felt calm' }).getByLabel('Sometimes').check()
    await page.getByRole('button', { name: 'Submit' }).click()
    const link = page.getByRole('link', { name: 'See your results' })
    await link.waitFor()
    expect(page.url()).toBe(fillIn)
    expect(await page.getByRole('heading', { name: 'Thank you – your answers were saved.' }).count()).toBe(1)
    await Promise.all([page.waitForURL(/\/r\//), link.click()])
    expect(await page.locator('.score .value').textContent()).toBe('2 · Low')
    await page.context().close()
  })

  test('with JavaScript and one question per screen: Next validates, the last screen submits', async () => {
    await (globalThis as unknown as { setLayout: (layout: string) => Promise<unknown> }).setLayout('one-per-screen')
    const page = await newPage(true)
    await page.goto(fillIn)
    expect(await page.getByLabel('Your first name').isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Submit' }).isVisible()).toBe(false)
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('button', { name: 'Next' }).click()
    expect(await page.locator('#q1-error').textContent()).toBe('Select an answer')
    await page.getByRole('radiogroup', { name: 'I felt calm' }).getByLabel('Often').check()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('radiogroup', { name: 'I worried a lot' }).getByLabel('Never').check()
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('link', { name: 'See your results' }).waitFor()
    await page.context().close()
    await (globalThis as unknown as { setLayout: (layout: string) => Promise<unknown> }).setLayout('all')
  })

  test('one question per screen with the keyboard: Enter is Next, and only the question on screen is checked', async () => {
    await (globalThis as unknown as { setLayout: (layout: string) => Promise<unknown> }).setLayout('one-per-screen')
    const page = await newPage(true)
    await page.goto(fillIn)
    await page.getByLabel('Your first name').fill('Ada')
    await page.keyboard.press('Enter')
    const calm = page.getByRole('radiogroup', { name: 'I felt calm' })
    await calm.waitFor()
    // The unseen required question was not judged on the way.
    expect(await page.locator('.error:not([hidden])').count()).toBe(0)
    // Enter on the required question with no answer: its own message, none on the unseen questions.
    await calm.getByLabel('Never').focus()
    await page.keyboard.press('Enter')
    expect(await page.locator('.error:not([hidden])').allInnerTexts()).toEqual(['Select an answer'])
    // Back to the question (focus went to the problem summary), an answer chosen with the
    // arrow keys, then Enter: the next screen, and no message left anywhere.
    await calm.getByLabel('Never').focus()
    await page.keyboard.press('ArrowDown')
    expect(await calm.getByLabel('Rarely').isChecked()).toBe(true)
    await page.keyboard.press('Enter')
    await page.getByRole('radiogroup', { name: 'I worried a lot' }).waitFor()
    expect(await page.locator('.error:not([hidden])').count()).toBe(0)
    expect(await page.locator('.status').innerText()).toBe('Question 3 of 3')
    await page.context().close()
    await (globalThis as unknown as { setLayout: (layout: string) => Promise<unknown> }).setLayout('all')
  })

  test('a plain form offers no results: a thank-you page without JavaScript, a focused thank-you heading with it', async () => {
    const native = await newPage(false)
    await native.goto(plainFillIn)
    await native.getByLabel('Your message').fill('Hello')
    await Promise.all([
      native.waitForURL(`${plainFillIn}/thanks`),
      native.getByRole('button', { name: 'Submit' }).click(),
    ])
    expect(await native.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you')
    expect(await native.locator('main').innerText()).toBe(
      'Thank you\n\nYour answers to “Contact us” were saved.\n\nSubmit another response',
    )
    await native.context().close()
    const page = await newPage(true)
    await page.goto(plainFillIn)
    await page.getByLabel('Your message').fill('Hello again')
    await page.getByRole('button', { name: 'Submit' }).click()
    const heading = page.getByRole('heading', { name: 'Thank you – your answers were saved.' })
    await heading.waitFor()
    expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await page.getByRole('link', { name: 'See your results' }).count()).toBe(0)
    expect(await page.getByRole('status').getByRole('link').allInnerTexts()).toEqual(['Submit another response'])
    await page.context().close()
  })

  test('the pages load nothing the CSP refuses', () => {
    expect(cspErrors).toEqual([])
  })
})
