/**
 * The fill-in page and the proof-of-work challenge in Chromium: with `challenge: require` the
 * page solves a challenge in the background and the respondent only answers and sends, by
 * keyboard; the live region says what happened; axe finds nothing; the record is stored and not spam.
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

const hasBrowser = chromiumAvailable('fill-in challenge browser tests')

describe.skipIf(!hasBrowser)('fill-in page: proof-of-work challenge', () => {
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
    await api('fields.add', { params: { id: appId }, body: { name: 'name', type: 'text', label: 'Your name' } })
    fillIn = `${svc.url}/f/${(await api('share.publish', { params: { id: appId } })).token}`
    await api('share.update', { params: { id: appId }, body: { challenge: 'require' } })
  })

  afterAll(async () => {
    await browser?.close()
    await svc?.stop()
  })

  test('require: the respondent answers and sends, the page solves the challenge itself', async () => {
    const page = await browser.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(fillIn)
    await page.getByText('Check done: you can send the form.').waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.getByLabel('Your name').focus()
    await page.keyboard.type('Ada')
    await page.keyboard.press('Enter')
    await page
      .getByText(/saved|thank/i)
      .first()
      .waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(errors).toEqual([])
    const { records } = await api('records.list', { params: { id: appId }, query: { spam: 'include' } })
    expect(records.map((record) => [record.data, record.spam ?? false])).toEqual([[{ name: 'Ada' }, false]])
    await page.close()
  })
})
