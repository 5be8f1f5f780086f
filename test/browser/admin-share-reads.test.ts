/**
 * Admin page, Sharing card: opening reads asks first, and the question says exactly who can
 * then read what (every record and how many, e-mail addresses included; or the summary with
 * its smallest group). Cancel (button or Escape) changes nothing on the server and puts the
 * radio back; closing reads asks nothing. The dialog passes axe and works by keyboard.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { chromiumAvailable, type BrowserTestServer } from '../support/browser.ts'
import { axeViolations } from '../support/axe.ts'
import { callApi, eventually, openAdmin, publishedApp, shot, type AdminSession } from './admin-helpers.ts'
import { callServer } from '../support/call.ts'

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('admin share reads browser tests')

const RECORDS_QUESTION =
  "Anyone with the form's link or endpoint token will be able to read every record (3 records now, incl. e-mail addresses) and the summary, and every record sent from now on. " +
  "The link sits in your form's page source, so anyone who sees the form has it."

const SUMMARY_QUESTION =
  "Anyone with the form's link or endpoint token will be able to read the summary of your records (3 records now): counts, records per day, numbers' averages and ranges, " +
  'and values at least 5 people gave. Single records and e-mail addresses stay private.'

describe.skipIf(!hasBrowser)('admin page: opening reads asks first', () => {
  let admin: AdminSession
  let svc: BrowserTestServer
  let page: Page
  let token: string
  let appId: string
  let endpoint: string

  const card = () => page.locator('svc-share-settings')
  const radio = (name: RegExp) =>
    card().getByRole('group', { name: 'Who may read with the endpoint or fill-in link' }).getByRole('radio', { name })
  const dialog = () => card().locator('svc-confirm dialog')
  const stored = async () =>
    (await callServer(svc.url, 'share.get', { params: { id: appId } }, { token })).body.data.reads
  /** What the element with focus is, looking into shadow roots: `tag "name"`. */
  const focused = () =>
    page.evaluate(() => {
      let element = document.activeElement
      while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
      const input = element as HTMLInputElement
      return `${element?.tagName.toLowerCase()} ${input.type ?? ''} ${input.value ?? ''} ${element?.textContent?.trim() ?? ''}`.trim()
    })

  beforeAll(async () => {
    admin = await openAdmin({ viewport: { width: 1280, height: 900 } })
    ;({ svc, page, token } = admin)
    ;({ id: appId, endpoint } = await publishedApp(admin.api, 'Contact form', [{ name: 'email', type: 'email' }]))
    const path = new URL(endpoint).pathname
    const posted = await callApi(svc.url, 'POST', `${path}/batch`, {
      body: [{ email: 'ada@example.com' }, { email: 'lin@example.com' }, { email: 'sam@example.com' }],
    })
    expect(posted.status).toBe(200)
    await page.goto(`${svc.url}/admin/#/apps/${encodeURIComponent(appId)}`)
    await page.reload()
    await radio(/^Only you/).waitFor()
  }, 30_000)

  afterAll(() => admin?.close(), 30_000)

  test('clicking Records asks, naming who can read what; Cancel leaves reads off on the server and the radio back', async () => {
    await radio(/^Records/).click()
    await dialog().waitFor()
    expect(await dialog().getByRole('heading').innerText()).toBe('Let anyone with the link read every record?')
    expect(await dialog().locator('.message').innerText()).toBe(RECORDS_QUESTION)
    await shot(page, '17-share-open-records')
    expect(await axeViolations(page)).toEqual([])
    await dialog().getByRole('button', { name: 'Cancel' }).click()
    await dialog().waitFor({ state: 'hidden' })
    expect(await stored()).toBe('off')
    // The radios are put back once the dialog's answer arrives, just after it hides.
    await eventually(() => radio(/^Only you/).isChecked(), true)
    expect(await radio(/^Records/).isChecked()).toBe(false)
    expect((await callApi(svc.url, 'GET', `${new URL(endpoint).pathname}/query`)).status).toBe(403)
  })

  test('by keyboard: focus moves into the dialog, Escape cancels and focus returns to the radio', async () => {
    await radio(/^Only you/).focus()
    // Arrow keys move through a radio group and select as they go: Summary first.
    await page.keyboard.press('ArrowDown')
    await dialog().waitFor()
    expect(await dialog().locator('.message').innerText()).toBe(SUMMARY_QUESTION)
    expect(await focused()).toBe('button submit  Cancel')
    await page.keyboard.press('Escape')
    await dialog().waitFor({ state: 'hidden' })
    expect(await stored()).toBe('off')
    // The radios are put back once the dialog's answer arrives, just after it hides.
    await eventually(() => radio(/^Only you/).isChecked(), true)
    expect(await focused()).toBe('input radio summary')
  })

  test('Confirm opens reads: the summary, then every record', async () => {
    await radio(/^Summary/).click()
    await dialog().getByRole('button', { name: 'Open the summary to anyone' }).click()
    await eventually(stored, 'summary')
    expect((await callApi(svc.url, 'GET', `${new URL(endpoint).pathname}/summary`)).status).toBe(200)
    await radio(/^Records/).click()
    await dialog().waitFor()
    expect(await dialog().locator('.message').innerText()).toBe(RECORDS_QUESTION)
    // Confirmed by keyboard: Tab from Cancel to the confirm button, then Enter.
    await page.keyboard.press('Tab')
    expect(await focused()).toBe('button submit  Open records to anyone')
    await page.keyboard.press('Enter')
    await eventually(stored, 'records')
    expect(await radio(/^Records/).isChecked()).toBe(true)
    expect((await callApi(svc.url, 'GET', `${new URL(endpoint).pathname}/query`)).status).toBe(200)
  })

  test('closing reads asks nothing: Records → Summary → Only you', async () => {
    await radio(/^Summary/).click()
    await eventually(stored, 'summary')
    expect(await dialog().isVisible()).toBe(false)
    await radio(/^Only you/).click()
    await eventually(stored, 'off')
    expect(await dialog().isVisible()).toBe(false)
    expect((await callApi(svc.url, 'GET', `${new URL(endpoint).pathname}/summary`)).status).toBe(403)
  })

  test('the smallest group of the public summary is a setting of the card, named in the question', async () => {
    await card().getByText('Spam, rate limit, public summary and redirects').click()
    await card().getByLabel('Public summary: smallest group shown').fill('3')
    await card().getByRole('button', { name: 'Save settings' }).click()
    await card().getByText('Saved', { exact: true }).waitFor()
    expect(
      (await callServer(svc.url, 'share.get', { params: { id: appId } }, { token })).body.data.summaryMinRespondents,
    ).toBe(3)
    await radio(/^Summary/).click()
    await dialog().waitFor()
    expect(await dialog().locator('.message').innerText()).toBe(
      SUMMARY_QUESTION.replace('at least 5 people', 'at least 3 people'),
    )
    await dialog().getByRole('button', { name: 'Cancel' }).click()
    await dialog().waitFor({ state: 'hidden' })
    expect(await stored()).toBe('off')
  })
})
