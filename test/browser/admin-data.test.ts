/**
 * Admin page, owner's path through data: create an app, define fields, publish, receive
 * records posted like curl would, page through thousands of them, filter spam, delete,
 * export CSV, read the summary — and hostile keys and values stay inert text throughout.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import type { Browser, Locator, Page } from 'playwright-core'
import { chromiumAvailable, type BrowserTestServer } from '../support/browser.ts'
import { expectAccessible } from './accessible.ts'
import { target } from '../support/call.ts'
import { callApi, eventually, openAdmin, shot, type AdminSession, type OwnerApi } from './admin-helpers.ts'

const XSS_KEY = '<img src=x onerror=window.__xss=1>'
const XSS_VALUES = ['<img src=x onerror=window.__xss=2>', 'javascript:alert(1)', '"><script>window.__xss=3</script>']
const RTL = 'שלום עולם — مرحبا'

const hasBrowser = chromiumAvailable('admin-data browser tests')

/** The WCAG contrast ratio of an element's text colour against the first opaque background behind it. */
function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number)
    const luminance = ([r, g, b]: number[]) => {
      const [R, G, B] = [r, g, b].map((c) =>
        c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4,
      )
      return 0.2126 * R + 0.7152 * G + 0.0722 * B
    }
    let node: Element | null = element
    let background = [255, 255, 255]
    while (node) {
      const value = rgb(getComputedStyle(node).backgroundColor)
      if (value.length === 3 || (value.length === 4 && value[3] === 1)) {
        background = value.slice(0, 3)
        break
      }
      node = node.parentElement ?? (node.getRootNode() as ShadowRoot).host ?? null
    }
    const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(background)]
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
  })
}

describe.skipIf(!hasBrowser)('admin page: apps, fields, records', () => {
  let admin: AdminSession
  let svc: BrowserTestServer
  let browser: Browser
  let page: Page
  let api: OwnerApi
  let appId: string
  let endpoint: string

  const records = () => page.locator('svc-records')
  const totalText = () => records().locator('.total').innerText()

  beforeAll(async () => {
    // A controllable clock for the auto-refresh timer; it otherwise runs at real speed.
    admin = await openAdmin({ viewport: { width: 1360, height: 900 }, clock: true, reload: true })
    ;({ svc, browser, page, api } = admin)
    await page.getByRole('heading', { name: 'Apps', exact: true }).waitFor()
  }, 30_000)

  afterAll(() => admin?.close(), 30_000)

  test('an empty apps list invites creating the first app, which opens its setup', async () => {
    await page.getByText('No apps yet').waitFor()
    await shot(page, '01-apps-empty')
    await page.getByRole('button', { name: 'Create your first app' }).click()
    await page.locator('form.create input[name=name]').fill('Contact form')
    await page.locator('form.create input[name=description]').fill('Messages from the website')
    await page.getByRole('button', { name: 'Create app' }).click()
    await page.waitForURL(/#\/apps\/[^/]+$/)
    appId = decodeURIComponent(new URL(page.url()).hash.split('/')[2])
    await page.getByRole('heading', { name: 'Contact form' }).waitFor()
    const app = await api('apps.get', { params: { id: appId } })
    expect(app.status).toBe(200)
    expect(app.body.data).toMatchObject({
      id: appId,
      name: 'Contact form',
      description: 'Messages from the website',
      published: false,
      fieldCount: 0,
    })
  })

  test('fields are added with type, options and required, counted against the limit, and reordered', async () => {
    const add = page.locator('svc-fields-editor form.add')
    const fields: Array<{ name: string; type: string; options?: string; required?: boolean }> = [
      { name: 'email', type: 'email', required: true },
      { name: 'plan', type: 'choice', options: 'free\npro\nteam' },
      { name: 'age', type: 'number' },
      { name: 'agree', type: 'boolean' },
      { name: 'message', type: 'text' },
    ]
    for (const [i, field] of fields.entries()) {
      await add.locator('input[name=name]').fill(field.name)
      await add.locator('select[name=type]').selectOption(field.type)
      if (field.options) await add.locator('textarea[name=options]').fill(field.options)
      await add.locator('input[name=required]').setChecked(field.required ?? false)
      await add.getByRole('button', { name: 'Add field' }).click()
      await page
        .locator('svc-fields-editor .count')
        .getByText(`${i + 1} / 50 fields`)
        .waitFor()
    }
    // Move "message" up to second place with the keyboard-reachable arrows.
    for (let i = 0; i < 3; i++) {
      await page.getByRole('button', { name: 'Move message up' }).click()
      await page.waitForFunction((n) => {
        const editor = document
          .querySelector('svc-admin')!
          .shadowRoot!.querySelector('svc-app-view')!
          .shadowRoot!.querySelector('svc-app-setup')!
          .shadowRoot!.querySelector('svc-fields-editor')!
        const names = [...editor.shadowRoot!.querySelectorAll('tbody tr[data-field-id] td:nth-child(2) input')].map(
          (i) => (i as HTMLInputElement).value,
        )
        return names.indexOf('message') === 4 - n
      }, i + 1)
    }
    const listed = await api('fields.list', { params: { id: appId } })
    expect(listed.body.data.limit).toBe(50)
    expect(listed.body.data.fields.map((f) => [f.name, f.type, f.required, f.options])).toEqual([
      ['email', 'email', true, null],
      ['message', 'text', false, null],
      ['plan', 'choice', false, ['free', 'pro', 'team']],
      ['age', 'number', false, null],
      ['agree', 'boolean', false, null],
    ])
  })

  test('an existing field is edited in place: its label and options are saved on change', async () => {
    await page.getByRole('textbox', { name: 'Label of field message' }).fill('Your message')
    await page.getByRole('textbox', { name: 'Label of field message' }).press('Tab')
    const options = page.getByRole('textbox', { name: 'Options of field plan, one per line' })
    await options.fill('free\npro\nteam\nenterprise')
    await options.press('Tab')
    await eventually(
      async () =>
        (await api('fields.list', { params: { id: appId } })).body.data.fields.map((f) => [f.name, f.label, f.options]),
      [
        ['email', '', null],
        ['message', 'Your message', null],
        ['plan', '', ['free', 'pro', 'team', 'enterprise']],
        ['age', '', null],
        ['agree', '', null],
      ],
    )
  })

  test('publishing shows the endpoint, fill-in and data URLs with copy buttons, a curl example and an HTML form', async () => {
    await page.locator('svc-share-settings button.publish').click()
    const endpointOutput = page.locator('svc-endpoint-help output[aria-labelledby=url-endpoint]')
    await endpointOutput.waitFor()
    endpoint = await endpointOutput.innerText()
    expect(endpoint).toMatch(/^http:\/\/localhost:\d+\/api\/v3\/share\/[A-Za-z0-9_-]{20,}$/)
    const urls = (await api('apps.urls', { params: { id: appId } })).body.data
    expect(endpoint).toBe(urls.endpoint!)
    expect(await page.locator('svc-endpoint-help output[aria-labelledby=url-data]').innerText()).toBe(urls.data!)
    expect(await page.locator('svc-endpoint-help output[aria-labelledby=url-fill]').innerText()).toBe(urls.fillIn!)
    const curl = await page.locator('svc-endpoint-help pre[aria-labelledby=snippet-curl]').innerText()
    expect(curl).toContain(`curl -X POST '${endpoint}'`)
    const form = await page.locator('svc-endpoint-help pre[aria-labelledby=snippet-html]').innerText()
    expect(form).toContain(`<form action="${endpoint}/form" method="POST">`)
    expect(form).toContain('<input type="email" name="email" required>')
    expect(form).toContain('name="_gotcha"')
    expect(await page.locator('svc-share-settings .badge').innerText()).toBe('Published')
    // Where the eye is after pressing Publish: the URL and a Copy button, in view without scrolling.
    const published = page.locator('svc-share-settings .published-url')
    expect(await published.locator('output').innerText()).toBe(endpoint)
    expect(await published.getByRole('button', { name: 'Copy the endpoint URL' }).isVisible()).toBe(true)
    const box = (await published.boundingBox())!
    expect(box.y + box.height).toBeLessThan(page.viewportSize()!.height)
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: svc.url })
    const copy = page.getByRole('button', { name: 'Copy Endpoint URL' })
    await copy.click()
    await eventually(() => copy.innerText(), 'Copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(endpoint)
    await shot(page, '02-app-setup')
  })

  test('the endpoint accepts the curl example exactly as shown', async () => {
    const curl = await page.locator('svc-endpoint-help pre[aria-labelledby=snippet-curl]').innerText()
    const body = /-d '(.*)'$/s.exec(curl)![1]
    const response = await callApi(svc.url, 'POST', new URL(endpoint).pathname, { raw: body, type: 'application/json' })
    expect(response.status).toBe(200)
    expect(response.body.data.id).toEqual(expect.any(String))
  })

  test('posted records appear as text, with RTL and nested values, and hostile keys and values execute nothing', async () => {
    const path = new URL(endpoint).pathname
    const posted = [
      { email: 'ada@example.com', message: RTL, plan: 'pro', age: 36, agree: true },
      { email: 'no-plan@example.com', message: 'no plan here', age: 20, agree: false },
      {
        email: 'x@example.com',
        message: XSS_VALUES[2],
        plan: 'free',
        [XSS_KEY]: XSS_VALUES[0],
        link: XSS_VALUES[1],
        nested: { deep: [XSS_VALUES[0], { n: 1 }] },
      },
    ]
    for (const data of posted) expect((await callApi(svc.url, 'POST', path, { body: { data } })).status).toBe(200)

    await page.locator('svc-app-view nav.tabs').getByRole('link', { name: 'Data' }).click()
    await page.waitForURL(/\/data$/)
    await records().locator('tbody tr').nth(3).waitFor()
    expect(await totalText()).toBe('4 records')
    const table = records().locator('table')
    // Columns: the fields in field order (by label, the name beside it), then keys seen on the page that are not fields yet.
    const headers = await table.locator('thead th').allInnerTexts()
    expect(headers.slice(1, 3)).toEqual(['id', 'Arrived'])
    expect(headers.slice(3, 8).map((h) => h.split('\n').map((line) => line.trim()))).toEqual([
      ['email'],
      ['Your message', 'message'],
      ['plan'],
      ['age'],
      ['agree'],
    ])
    expect(headers.join('|')).toContain(XSS_KEY)
    const text = await table.innerText()
    expect(text).not.toContain('undefined')
    for (const value of [RTL, XSS_VALUES[1], XSS_VALUES[2], XSS_VALUES[0], 'no plan here'])
      expect(text).toContain(value)
    // Newest first: the hostile record is on top; its nested value is compact and expandable.
    const nested = table.locator('tbody tr').first().locator('details')
    await nested.locator('summary').click()
    expect(await nested.locator('pre').innerText()).toContain('"deep"')
    // Every payload stayed text: nothing ran, no element was made from data.
    expect(await page.evaluate(() => Reflect.get(window, '__xss'))).toBeUndefined()
    expect(await page.locator('img').count()).toBe(0)
    expect(await page.locator('svc-records script').count()).toBe(0)
    // Right-to-left text gets its own direction.
    expect(await table.locator('span[dir=auto]', { hasText: RTL }).count()).toBe(1)
    await shot(page, '03-records')

    await table.locator('tbody tr').first().locator('td.id button').click()
    const drawer = page.locator('svc-record-drawer dialog')
    await drawer.waitFor()
    const raw = await drawer.locator('pre.raw').innerText()
    expect(JSON.parse(raw)).toEqual({
      id: expect.any(String),
      data: posted[2],
      meta: {},
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect(await page.evaluate(() => Reflect.get(window, '__xss'))).toBeUndefined()
    await shot(page, '04-record-drawer')
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })
  })

  test('pages through 2,500 more records: page size, next, jump to page, oldest first', async () => {
    const path = new URL(endpoint).pathname
    for (let start = 0; start < 2500; start += 1000) {
      const batch = Array.from({ length: Math.min(1000, 2500 - start) }, (_, i) => ({
        data: { email: `r${start + i}@example.com`, n: start + i, message: `record ${start + i}` },
      }))
      const response = await callApi(svc.url, 'POST', `${path}/batch`, { body: batch })
      expect(response.status, response.text).toBe(200)
    }
    await records().locator('button.refresh').click()
    await eventually(totalText, '2,504 records')
    await records().locator('select[name=size]').selectOption('100')
    await eventually(() => records().locator('.page-status').innerText(), 'Page 1 of 26')
    await eventually(() => records().locator('tbody tr').count(), 100)
    // "n" was auto-created as a number field by the batch, so it is a column of its own.
    const nColumn = (await records().locator('thead th').allInnerTexts()).findIndex((h) => h.trim() === 'n')
    expect(nColumn).toBeGreaterThan(2)
    const firstN = () => records().locator('tbody tr').first().locator('td').nth(nColumn).innerText()
    expect(await firstN()).toBe('2499')
    await records().getByRole('button', { name: 'Next' }).click()
    await eventually(firstN, '2399')
    await records().locator('.pager input[name=page]').fill('26')
    await records().locator('.pager input[name=page]').press('Enter')
    await eventually(() => records().locator('.page-status').innerText(), 'Page 26 of 26')
    await eventually(() => records().locator('tbody tr').count(), 4)
    await records().locator('input[name=newestFirst]').uncheck()
    await eventually(() => records().locator('.page-status').innerText(), 'Page 1 of 26')
    await eventually(() => records().locator('tbody tr').first().locator('td').nth(3).innerText(), 'ada@example.com')
    await shot(page, '05-records-paged')
  })

  test('spam is hidden by default and shown with the spam filter', async () => {
    const form = new URLSearchParams({ email: 'bot@spam.example', message: 'buy now', _gotcha: 'I am a bot' })
    const response = await callApi(svc.url, 'POST', `${new URL(endpoint).pathname}/form`, {
      raw: form.toString(),
      type: 'application/x-www-form-urlencoded',
    })
    expect(response.status).toBe(200)
    await records().locator('button.refresh').click()
    await eventually(totalText, '2,504 records')
    await records().locator('select[name=spam]').selectOption('only')
    await eventually(totalText, '1 spam record')
    expect(await records().locator('tbody').innerText()).toContain('bot@spam.example')
    await records().locator('select[name=spam]').selectOption('include')
    await eventually(totalText, '2,505 records')
    await records().locator('select[name=spam]').selectOption('exclude')
    await eventually(totalText, '2,504 records')
  })

  test('a filter finds records by value and by day; a mistake is explained under the field, and Clear brings every record back', async () => {
    const filterBox = records().locator('svc-record-filter')
    const input = filterBox.getByRole('searchbox', { name: 'Filter' })
    // Keyboard only: focus the field, type, Enter applies.
    await input.focus()
    await page.keyboard.type("email ~ 'ADA@' && message ~ 'שלום' && age >= 30")
    await page.keyboard.press('Enter')
    await eventually(totalText, '1 matching record')
    expect(await records().locator('tbody tr').count()).toBe(1)
    expect(await records().locator('tbody').innerText()).toContain('ada@example.com')
    // The exports download what the table shows.
    const csv = await records().locator('a.export-csv').getAttribute('href')
    expect(new URL(csv!, svc.url).searchParams.get('filter')).toBe("email ~ 'ADA@' && message ~ 'שלום' && age >= 30")
    expect(
      (
        await callApi(svc.url, 'GET', new URL(csv!, svc.url).pathname + new URL(csv!, svc.url).search, {
          token: admin.token,
        })
      ).text.split('\r\n').length,
    ).toBe(3)
    await shot(page, '05b-records-filtered')
    await input.fill("emial = 'x'")
    await filterBox.getByRole('button', { name: 'Apply' }).click()
    const problem = filterBox.getByRole('alert')
    await eventually(
      () => problem.innerText(),
      `filter: this app has no field "emial"; its fields: email, message, plan, age, agree, \`${XSS_KEY}\`, link, nested, n (and created, id) (at character 1)`,
    )
    // The hostile key in the message is text, run by nothing.
    expect(await page.evaluate(() => Reflect.get(window, '__xss'))).toBeUndefined()
    expect(await input.getAttribute('aria-invalid')).toBe('true')
    expect(await input.getAttribute('aria-describedby')).toBe('filter-problem')
    // The table keeps the records of the last filter that ran.
    expect(await totalText()).toBe('1 matching record')
    // From the filter field on: every control of the filter is a Tab stop with its focus shown.
    await input.focus()
    expect((await expectAccessible(page)).slice(0, 4)).toEqual([
      'input[type=date] "Arrived from"',
      'input[type=date] "to"',
      'button "Apply"',
      'button "Clear"',
    ])
    await shot(page, '05c-records-filter-problem')
    // Days: nothing arrived after today.
    await input.fill('')
    const tomorrow = new Date(Date.now() + 86_400_000)
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`
    await filterBox.getByLabel('Arrived from').fill(day)
    await filterBox.getByRole('button', { name: 'Apply' }).click()
    await eventually(totalText, '0 matching records')
    expect(await records().locator('.empty').innerText()).toBe('No records match this filter.')
    await filterBox.getByRole('button', { name: 'Clear' }).click()
    await eventually(totalText, '2,504 records')
    expect(await input.inputValue()).toBe('')
  })

  test('spam rows carry a Spam badge; selected records are marked not spam or spam, and the counts follow', async () => {
    const filterBox = records().locator('svc-record-filter')
    await filterBox.getByRole('searchbox', { name: 'Filter' }).fill("email = 'bot@spam.example'")
    await filterBox.getByRole('button', { name: 'Apply' }).click()
    await eventually(totalText, '0 matching records')
    await records().locator('select[name=spam]').selectOption('include')
    await eventually(totalText, '1 matching record')
    const row = records().locator('tbody tr').first()
    expect(await row.locator('td.id .badge').innerText()).toBe('Spam')
    expect(await row.getAttribute('class')).toContain('spam')
    await row.locator('td.check input').check()
    expect(await records().locator('.selection button').allInnerTexts()).toEqual([
      'Not spam',
      'Delete selected',
      'Clear selection',
    ])
    await shot(page, '05d-spam-selected')
    await records().getByRole('button', { name: 'Not spam' }).click()
    await eventually(() => row.locator('td.id .badge').count(), 0)
    expect((await api('records.summary', { params: { id: appId } })).body).toMatchObject({ total: 2505, spam: 0 })
    await row.locator('td.check input').check()
    expect(await records().locator('.selection button').allInnerTexts()).toEqual([
      'Mark as spam',
      'Delete selected',
      'Clear selection',
    ])
    await records().getByRole('button', { name: 'Mark as spam' }).click()
    await eventually(() => row.locator('td.id .badge').innerText(), 'Spam')
    expect((await api('records.summary', { params: { id: appId } })).body).toMatchObject({ total: 2504, spam: 1 })
    await records().locator('select[name=spam]').selectOption('exclude')
    await filterBox.getByRole('button', { name: 'Clear' }).click()
    await eventually(totalText, '2,504 records')
  })

  test('a new record is counted by the live stream, with no auto-refresh poll beside it', async () => {
    expect(await records().locator('input[name=autoRefresh]').count()).toBe(0)
    const posted = await callApi(svc.url, 'POST', new URL(endpoint).pathname, {
      body: { data: { email: 'live@example.com' } },
    })
    expect(posted.status).toBe(200)
    await records().getByRole('button', { name: 'Show 1 new record' }).waitFor()
    // Time passes on the page's clock (the old poll's period): nothing reads the page by itself.
    await page.clock.fastForward(5_000)
    expect(await totalText()).toBe('2,504 records')
    // The record arrived on the last page (oldest first); remove it so later counts stay simple.
    expect(
      (await api('records.deleteMany', { params: { id: appId }, body: { ids: [posted.body.data.id] } })).body.data,
    ).toEqual({ deleted: 1 })
    await records().locator('button.refresh').click()
    await eventually(totalText, '2,504 records')
  })

  test('selected records are deleted after a confirmation', async () => {
    const firstRow = records().locator('tbody tr').first()
    const id = await firstRow.getAttribute('data-record-id')
    await firstRow.locator('td.check input').check()
    await records().getByRole('button', { name: 'Delete selected' }).click()
    const dialog = records().locator('svc-confirm dialog')
    await dialog.waitFor()
    expect(await dialog.innerText()).toContain('permanently deletes the selected record')
    await shot(page, '06-delete-confirm')
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await eventually(totalText, '2,503 records')
    expect((await api('records.get', { params: { id: appId, recordId: id! } })).status).toBe(404)
  })

  test('Export CSV downloads the server export: BOM, RFC 4180 quoting, formulas neutralised', async () => {
    const path = new URL(endpoint).pathname
    const posted = await callApi(svc.url, 'POST', path, {
      body: { data: { email: 'quote@example.com', message: 'He said "hi", then left', note: '=1+1' } },
    })
    expect(posted.status).toBe(200)
    const link = records().locator('a.export-csv')
    expect(await link.getAttribute('href')).toBe(target('records.exportCsv', { params: { id: appId } }).path)
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    const bytes = readFileSync((await download.path())!)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.toString('utf8').slice(1).split('\r\n')
    const header = lines[0].split(',')
    expect(header.slice(0, 7)).toEqual(['id', 'createdAt', 'email', 'message', 'plan', 'age', 'agree'])
    expect(header).toContain('note')
    const row = lines.find((line) => line.includes('quote@example.com'))!
    expect(row.slice(row.indexOf(',quote@'))).toBe(
      `,quote@example.com,"He said ""hi"", then left",,,,${','.repeat(header.indexOf('note') - 7)}"'=1+1"${','.repeat(header.length - header.indexOf('note') - 1)}`,
    )
    expect(lines.find((line) => line.includes('ada@example.com'))).toContain(`,ada@example.com,${RTL},pro,36,true,`)
    expect(lines.length).toBe(2503 + 1 + 1 + 1) // header, records, the one above, trailing empty line
    expect(await records().locator('a.export-jsonl').getAttribute('href')).toBe(
      target('records.exportJsonl', { params: { id: appId } }).path,
    )
  })

  test('the summary draws per-day bars, top values, number ranges and the true/false split', async () => {
    await page.locator('svc-app-view nav.tabs').getByRole('link', { name: 'Summary' }).click()
    const summary = page.locator('svc-summary')
    await summary.locator('.days svg').waitFor()
    const stats = await summary.locator('.stat .value').allInnerTexts()
    const server = (await api('records.summary', { params: { id: appId } })).body
    expect(stats[0]).toBe(server.total.toLocaleString('en-US'))
    expect(await summary.locator('.days rect').count()).toBe(30)
    const plan = summary.locator('section.field', { has: page.locator('h2', { hasText: /^plan$/ }) })
    // The curl example's record (the oldest) was deleted above: one "free", one "pro" remain.
    expect(await plan.locator('svc-bar-chart li').allInnerTexts()).toEqual(['free\n1', 'pro\n1'])
    const age = summary.locator('section.field', { has: page.locator('h2', { hasText: /^age$/ }) })
    expect(await age.locator('.numbers dd').allInnerTexts()).toEqual(['20', '28', '36', '56'])
    const agree = summary.locator('section.field', { has: page.locator('h2', { hasText: /^agree$/ }) })
    expect(await agree.locator('.legend').innerText()).toBe('true: 1 (50%)\nfalse: 1 (50%)')
    expect(await page.evaluate(() => Reflect.get(window, '__xss'))).toBeUndefined()
    await shot(page, '07-summary')
  })

  test('the HTML form snippet, pasted into a page, posts a record to the endpoint', async () => {
    await page.locator('svc-app-view nav.tabs').getByRole('link', { name: 'Setup' }).click()
    // The keys posted above without the owner's token are proposals, on no form until accepted.
    const pre = page.locator('svc-endpoint-help pre[aria-labelledby=snippet-html]')
    expect(await pre.innerText()).not.toContain('name="link"')
    await page.locator('svc-fields-editor').getByRole('button', { name: 'Accept all' }).click()
    await page.locator('svc-fields-editor .proposals').waitFor({ state: 'detached' })
    await eventually(async () => (await pre.innerText()).includes('name="link"'), true)
    const snippet = await pre.innerText()
    const site = await browser.newPage()
    site.setDefaultTimeout(20_000)
    try {
      await site.setContent(`<!doctype html><meta charset="utf-8">${snippet}`)
      expect(await site.locator('input[name=_gotcha]').isVisible()).toBe(false)
      // Field names are escaped in the snippet: the hostile field, once accepted, is an input, not markup.
      expect(await site.evaluate(() => Reflect.get(window, '__xss'))).toBeUndefined()
      expect(await site.locator('img').count()).toBe(0)
      expect(await site.locator(`input[name="${XSS_KEY}"]`).count()).toBe(1)
      await site.getByLabel('email', { exact: true }).fill('form@example.com')
      await site.getByLabel('Your message').fill('Sent from the pasted form')
      // A single choice of a few options is a group of radio buttons, a boolean a Yes/No pair (the fill-in page's controls).
      await site.getByRole('group', { name: 'plan' }).getByLabel('team').check()
      await site.locator('input[name=age]').fill('51')
      await site.getByRole('group', { name: 'agree' }).getByLabel('Yes').check()
      // The browser's own post lands on the hosted thank-you page, not on raw JSON.
      await Promise.all([site.waitForURL(/\/f\/[^/]+\/thanks/), site.getByRole('button', { name: 'Send' }).click()])
      expect(await site.getByRole('heading', { level: 1 }).innerText()).toBe('Thank you')
      expect(await site.locator('main p').first().innerText()).toMatch(/^Your answers to “.+” were saved\.$/)
    } finally {
      await site.close()
    }
    const newest = await api('records.list', { params: { id: appId }, query: { order: 'desc', size: 1 } })
    // Every field has an input, so the text fields left blank arrive as "".
    expect(newest.body.records[0].data).toEqual({
      email: 'form@example.com',
      message: 'Sent from the pasted form',
      plan: 'team',
      age: 51,
      agree: true,
      [XSS_KEY]: '',
      link: '',
      nested: '',
      // Accepted as a number field (every stored value was a number): a blank number is left out.
      note: '',
    })
  })

  // Explicit timeouts: in a whole-suite run Bun applies the preload's default only to the first file.
  test('share settings: who may read with the link, off by default, with the server’s warning beside an open choice', async () => {
    const share = page.locator('svc-share-settings')
    const path = new URL(endpoint).pathname
    const reads = share.getByRole('group', { name: 'Who may read with the endpoint or fill-in link' })
    const warning = share.locator('#reads-warning')
    expect(await reads.getByRole('radio', { name: /^Only you/ }).isChecked()).toBe(true)
    expect(await warning.count()).toBe(0)
    expect((await callApi(svc.url, 'GET', `${path}/query`)).status).toBe(403)
    // Opening reads asks first (test/browser/admin-share-reads.test.ts has the question itself).
    await reads.getByRole('radio', { name: /^Records/ }).click()
    await share.locator('svc-confirm').getByRole('button', { name: 'Open records to anyone' }).click()
    await eventually(async () => (await api('share.get', { params: { id: appId } })).body.data.reads, 'records')
    await warning.waitFor()
    const shown = (await api('share.get', { params: { id: appId } })).body.data.warnings
    expect(await warning.innerText()).toBe(`Warning: ${shown![0]}`)
    expect(shown![0]).toContain('anyone with the endpoint or fill-in link can read every record')
    expect(await reads.getAttribute('aria-describedby')).toBe('reads-hint reads-warning')
    expect(await warning.getAttribute('role')).toBe('note')
    expect((await callApi(svc.url, 'GET', `${path}/query`)).status).toBe(200)
    await shot(page, '13-reads-open')
    await reads.getByRole('radio', { name: /^Summary/ }).check()
    await eventually(async () => (await api('share.get', { params: { id: appId } })).body.data.reads, 'summary')
    await eventually(async () => (await warning.innerText()).includes('can read the aggregates of every record'), true)
    expect((await callApi(svc.url, 'GET', `${path}/query`)).status).toBe(403)
    expect((await callApi(svc.url, 'GET', `${path}/summary`)).status).toBe(200)
    expect(await contrastOf(warning.locator('p').first())).toBeGreaterThanOrEqual(4.5)
    await reads.getByRole('radio', { name: /^Only you/ }).check()
    await eventually(async () => (await api('share.get', { params: { id: appId } })).body.data.reads, 'off')
    await warning.waitFor({ state: 'detached' })
    await reads.getByRole('radio', { name: /^Records/ }).click()
    await share.locator('svc-confirm').getByRole('button', { name: 'Open records to anyone' }).click()
    await warning.waitFor()
  }, 30_000)

  test('share settings: a switch, honeypot, rate limit, redirect origins and the thank-you text and URL are saved; rotating warns and retires the old URL', async () => {
    const share = page.locator('svc-share-settings')
    const path = new URL(endpoint).pathname
    await share.getByRole('checkbox', { name: /Accept submissions/ }).uncheck()
    await eventually(async () => (await api('share.get', { params: { id: appId } })).body.data.service, false)
    const refused = await callApi(svc.url, 'POST', path, { body: { data: { email: 'late@example.com' } } })
    expect([refused.status, refused.body.error.type]).toEqual([403, 'disabled'])
    await share.getByRole('checkbox', { name: /Accept submissions/ }).check()
    await eventually(async () => (await api('share.get', { params: { id: appId } })).body.data.service, true)

    // The settings few apps change wait behind their summary line.
    await share.getByText('Spam, rate limit, public summary and redirects').click()
    await share.locator('input[name=honeypot]').fill('_trap')
    await share.locator('input[name=rateLimit]').fill('5/s,10')
    await share.locator('textarea[name=redirectOrigins]').fill('https://example.com\nhttps://شركة.example')
    await share.getByLabel('Thank-you message').fill('Thanks! We answer within a day.')
    await share.getByLabel('Thank-you page URL').fill('https://example.com/thanks')
    await share.getByRole('button', { name: 'Save settings' }).click()
    await share.getByText('Saved', { exact: true }).waitFor()
    const saved = (await api('share.get', { params: { id: appId } })).body.data
    expect([
      saved.honeypot,
      saved.rateLimit,
      saved.redirectOrigins.length,
      saved.thankYouMessage,
      saved.thankYouUrl,
    ]).toEqual(['_trap', '5/s,10', 2, 'Thanks! We answer within a day.', 'https://example.com/thanks'])
    // Emptied, the URL goes back to the hosted thank-you page.
    await share.getByLabel('Thank-you page URL').fill('')
    await share.getByRole('button', { name: 'Save settings' }).click()
    await eventually(async () => (await api('share.get', { params: { id: appId } })).body.data.thankYouUrl, null)
    // The snippets re-render after the save lands; read them once they have.
    await eventually(
      async () =>
        (await page.locator('svc-endpoint-help pre[aria-labelledby=snippet-html]').innerText()).includes(
          'name="_trap"',
        ),
      true,
    )

    await share.locator('input[name=rateLimit]').fill('fast please')
    await share.getByRole('button', { name: 'Save settings' }).click()
    await share.locator('.error').waitFor()
    expect(await share.locator('.error').innerText()).toMatch(/rate/i)

    await share.getByText('Rotate token', { exact: true }).click()
    await share.getByRole('button', { name: 'Rotate token…' }).click()
    const dialog = share.locator('svc-confirm dialog')
    expect(await dialog.innerText()).toContain('stops working at once (404)')
    await shot(page, '14-rotate-warning')
    await dialog.getByRole('button', { name: 'Rotate token' }).click()
    const output = page.locator('svc-endpoint-help output[aria-labelledby=url-endpoint]')
    await eventually(async () => (await output.innerText()) !== endpoint, true)
    const rotated = await output.innerText()
    expect((await callApi(svc.url, 'POST', path, { body: { data: { email: 'old@example.com' } } })).status).toBe(404)
    expect(
      (await callApi(svc.url, 'POST', new URL(rotated).pathname, { body: { data: { email: 'new@example.com' } } }))
        .status,
    ).toBe(200)
    endpoint = rotated

    await share.getByRole('button', { name: 'Unpublish' }).click()
    await eventually(() => share.locator('header .badge').innerText(), 'Not published')
    expect(
      (await callApi(svc.url, 'POST', new URL(endpoint).pathname, { body: { data: { email: 'off@example.com' } } }))
        .status,
    ).toBe(404)
    await share.getByRole('button', { name: 'Publish' }).click()
    await eventually(() => share.locator('header .badge').innerText(), 'Published')
  })

  test('the apps list shows record count, last submission, the published badge and a warning for open records; delete names the app', async () => {
    await page.locator('nav[aria-label=Main]').getByRole('link', { name: 'Apps' }).click()
    const row = page.locator(`svc-apps tr[data-app-id="${appId}"]`)
    await row.waitFor()
    const app = (await api('apps.get', { params: { id: appId } })).body.data
    expect(await row.locator('td').nth(1).innerText()).toContain(app.recordCount.toLocaleString('en-US'))
    expect(await row.locator('td').nth(2).innerText()).toMatch(/^(just now|\d+ seconds ago)$/)
    expect(await row.locator('.badge.on').innerText()).toBe('Published')
    // Reads were left open to records by the reads test: the list warns about it.
    const open = row.locator('.badge.warn')
    expect(await open.innerText()).toBe('Records open to anyone')
    expect(await open.getAttribute('title')).toContain('anyone with the endpoint or fill-in link can read every record')
    expect(await contrastOf(open)).toBeGreaterThanOrEqual(4.5)
    await shot(page, '08-apps')
    await row.getByRole('button', { name: 'Delete Contact form' }).click()
    const dialog = page.locator('svc-apps svc-confirm dialog')
    await dialog.waitFor()
    expect(await dialog.innerText()).toContain('This deletes “Contact form”')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    expect((await api('apps.get', { params: { id: appId } })).status).toBe(200)
    await row.getByRole('button', { name: 'Delete Contact form' }).click()
    await dialog.getByRole('button', { name: 'Delete app' }).click()
    await page.getByText('No apps yet').waitFor()
    expect((await api('apps.get', { params: { id: appId } })).status).toBe(404)
  })
})
