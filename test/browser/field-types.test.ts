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
import { boundCaller, type BoundCall } from '../support/bound-call.ts'

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('field-type browser tests')
const OPTIONS = ['Yes, "quoted" & <b>', 'two  spaces', "it's"]
const nameOf = (type: string) => `${type} answer`
const optionsOf = (type: (typeof FIELD_TYPES)[number]) => (fieldTypeSpec(type).hasOptions ? OPTIONS : null)
/** The record every form below sends: each type's example value, as the endpoint stores it from a form (a file input stays empty). */
const EXPECTED = Object.fromEntries(
  FIELD_TYPES.filter((type) => type !== 'file').map((type) => [
    nameOf(type),
    formExample(type, optionsOf(type)).stored,
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
          label: `A ${type} question`,
          options: optionsOf(type) ?? undefined,
        },
      })
    fillIn = `${svc.url}/f/${(await api('share.publish', { params: { id: appId } })).body.data.token}`
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
})
