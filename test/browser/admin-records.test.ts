/**
 * The Data tab as an owner meets it, at a laptop's width and a phone's: columns under the
 * fields' labels (names beside them, no type names), columns hidden and shown again with
 * the keyboard and remembered on the next visit, conditions picked by field, operator and
 * value that become the filter expression, one record corrected in the drawer (refusals
 * beside their field, the change in the history), CSV exported raw on request and with a
 * spam column when spam is included; and on a phone every record is a card and every
 * action is in reach without scrolling sideways.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import type { Locator, Page } from 'playwright-core'
import { chromiumAvailable } from '../support/browser.ts'
import { expectAccessible } from './accessible.ts'
import { eventually, openAdmin, publishedApp, shot, type AdminSession } from './admin-helpers.ts'
import { callServer } from '../support/call.ts'
import type { InputOf } from '../../server/contract/api/request.ts'

const hasBrowser = chromiumAvailable('admin records browser tests')

const FIELDS: Array<InputOf<'fields.add'>['body']> = [
  { name: 'email', type: 'email', label: 'E-mail address', required: true },
  { name: 'phone', type: 'text', label: 'Phone' },
  { name: 'plan', type: 'choice', label: 'Plan', options: ['free', 'pro', 'team'] },
  { name: 'age', type: 'number', label: 'Age' },
  { name: 'agree', type: 'boolean', label: 'I agree to be contacted' },
  { name: 'tags', type: 'multichoice', label: 'Interests', options: ['news', 'events', 'jobs'] },
  { name: 'note', type: 'longtext' },
]
const RECORDS = [
  { email: 'ada@example.com', phone: '+44 20 7946 0958', plan: 'pro', age: 36, agree: true, tags: ['news'] },
  { email: 'bob@example.com', phone: '=HYPERLINK("http://x")', plan: 'free', age: 24, agree: false },
  { email: 'cy@example.com', plan: 'pro', age: 19, note: 'A long note that goes on for a while to fill the card.' },
  { email: 'dee@example.com', plan: 'team', age: 52, tags: ['events', 'jobs'], legacy: 'kept from a removed field' },
]

/** Every control of the Data tab that sticks out of the window sideways (shadow roots followed). */
function outOfReach(page: Page, width: number): Promise<string[]> {
  return page.evaluate((width) => {
    const out: string[] = []
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll<HTMLElement>('button, a, input, select, textarea, summary')) {
        const box = el.getBoundingClientRect()
        if (box.width === 0 || box.height === 0) continue
        if (box.left < 0 || box.right > width + 1)
          out.push(
            `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.left)}–${Math.round(box.right)}`,
          )
      }
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot)
    }
    walk(document)
    return out
  }, width)
}

/** The column headers as an owner reads them (label, then the name where it differs). */
const headers = (records: Locator) => records.locator('thead th').allInnerTexts()

describe.skipIf(!hasBrowser)('admin Data tab: labels, columns, filters, edits, exports', () => {
  let admin: AdminSession
  let page: Page
  let appId: string
  let ids: string[]

  const records = () => page.locator('svc-records')
  const totalText = () => records().locator('.total').innerText()
  const drawer = () => page.locator('svc-record-drawer dialog')

  beforeAll(async () => {
    admin = await openAdmin({ viewport: { width: 1280, height: 800 }, reload: true })
    page = admin.page
    const app = await publishedApp(admin.api, 'Newsletter sign-up', FIELDS)
    appId = app.id
    ids = []
    for (const data of RECORDS) {
      const posted = await callServer(admin.svc.url, 'ingest.post', { params: { token: app.token }, body: { data } })
      if (posted.status !== 200) throw new Error(posted.text)
      ids.push(posted.body.data.id)
    }
    // The last key is one no field holds any more: its values stay in the records.
    const spam = await callServer(admin.svc.url, 'ingest.post', {
      params: { token: app.token },
      body: { data: { email: 'bot@spam.example', _gotcha: 'filled' } },
    })
    if (spam.status !== 200) throw new Error(spam.text)
    await page.goto(`${admin.svc.url}/admin/#/apps/${appId}/data`)
    await records().locator('tbody tr').nth(3).waitFor()
  }, 30_000)

  afterAll(() => admin?.close(), 30_000)

  test('columns read as the fields’ labels, with the name beside a label that differs; no type names', async () => {
    expect(await totalText()).toBe('4 records')
    const texts = await headers(records())
    expect(texts.slice(1, 3)).toEqual(['id', 'Arrived'])
    expect(texts.slice(3).map((h) => h.split('\n').map((line) => line.trim()))).toEqual([
      ['E-mail address', 'email'],
      ['Phone', 'phone'],
      ['Plan', 'plan'],
      ['Age', 'age'],
      ['I agree to be contacted', 'agree'],
      ['Interests', 'tags'],
      ['note'],
      ['legacy'],
    ])
    expect(await records().locator('thead th[title=email]').count()).toBe(1)
    for (const type of ['choice', 'multichoice', 'longtext', 'boolean', 'number'])
      expect(texts.join(' ')).not.toContain(type)
    await shot(page, 'records-01-labels-1280')
  })

  test('columns are hidden and shown with the keyboard, remembered on the next visit, and exports keep them', async () => {
    const picker = records().locator('svc-column-picker')
    const button = picker.getByRole('button', { name: 'Columns' })
    await button.focus()
    await page.keyboard.press('Enter')
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    const phone = picker.getByRole('checkbox', { name: /^Phone/ })
    await phone.focus()
    await page.keyboard.press('Space')
    await picker.getByRole('checkbox', { name: /^I agree to be contacted/ }).focus()
    await page.keyboard.press('Space')
    await shot(page, 'records-02-columns-open-1280')
    await page.keyboard.press('Escape')
    await eventually(() => picker.locator('.list').count(), 0)
    expect(
      await page.evaluate(() => {
        let el = document.activeElement
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
        return el?.textContent?.trim()
      }),
    ).toBe('Columns (2 hidden)')
    const shown = () => headers(records()).then((h) => h.map((t) => t.split('\n')[0].trim()))
    expect(await shown()).not.toContain('Phone')
    expect(await shown()).not.toContain('I agree to be contacted')
    expect(await records().locator('.export-note').innerText()).toBe(
      'Hidden columns are hidden on this screen only: exports hold every column.',
    )
    // The next visit shows the same columns.
    await page.reload()
    await records().locator('tbody tr').nth(3).waitFor()
    expect(await shown()).not.toContain('Phone')
    const csv = await admin.api('records.exportCsv', { params: { id: appId } })
    expect(csv.text.split('\r\n')[0]).toContain('phone')
    // Show all brings every column back.
    await button.click()
    await picker.getByRole('button', { name: 'Show all' }).click()
    await eventually(async () => (await shown()).includes('Phone'), true)
    expect(await page.evaluate((id) => localStorage.getItem(`svc:records:hidden:${id}`), appId)).toBeNull()
  })

  test('a condition picked by field, operator and value becomes the filter expression, and the export follows it', async () => {
    const filter = records().locator('svc-record-filter')
    const builder = filter.getByRole('form', { name: 'Add a condition' })
    await builder.getByLabel('Field').selectOption({ label: 'Plan' })
    expect(await builder.getByLabel('Condition').locator('option').allInnerTexts()).toEqual([
      'is',
      'is not',
      'is empty',
      'is not empty',
    ])
    await builder.getByLabel('Value').selectOption('pro')
    await builder.getByRole('button', { name: 'Add condition' }).click()
    await eventually(totalText, '2 matching records')
    const expression = filter.getByRole('searchbox', { name: 'Filter' })
    expect(await expression.inputValue()).toBe("plan = 'pro'")
    // With the keyboard: a number field offers comparisons; Enter adds the condition.
    await builder.getByLabel('Field').selectOption({ label: 'Age' })
    await builder.getByLabel('Condition').selectOption({ label: 'is at least' })
    await builder.getByLabel('Value').fill('30')
    await builder.getByLabel('Value').press('Enter')
    await eventually(totalText, '1 matching record')
    expect(await expression.inputValue()).toBe("plan = 'pro' && age >= 30")
    expect(await records().getByRole('region', { name: 'Records' }).locator('tbody').innerText()).toContain(
      'ada@example.com',
    )
    const href = await records().locator('a.export-csv').getAttribute('href')
    expect(new URL(href!, admin.svc.url).searchParams.get('filter')).toBe("plan = 'pro' && age >= 30")
    // A value the operator cannot take is explained beside the builder.
    await builder.getByLabel('Value').fill('thirty')
    await builder.getByRole('button', { name: 'Add condition' }).click()
    expect(await builder.getByRole('alert').innerText()).toBe('Enter a number, like 42 or -1.5')
    expect(await builder.getByLabel('Value').getAttribute('aria-invalid')).toBe('true')
    await shot(page, 'records-03-filter-built-1280')
    await expression.focus()
    await expectAccessible(page)
    await filter.getByRole('button', { name: 'Clear' }).click()
    await eventually(totalText, '4 records')
  })

  test('a record is corrected in the drawer: refusals beside their field, then saved, with the change in its history', async () => {
    await records()
      .getByRole('button', { name: /^Open record .* ada@example\.com$/ })
      .click()
    await drawer().getByRole('heading', { name: 'Record' }).waitFor()
    // Values under the fields' labels, the name beside.
    expect(await drawer().locator('th.key').first().innerText()).toBe('E-mail address\nemail')
    await drawer().getByText('Never edited: the values are as they were sent.').waitFor()
    await drawer().getByRole('button', { name: 'Edit' }).click()
    const form = drawer().locator('svc-record-form')
    const email = form.getByRole('textbox', { name: /^E-mail address/ })
    await eventually(() => email.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement), true)
    await email.fill('not-an-email')
    await form.getByRole('spinbutton', { name: /^Age/ }).fill('37')
    await form.getByRole('group', { name: /^Plan/ }).getByLabel('team').check()
    await form
      .getByRole('group', { name: /^Interests/ })
      .getByLabel('events')
      .check()
    await form.getByRole('button', { name: 'Save' }).click()
    await form.getByRole('alert').waitFor()
    expect(await form.getByRole('alert').innerText()).toBe('The record was not saved: one value needs fixing.')
    const problem = form.locator('svc-field-input').first().locator('.problem')
    expect(await problem.innerText()).toBe('must be an e-mail address, got string "not-an-email"')
    expect(await email.getAttribute('aria-invalid')).toBe('true')
    expect(await email.getAttribute('aria-describedby')).toBe('problem')
    // Focus went to the field to fix.
    expect(await email.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)).toBe(true)
    expect((await admin.api('records.get', { params: { id: appId, recordId: ids[0] } })).body.data.data.age).toBe(36)
    await shot(page, 'records-04-edit-refused-1280')
    await expectAccessible(page)
    await email.fill('ada@example.org')
    await form.getByRole('button', { name: 'Save' }).click()
    await drawer().getByRole('status').getByText('Saved: 4 values changed.').waitFor()
    const history = drawer().locator('section.history')
    expect(await history.locator('li ul').innerText()).toBe(
      [
        'E-mail address: ada@example.com → ada@example.org',
        'Plan: pro → team',
        'Age: 36 → 37',
        'Interests: news → news, events',
      ].join('\n'),
    )
    expect(await history.locator('.when').innerText()).toContain('owner@example.com')
    // Focus is back on the Edit button.
    expect(
      await drawer()
        .getByRole('button', { name: 'Edit' })
        .evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement),
    ).toBe(true)
    const stored = (await admin.api('records.get', { params: { id: appId, recordId: ids[0] } })).body.data
    expect(stored.data).toEqual({
      email: 'ada@example.org',
      phone: '+44 20 7946 0958',
      plan: 'team',
      age: 37,
      agree: true,
      tags: ['news', 'events'],
    })
    expect(stored.edits).toBe(1)
    await shot(page, 'records-05-edit-saved-1280')
    await expectAccessible(page)
    await page.keyboard.press('Escape')
    await drawer().waitFor({ state: 'hidden' })
    // The table shows the corrected values.
    await eventually(
      async () =>
        (await records().getByRole('region', { name: 'Records' }).locator('tbody').innerText()).includes(
          'ada@example.org',
        ),
      true,
    )
  })

  test('CSV downloads neutralised by default; raw on request, a phone number as typed; a spam column with spam', async () => {
    const link = records().locator('a.export-csv')
    const download = async () => {
      const [file] = await Promise.all([page.waitForEvent('download'), link.click()])
      return readFileSync((await file.path())!, 'utf8')
    }
    expect(await download()).toContain(`,"'+44 20 7946 0958",`)
    await records().getByRole('checkbox', { name: 'CSV as stored (no formula protection)' }).check()
    expect(new URL((await link.getAttribute('href'))!, admin.svc.url).searchParams.get('raw')).toBe('1')
    const raw = await download()
    expect(raw).toContain(',+44 20 7946 0958,')
    expect(raw).toContain(',"=HYPERLINK(""http://x"")",')
    await records().locator('select[name=spam]').selectOption('include')
    await eventually(totalText, '5 records')
    const withSpam = (await download()).replace(/^\uFEFF/, '').split('\r\n')
    expect(withSpam[0].startsWith('id,createdAt,spam,email,')).toBe(true)
    expect(withSpam.filter((line) => line.includes(',true,bot@spam.example')).length).toBe(1)
    await records().locator('select[name=spam]').selectOption('exclude')
    await records().getByRole('checkbox', { name: 'CSV as stored (no formula protection)' }).uncheck()
    await eventually(totalText, '4 records')
  })
})

describe.skipIf(!hasBrowser)('admin Data tab on a phone (390 px)', () => {
  let admin: AdminSession
  let page: Page
  let appId: string
  const WIDTH = 390

  const records = () => page.locator('svc-records')

  beforeAll(async () => {
    admin = await openAdmin({ viewport: { width: WIDTH, height: 844 }, reload: true })
    page = admin.page
    const app = await publishedApp(admin.api, 'Newsletter sign-up', FIELDS)
    appId = app.id
    for (const data of RECORDS) {
      const posted = await callServer(admin.svc.url, 'ingest.post', { params: { token: app.token }, body: { data } })
      if (posted.status !== 200) throw new Error(posted.text)
    }
    await page.goto(`${admin.svc.url}/admin/#/apps/${appId}/data`)
    await records().locator('tbody tr').nth(3).waitFor()
  }, 30_000)

  afterAll(() => admin?.close(), 30_000)

  test('each record is a card of labels and values; nothing needs sideways scrolling', async () => {
    const card = records().locator('tbody tr').last()
    expect(await card.locator('td[data-label="E-mail address"]').innerText()).toBe('ada@example.com')
    // A card shows the label beside each value it has, and leaves out the fields it has none for.
    expect(
      await card.evaluate((tr) => getComputedStyle(tr.querySelector('td[data-label="Phone"]')!, '::before').content),
    ).toBe('"Phone"')
    expect(await records().locator('tbody tr').first().locator('td[data-label="Phone"]').isVisible()).toBe(false)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH)
    expect(await outOfReach(page, WIDTH)).toEqual([])
    await shot(page, 'records-10-cards-390')
    await expectAccessible(page)
  })

  test('selecting records: the selection bar’s actions, Clear selection among them, are in reach and work', async () => {
    await records().getByRole('checkbox', { name: 'Select all records on this page' }).check()
    const bar = records().getByRole('region', { name: 'Selected records' })
    await bar.waitFor()
    expect(await bar.getByRole('button').allInnerTexts()).toEqual([
      'Mark as spam',
      'Delete selected',
      'Clear selection',
    ])
    expect(await outOfReach(page, WIDTH)).toEqual([])
    const clear = bar.getByRole('button', { name: 'Clear selection' })
    const box = (await clear.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(WIDTH)
    await shot(page, 'records-11-selection-390')
    await clear.click()
    await bar.waitFor({ state: 'detached' })
  })

  test('the filter builder, the columns list and the drawer’s editor fit the phone', async () => {
    // On a phone the filter is folded under its summary, so the first screen shows records.
    const filters = records().locator('details.filters')
    expect(await filters.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false)
    await filters.locator('summary').click()
    const builder = records().locator('svc-record-filter').getByRole('form', { name: 'Add a condition' })
    await builder.getByLabel('Field').selectOption({ label: 'Interests' })
    await builder.getByLabel('Value').selectOption('events')
    await builder.getByRole('button', { name: 'Add condition' }).click()
    await eventually(() => records().locator('.total').innerText(), '1 matching record')
    await records().locator('svc-column-picker').getByRole('button', { name: 'Columns' }).click()
    expect(await outOfReach(page, WIDTH)).toEqual([])
    await shot(page, 'records-12-filter-columns-390')
    await page.keyboard.press('Escape')
    await records()
      .getByRole('button', { name: /^Open record / })
      .click()
    const drawer = page.locator('svc-record-drawer dialog')
    await drawer.getByRole('button', { name: 'Edit' }).click()
    await drawer.locator('svc-record-form').waitFor()
    // The history stays listed below the editor.
    expect(await drawer.locator('section.history').innerText()).toContain('Never edited')
    expect(await outOfReach(page, WIDTH)).toEqual([])
    await shot(page, 'records-13-edit-390')
    await expectAccessible(page)
    await drawer.getByRole('button', { name: 'Cancel' }).click()
    await drawer.getByRole('heading', { name: 'Record' }).waitFor()
    await shot(page, 'records-14-drawer-390')
  })
})
