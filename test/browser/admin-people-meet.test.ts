/**
 * The admin page as a Tally or Formspree user meets it (issue 48): a plain RSVP form shows no
 * assessment tabs until "Add scoring"; Expert's placeholders are neutral and Style sketches the
 * form's own questions; Summary cards carry the labels; options typed `Yes, No, Maybe` are three;
 * the Data tab follows the stream (no auto-refresh poll), keeps its filter in the address, folds
 * the filter on a phone and keeps "Show N new records" in sight; on a phone Setup starts with
 * publishing. axe and a keyboard pass at 1280 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { chromiumAvailable, type BrowserTestServer } from '../support/browser.ts'
import { expectAccessible, VIEWPORTS } from './accessible.ts'
import { eventually, openAdmin, publishedApp, shot, type AdminSession, type OwnerApi } from './admin-helpers.ts'
import { callServer } from '../support/call.ts'
import type { InputOf } from '../../server/contract/api/request.ts'

setDefaultTimeout(90_000)

const hasBrowser = chromiumAvailable('admin people-meet browser tests')

const RSVP_FIELDS: Array<InputOf<'fields.add'>['body']> = [
  { name: 'name', label: 'Your name', required: true },
  { name: 'attending', type: 'choice', label: 'Will you come?', options: ['Yes', 'No'], required: true },
  { name: 'guests', type: 'number', label: 'How many guests will you bring along?' },
]

describe.skipIf(!hasBrowser)('admin page as people meet it', () => {
  let admin: AdminSession
  let svc: BrowserTestServer
  let page: Page
  let api: OwnerApi
  let appId: string
  let token: string

  const open = async (hash: string) => {
    await page.goto(`${svc.url}/admin/#/apps/${appId}${hash}`)
    await page.getByRole('heading', { name: 'RSVP' }).waitFor()
  }
  const tabNames = () => page.locator('svc-app-view nav.tabs').locator('a, button').allInnerTexts()

  beforeAll(async () => {
    admin = await openAdmin({ viewport: { width: 1280, height: 800 }, reload: true })
    ;({ svc, page, api } = admin)
    ;({ id: appId, token } = await publishedApp(api, 'RSVP', RSVP_FIELDS))
    for (const data of [
      { name: 'Ada', attending: 'Yes', guests: 1 },
      { name: 'Bob', attending: 'No', guests: 0 },
    ])
      expect((await api('ingest.post', { params: { token }, body: data })).status).toBe(200)
  }, 60_000)

  afterAll(() => admin?.close(), 30_000)

  test('a plain form has no Scales, Report or Expert tab; "Add scoring" (keyboard) brings them', async () => {
    await open('')
    expect(await tabNames()).toEqual(['Setup', 'Data', 'Summary', 'Style', 'Add scoring'])
    await shot(page, 'pm-01-setup-plain-1280')
    // The fields table at 1280 × 800: "Will you come?" reads whole, and every row's Remove is in view.
    const label = page.locator('svc-fields-editor tr[data-field-id] td.label-cell input').nth(1)
    expect(await label.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true)
    const wrap = await page.locator('svc-fields-editor .table-wrap').boundingBox()
    for (const remove of await page.locator('svc-fields-editor button.remove').all()) {
      const box = (await remove.boundingBox())!
      expect(box.x + box.width).toBeLessThanOrEqual(wrap!.x + wrap!.width)
    }
    const add = page.getByRole('button', { name: 'Add scoring' })
    await add.focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/scales$/)
    await page.getByText('No scales yet').waitFor()
    expect(await tabNames()).toEqual(['Setup', 'Data', 'Summary', 'Scales', 'Report', 'Expert', 'Style'])
    // With a scale the app is an assessment: the tabs stay after a reload.
    await api('scales.add', { params: { id: appId }, body: { key: 'mood', name: 'Mood' } })
    await page.reload()
    await page.getByRole('heading', { name: 'RSVP' }).waitFor()
    await eventually(tabNames, ['Setup', 'Data', 'Summary', 'Scales', 'Report', 'Expert', 'Style'])
    await api('scales.remove', { params: { id: appId, scale: 'mood' } })
  })

  test('Expert placeholders are neutral; Style sketches the form’s own questions', async () => {
    await open('/expert')
    const name = page.locator('svc-expert-editor input[name=name]')
    await name.waitFor()
    expect([
      await name.getAttribute('placeholder'),
      await page.locator('svc-expert-editor input[name=title]').getAttribute('placeholder'),
    ]).toEqual(["Your name, or your team's", 'Your role, e.g. Coach or Support team'])
    await open('/style')
    const questions = page.locator('svc-connect-editor .sample .q')
    await eventually(
      () => questions.allInnerTexts(),
      ['Your name', 'Will you come?', 'How many guests will you bring along?'],
    )
    expect(await page.locator('svc-connect-editor').innerText()).not.toContain('How are you today?')
    await shot(page, 'pm-02-style-1280')
  })

  test('Summary cards are titled with labels, the field name beneath', async () => {
    await open('/summary')
    const titles = page.locator('svc-summary section.field header h2')
    await eventually(
      () => titles.allInnerTexts(),
      ['Your name\nname', 'Will you come?\nattending', 'How many guests will you bring along?\nguests'],
    )
    await shot(page, 'pm-03-summary-1280')
  })

  test('options typed "Yes, No, Maybe" in the one-row box are three options', async () => {
    await open('')
    const add = page.locator('svc-fields-editor form.add, svc-fields-editor tr.add').first()
    await page.locator('svc-fields-editor [name=newName], svc-fields-editor input[name=name]').last().fill('diet')
    await page.locator('svc-fields-editor select[name=type]').last().selectOption('choice')
    await page.locator('svc-fields-editor textarea[name=options]').fill('Vegan, Vegetarian, Anything')
    await page.getByRole('button', { name: 'Add field' }).click()
    await eventually(async () => {
      const fields = (await api('fields.list', { params: { id: appId } })).body.data.fields
      return fields.find((f: { name: string }) => f.name === 'diet')?.options ?? null
    }, ['Vegan', 'Vegetarian', 'Anything'])
    void add
    await api('fields.remove', { params: { id: appId, field: 'diet' } })
  })

  test('Data tab: no auto-refresh poll; the filter is in the address and survives a reload', async () => {
    await open('/data')
    await page.locator('svc-records tr[data-record-id]').first().waitFor()
    expect(await page.getByRole('checkbox', { name: 'Auto-refresh' }).count()).toBe(0)
    const expression = page.getByRole('searchbox', { name: 'Filter' })
    await expression.fill("attending = 'No'")
    await expression.press('Enter')
    await page.waitForURL(/data\?filter=/)
    expect(new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('filter')).toBe("attending = 'No'")
    await eventually(() => page.locator('svc-records tr[data-record-id]').count(), 1)
    await page.reload()
    await page.getByRole('heading', { name: 'RSVP' }).waitFor()
    await eventually(() => page.locator('svc-records tr[data-record-id]').count(), 1)
    expect(await page.getByRole('searchbox', { name: 'Filter' }).inputValue()).toBe("attending = 'No'")
    await shot(page, 'pm-04-data-filtered-1280')
    await page.getByRole('button', { name: 'Clear' }).click()
    await page.waitForURL(new RegExp(`#/apps/${appId}/data$`))
  })

  test('sign-up says "Password must be at least 8 characters"', async () => {
    const signup = await admin.browser.newPage({ viewport: { width: 1280, height: 800 } })
    try {
      await signup.route('**/api/v3/auth/options', (route) =>
        route.fulfill({
          json: {
            code: 200,
            data: { signup: 'open', signupAllowed: true, passwordLogin: true, codeLogin: true, smtp: false },
          },
        }),
      )
      await signup.goto(`${svc.url}/admin/#/login`)
      await signup.getByRole('button', { name: 'Create one' }).click()
      await signup.locator('svc-login input[name=email]').fill('new@example.com')
      const password = signup.locator('svc-login input[name=password]')
      await password.evaluate((input) => input.removeAttribute('minlength'))
      await password.fill('short')
      await signup.getByRole('button', { name: /Create account/ }).click()
      await eventually(() => signup.locator('svc-login p.error').innerText(), 'Password must be at least 8 characters.')
    } finally {
      await signup.close()
    }
  })

  for (const viewport of VIEWPORTS) {
    test(`axe and a keyboard pass on Setup, Data and Style at ${viewport.width} px`, async () => {
      await page.setViewportSize(viewport)
      for (const hash of ['', '/data', '/style', '/summary']) {
        await open(hash)
        await page.waitForTimeout(0)
        await expectAccessible(page)
      }
      await page.setViewportSize({ width: 1280, height: 800 })
    })
  }

  test('on a phone: Setup starts with publishing; the Data tab folds its filter and keeps "Show N new" in sight', async () => {
    await page.setViewportSize({ width: 390, height: 844 })
    try {
      await open('')
      const first = await page
        .locator('svc-app-setup > *, svc-app-setup .column > *')
        .evaluateAll((nodes) => nodes.map((node) => node.tagName.toLowerCase()).filter((tag) => tag.startsWith('svc-')))
      expect(first[0]).toBe('svc-share-settings')
      await shot(page, 'pm-05-setup-phone')
      // Enough records that the list is several screens long on a phone.
      const batch = Array.from({ length: 15 }, (_, i) => ({ name: `Early ${i}`, attending: 'Yes', guests: i }))
      expect((await callServer(svc.url, 'ingest.batch', { params: { token }, body: batch })).status).toBe(200)
      await open('/data')
      await page.locator('svc-records tr[data-record-id]').first().waitFor()
      expect(await page.locator('svc-records details.filters').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(
        false,
      )
      // The first screen shows records, not filter controls.
      const firstRow = await page.locator('svc-records tr[data-record-id]').first().boundingBox()
      expect(firstRow!.y).toBeLessThan(844)
      await shot(page, 'pm-06-data-phone', { window: true })
      for (let i = 0; i < 3; i++)
        await callServer(svc.url, 'ingest.post', { params: { token }, body: { name: `Guest ${i}`, attending: 'Yes' } })
      const show = page.getByRole('button', { name: /^Show \d+ new records?$/ })
      await show.waitFor()
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(844)
      const box = await show.boundingBox()
      expect(box!.y).toBeGreaterThanOrEqual(0)
      expect(box!.y + box!.height).toBeLessThanOrEqual(844)
      await shot(page, 'pm-07-data-phone-new', { window: true })
      await show.click()
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 })
    }
  })
})
