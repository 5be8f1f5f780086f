/**
 * The same form in French, in Chromium: at 1280 and 390 px the French version (?lang=fr) of a
 * form with options is filled by keyboard alone and stores the canonical option with
 * `meta.lang: "fr"`; axe finds nothing on it. In the admin, the translations editor is used by
 * keyboard: a missing translation is marked in words, a French label typed and saved.
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
import { eventually, openAdmin, publishedApp, type AdminSession } from './admin-helpers.ts'

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('languages browser tests')

describe.skipIf(!hasBrowser)('a French version of a form', () => {
  let svc: BrowserTestServer
  let browser: Browser
  let link: string
  let records: () => Promise<Array<{ data: unknown; lang: unknown }>>

  beforeAll(async () => {
    svc = await startBrowserTestServer()
    browser = await launchChromium()
    const signup = await callServer(svc.url, 'auth.signup', {
      body: { email: 'owner@example.com', password: 'correct horse battery', tokenName: 'browser' },
    })
    const api = dataCaller(boundCaller(svc.url, signup.body.data.token!.token))
    const { id } = await api('apps.create', { body: { name: 'Sondage' } })
    await api('fields.add', {
      params: { id },
      body: {
        name: 'color',
        type: 'choice',
        label: 'Your colour',
        required: true,
        options: ['Red', 'Blue', 'Green'],
        translations: { fr: { label: 'Votre couleur', options: ['Rouge', 'Bleu', 'Vert'] } },
      },
    })
    await api('fields.add', {
      params: { id },
      body: { name: 'name', label: 'Your name', translations: { fr: { label: 'Votre nom' } } },
    })
    const share = await api('share.publish', { params: { id } })
    link = `${svc.url}/f/${share.token}?lang=fr`
    records = async () =>
      (await api('records.list', { params: { id } })).records.map(({ data, meta }) => ({ data, lang: meta.lang }))
  })

  afterAll(async () => {
    await browser?.close()
    await svc?.stop()
  })

  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ])
    test(`at ${width} px: filled by keyboard, stores the canonical option and meta.lang`, async () => {
      const page = await browser.newPage({ viewport: { width, height } })
      await page.goto(link)
      expect(await page.locator('html').getAttribute('lang')).toBe('fr')
      expect(await axeViolations(page)).toEqual([])
      // Tab from the top: the switcher's link to English, then the first option of the radio group.
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('English')
      await page.keyboard.press('Tab')
      await page.keyboard.press('ArrowDown')
      expect(await page.getByRole('radio', { name: 'Bleu' }).isChecked()).toBe(true)
      await page.keyboard.press('Tab')
      await page.keyboard.type('Ada')
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Envoyer')
      await page.keyboard.press('Enter')
      await page.getByRole('status').getByText('Merci – vos réponses ont été enregistrées.').waitFor()
      const stored = await records()
      expect(stored.at(-1)).toEqual({ data: { color: 'Blue', name: 'Ada' }, lang: 'fr' })
      await page.close()
    })
})

describe.skipIf(!hasBrowser)('admin page: the translations editor', () => {
  let admin: AdminSession
  let appId: string

  beforeAll(async () => {
    admin = await openAdmin({ viewport: { width: 1280, height: 900 } })
    const { api, page } = admin
    appId = (
      await publishedApp(api, 'Survey', [
        {
          name: 'color',
          type: 'choice',
          label: 'Your colour',
          options: ['Red', 'Blue'],
          translations: { fr: { options: ['Rouge', 'Bleu'] } },
        },
      ])
    ).id
    await page.goto(`${admin.svc.url}/admin/#/apps/${appId}`)
    await page.reload()
    await page.getByText('Translations of color').waitFor()
  }, 30_000)

  afterAll(() => admin?.close(), 30_000)

  test('by keyboard: a missing label is flagged in words, typed, and saved', async () => {
    const { page, api } = admin
    await page.getByText('Translations of color').focus()
    await page.keyboard.press('Enter')
    const label = page.getByRole('textbox', { name: 'Label of field color in fr' })
    await label.waitFor()
    expect(await page.getByText('Translations of color').innerText()).toContain('1 missing')
    expect(await label.evaluate((input) => input.getAttribute('aria-describedby'))).toBe('missing-color-fr-label')
    expect(await page.locator('#missing-color-fr-label').innerText()).toBe('Missing')
    expect(await axeViolations(page)).toEqual([])
    await label.focus()
    await page.keyboard.type('Votre couleur')
    await page.keyboard.press('Tab')
    await eventually(
      async () => (await api('fields.get', { params: { id: appId, field: 'color' } })).body.data.translations,
      { fr: { options: ['Rouge', 'Bleu'], label: 'Votre couleur' } },
    )
    // The flag goes once the saved field comes back, which may be a moment after the save.
    await eventually(async () => page.getByText('Translations of color').innerText(), 'Translations of color (fr)')
  })
})
