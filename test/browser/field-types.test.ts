/**
 * Every registered field type in Chromium: the fill-in page's control and the HTML form
 * snippet copied from the admin's Setup tab (the same text `?help` shows) are filled with
 * the type's example value, posted natively, and the stored record holds the value; the
 * snippet works pasted into a file:// page and lands on the thank-you page.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { FIELD_TYPES, fieldTypeSpec } from '../../server/contract/fields/types/index.ts'
import {
  chromiumAvailable,
  launchChromium,
  startBrowserTestServer,
  type BrowserTestServer,
} from '../support/browser.ts'
import { formExample } from '../support/form-fill.ts'
import { tempDir } from '../support/tmp.ts'
import { shot, signUpInPage } from './admin-helpers.ts'
import { axeViolations } from '../support/axe.ts'
import { boundCaller, type BoundCall } from '../support/bound-call.ts'

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('field-type browser tests')
const OPTIONS = ['Yes, "quoted" & <b>', 'two  spaces', "it's"]
const nameOf = (type: string) => `${type} answer`
const labelOf = (type: string) => `A ${type} question`
const optionsOf = (type: (typeof FIELD_TYPES)[number]) => (fieldTypeSpec(type).hasOptions ? OPTIONS : null)
/** The record every form below sends: each type's example value, as the endpoint stores it from a form (a file input stays empty). */
const EXPECTED = Object.fromEntries(
  FIELD_TYPES.filter((type) => type !== 'file').map((type) => [
    nameOf(type),
    formExample(type, optionsOf(type), { name: nameOf(type), label: labelOf(type) }).stored,
  ]),
)

/** Fills the controls named `name` with `texts` as a person would: typing, ticking or picking. */
async function fill(page: Page, name: string, texts: string[]) {
  const controls = page.locator(`form [name=${JSON.stringify(name)}]`)
  const first = controls.first()
  const kind = await first.evaluate((el) => (el instanceof HTMLInputElement ? el.type : el.tagName.toLowerCase()))
  if (kind === 'radio' || kind === 'checkbox') {
    for (const text of texts)
      await page.locator(`form [name=${JSON.stringify(name)}][value=${JSON.stringify(text)}]`).check()
  } else if (kind === 'select') {
    await first.selectOption(texts[0])
  } else if (kind === 'file') {
    // No text makes a file: a file input is left empty here (files.test.ts posts files).
    expect(texts).toEqual([])
  } else {
    expect(texts).toHaveLength(1)
    await first.fill(texts[0])
  }
}

describe.skipIf(!hasBrowser)('every field type through the forms, in Chromium', () => {
  let svc: BrowserTestServer
  let browser: Browser
  let token: string
  let appId: string
  let fillIn: string
  let dir: string
  /** The owner's browser: signed in to the admin page. */
  let owner: BrowserContext

  /** The owner's calls, answering the whole body (throws on anything but 200). */
  const api: BoundCall = async (name, ...args) => {
    const res = await boundCaller(svc.url, token)(name, ...args)
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${res.text}`)
    return res
  }
  const records = async () =>
    (await api('records.list', { params: { id: appId } })).body.records.map((record: { data: unknown }) => record.data)

  beforeAll(async () => {
    svc = await startBrowserTestServer()
    browser = await launchChromium()
    dir = tempDir('svc-field-types-')
    owner = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await owner.newPage()
    await page.goto(`${svc.url}/admin/`)
    token = await signUpInPage(page, 'owner@example.com', 'correct horse battery')
    await page.close()
    appId = (await api('apps.create', { body: { name: 'Every type' } })).body.data.id
    for (const type of FIELD_TYPES)
      await api('fields.add', {
        params: { id: appId },
        body: {
          name: nameOf(type),
          type,
          label: labelOf(type),
          options: optionsOf(type) ?? undefined,
        },
      })
    fillIn = `${svc.url}/f/${(await api('share.publish', { params: { id: appId } })).body.data.token}`
    // Every face posts the same examples: each is a record of its own, not a duplicate (dedupeSeconds).
    await api('share.update', { params: { id: appId }, body: { dedupeSeconds: 0 } })
  })

  afterAll(async () => {
    await browser?.close()
    await svc?.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  test("the fill-in page without JavaScript: each control posts its type's example, stored as that value", async () => {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ]) {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height } })
      const page = await context.newPage()
      await page.goto(fillIn)
      for (const type of FIELD_TYPES) await fill(page, nameOf(type), formExample(type, optionsOf(type)).texts)
      await shot(page, `field-types-fill-in-${width}`)
      await Promise.all([page.waitForURL(/\/f\/[^/]+\/thanks$/), page.getByRole('button', { name: 'Submit' }).click()])
      await context.close()
    }
    expect(await records()).toEqual([EXPECTED, EXPECTED])
    await api('records.deleteMany', {
      params: { id: appId },
      body: {
        ids: (await api('records.list', { params: { id: appId } })).body.records.map((r: { id: string }) => r.id),
      },
    })
  })

  test("the Setup tab's HTML snippet is ?help's, and pasted into a file:// page it stores every type and thanks the person", async () => {
    const admin = await owner.newPage()
    await admin.goto(`${svc.url}/admin/#/apps/${appId}`)
    const pre = admin.locator('svc-endpoint-help pre[aria-labelledby="snippet-html"]')
    await pre.waitFor()
    const snippet = await pre.textContent()
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ]) {
      await admin.setViewportSize({ width, height })
      await pre.scrollIntoViewIfNeeded()
      await shot(admin, `field-types-admin-setup-${width}`)
    }
    const help = await (await fetch(`${fillIn.replace('/f/', '/api/v3/share/')}?help`)).text()
    expect(help).toContain(`\n\`\`\`html\n${snippet}\n\`\`\`\n`)

    const file = join(dir, 'every-type.html')
    writeFileSync(
      file,
      `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Every type</title>\n${snippet}`,
    )
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ]) {
      const page = await owner.newPage()
      await page.setViewportSize({ width, height })
      await page.goto(`file://${file}`)
      for (const type of FIELD_TYPES) await fill(page, nameOf(type), formExample(type, optionsOf(type)).texts)
      await shot(page, `field-types-snippet-${width}`)
      await Promise.all([page.waitForURL(/\/f\/[^/]+\/thanks/), page.getByRole('button', { name: 'Send' }).click()])
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Thank you')
      await page.close()
    }
    expect(await records()).toEqual([EXPECTED, EXPECTED])
    await admin.close()
  })
  test("the newer types filled by keyboard alone, with the page's script: each stored, axe finding nothing", async () => {
    const app = (await api('apps.create', { body: { name: 'Keyboard' } })).body.data.id
    const likert = ['Disagree', 'Neutral', 'Agree']
    const fields = [
      { name: 'phone', type: 'phone', label: 'Phone' },
      { name: 'site', type: 'url', label: 'Website' },
      { name: 'at', type: 'time', label: 'Time' },
      { name: 'when', type: 'datetime', label: 'Date and time' },
      { name: 'recommend', type: 'nps', label: 'How likely are you to recommend us?' },
      { name: 'stars', type: 'rating', label: 'Rate us', max: 4 },
      { name: 'view', type: 'likert', label: 'The form was easy', options: likert },
      { name: 'terms', type: 'consent', label: 'I agree to the terms' },
    ] as const
    for (const body of fields) await api('fields.add', { params: { id: app }, body })
    const url = `${svc.url}/f/${(await api('share.publish', { params: { id: app } })).body.data.token}`
    // The same answers at two sizes are two records, not a duplicate (dedupeSeconds).
    await api('share.update', { params: { id: app }, body: { dedupeSeconds: 0 } })
    const stored = async () =>
      (await api('records.list', { params: { id: app } })).body.records.map((record: { data: unknown }) => record.data)
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ]) {
      const context = await browser.newContext({ viewport: { width, height }, locale: 'en-US' })
      const page = await context.newPage()
      await page.goto(url)
      expect(await axeViolations(page)).toEqual([])
      const keys = page.keyboard
      await keys.press('Tab')
      await keys.type('+44 20 7946 0958')
      await keys.press('Tab')
      await keys.type('https://example.com')
      // Chromium's time and date inputs (in its en-US layout, as under the C locale) take digits segment by
      // segment, moving on when one is full: hh, mm, then AM/PM; mm/dd/yyyy, whose year takes more digits (Tab).
      // After the last segment Tab stops once more, on the input's picker button.
      await keys.press('Tab')
      await keys.type('0930A')
      await keys.press('Tab')
      await keys.press('Tab')
      await keys.type('01312026')
      await keys.press('Tab')
      await keys.type('0545P')
      await keys.press('Tab')
      // Into each radio group, pick its first point with Space, then the arrows: 0 → 9, 1 → 3 stars, Disagree → Agree.
      await keys.press('Tab')
      await keys.press('Space')
      for (let i = 0; i < 9; i++) await keys.press('ArrowRight')
      await keys.press('Tab')
      await keys.press('Space')
      for (let i = 0; i < 2; i++) await keys.press('ArrowRight')
      await keys.press('Tab')
      await keys.press('Space')
      for (let i = 0; i < 2; i++) await keys.press('ArrowDown')
      await keys.press('Tab')
      await keys.press('Space')
      await shot(page, `field-types-keyboard-${width}`)
      expect(await axeViolations(page)).toEqual([])
      await keys.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Submit')
      await keys.press('Enter')
      await page.getByRole('heading', { name: 'Thank you – your answers were saved.' }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      await context.close()
    }
    const record = {
      phone: '+44 20 7946 0958',
      site: 'https://example.com',
      at: '09:30',
      when: '2026-01-31T17:45',
      recommend: 9,
      stars: 3,
      view: 'Agree',
      terms: { agreed: true, text: 'I agree to the terms' },
    }
    expect(await stored()).toEqual([record, record])
  })

  test('a refused answer of the newer types: the script names each question, axe finding nothing', async () => {
    const app = (await api('apps.create', { body: { name: 'Refused' } })).body.data.id
    await api('fields.add', { params: { id: app }, body: { name: 'phone', type: 'phone', label: 'Phone' } })
    await api('fields.add', {
      params: { id: app },
      body: { name: 'stars', type: 'rating', label: 'Rate us', required: true },
    })
    await api('fields.add', {
      params: { id: app },
      body: { name: 'terms', type: 'consent', label: 'I agree to the terms' },
    })
    const url = `${svc.url}/f/${(await api('share.publish', { params: { id: app } })).body.data.token}`
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    await page.goto(url)
    await page.keyboard.press('Tab')
    await page.keyboard.type('call me')
    await page.getByRole('button', { name: 'Submit' }).press('Enter')
    const summary = page.getByRole('alert')
    await summary.getByText('There is a problem').waitFor()
    // The rating and the consent are checked before sending; the phone number by the server.
    expect(await summary.locator('li').allTextContents()).toEqual([
      'Rate us: Select a rating',
      'I agree to the terms: Select the box to agree',
    ])
    expect(await axeViolations(page)).toEqual([])
    await page.getByLabel('4 stars').check()
    await page.getByLabel('I agree to the terms').check()
    await page.getByRole('button', { name: 'Submit' }).press('Enter')
    await summary.getByText('Phone: Enter a phone number, like 01632 960 001 or +44 808 157 0192').waitFor()
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
  test("the admin's Summary draws each point of a rating and an NPS, and the Net Promoter Score; axe finds nothing", async () => {
    const app = (await api('apps.create', { body: { name: 'Scores' } })).body.data.id
    await api('fields.add', { params: { id: app }, body: { name: 'recommend', type: 'nps', label: 'Recommend' } })
    await api('fields.add', { params: { id: app }, body: { name: 'stars', type: 'rating', label: 'Stars', max: 3 } })
    const token = (await api('share.publish', { params: { id: app } })).body.data.token!
    await api('ingest.batch', {
      params: { token },
      body: [
        { recommend: 10, stars: 3 },
        { recommend: 9, stars: 3 },
        { recommend: 7, stars: 2 },
        { recommend: 2, stars: 1 },
      ],
    })
    const page = await owner.newPage()
    await page.goto(`${svc.url}/admin/#/apps/${app}/summary`)
    const summary = page.locator('svc-summary')
    const field = (name: string) => summary.locator('section.field', { has: page.locator('h2', { hasText: name }) })
    await field('Recommend').locator('svc-bar-chart li').first().waitFor()
    // 2 promoters and 1 detractor of 4: 25.
    expect(await field('Recommend').locator('.nps strong').innerText()).toBe('25')
    expect(await field('Recommend').locator('svc-bar-chart li').allInnerTexts()).toEqual(
      ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10'].map(
        (point) => `${point}\n${{ 2: 1, 7: 1, 9: 1, 10: 1 }[point] ?? 0}`,
      ),
    )
    expect(await field('Stars').locator('svc-bar-chart li').allInnerTexts()).toEqual(['1\n1', '2\n1', '3\n2'])
    expect(await field('Stars').locator('.nps').count()).toBe(0)
    await shot(page, 'field-types-summary')
    expect(await axeViolations(page)).toEqual([])
    await page.close()
  })
})
