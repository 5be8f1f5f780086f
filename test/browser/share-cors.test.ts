/**
 * CORS of the collection endpoints in a real browser (docs/design.md rule 13): a page opened from
 * file:// (Origin: null) and a page served from another localhost port each send records
 * by a preflighted JSON fetch, a URLSearchParams fetch, navigator.sendBeacon and a native
 * form submission (which lands on the hosted thank-you page, or on a page listing what to
 * fix), read them back with a cross-origin GET, and can read JSON errors.
 * Every record is then found through /query. With reads off (rule 16), the same pages read
 * with the owner's access token in an Authorization header (a preflighted request), and
 * without it, or with another account's token, get the readable 403.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import {
  chromiumAvailable,
  launchChromium,
  startBrowserTestServer,
  type BrowserTestServer,
} from '../support/browser.ts'
import { insertRecords, makeEndpoint } from '../support/records.ts'
import { makeUser } from '../support/users.ts'
import { tempDir } from '../support/tmp.ts'
import { expectAccessible } from './accessible.ts'

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('share CORS browser tests')

/** The test page: `window.send(endpoint, origin)` runs every kind of cross-origin request. */
const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>svc CORS test page</title>
<form id="native" method="POST"><input name="via" value=""><input name="text" value="ünïcødé ✓"><button type="submit">Send</button></form>
<script>
window.send = async (endpoint, origin) => {
  const out = {}
  const json = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ data: { via: origin + ' fetch json', n: 1 }, meta: { source: origin } }),
  })
  out.json = { status: json.status, body: await json.json() }
  const form = await fetch(endpoint + '/form', { method: 'POST', body: new URLSearchParams({ via: origin + ' fetch form', n: '2' }) })
  out.form = { status: form.status, body: await form.json() }
  out.beacon = navigator.sendBeacon(endpoint, JSON.stringify({ via: origin + ' beacon', n: 3 }))
  const bad = await fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{oops' })
  out.error = { status: bad.status, body: await bad.json() }
  return out
}
window.read = async (endpoint) => {
  const read = await fetch(endpoint + '/query?size=1')
  return { status: read.status, total: (await read.json()).total }
}
window.readAs = async (endpoint, token) => {
  const headers = token ? { Authorization: 'Bearer ' + token } : {}
  const out = {}
  for (const path of ['/query', '/summary']) {
    const res = await fetch(endpoint + path, { headers })
    const body = await res.json()
    out[path] = { status: res.status, total: body.total ?? null, error: body.error ? body.error.type : null }
  }
  return out
}
</script>`

describe.skipIf(!hasBrowser)('share endpoints from other origins in Chromium', () => {
  let svc: BrowserTestServer
  let browser: Browser
  let other: ReturnType<typeof Bun.serve>
  let dir: string

  beforeAll(async () => {
    svc = await startBrowserTestServer()
    browser = await launchChromium()
    dir = tempDir('svc-cors-page-')
    writeFileSync(join(dir, 'page.html'), PAGE)
    // Another origin: the same page from a second server on its own port.
    other = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: () => new Response(PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
    })
  })

  afterAll(async () => {
    await browser?.close()
    await other?.stop(true)
    await svc?.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  /** Runs every request kind from `page`, then submits the native form; returns what the page saw. */
  async function sendFrom(page: Page, endpoint: string, origin: string): Promise<Record<string, unknown>> {
    const beaconDone = page.waitForResponse(
      (r) => r.url() === endpoint && r.request().method() === 'POST' && r.request().resourceType() === 'ping',
    )
    const results = await page.evaluate(
      ([url, name]) => (window as unknown as { send(u: string, o: string): Promise<unknown> }).send(url, name),
      [endpoint, origin] as const,
    )
    expect((await beaconDone).status()).toBe(200)
    // After the beacon landed, so the count is certain: a cross-origin read of the page.
    const read = await page.evaluate(
      (url) => (window as unknown as { read(u: string): Promise<unknown> }).read(url),
      endpoint,
    )
    await page.evaluate(
      ([url, name]) => {
        const form = document.getElementById('native') as HTMLFormElement
        form.action = `${url}/form`
        ;(form.elements.namedItem('via') as HTMLInputElement).value = `${name} native form`
      },
      [endpoint, origin] as const,
    )
    // The browser's own post is answered with the hosted thank-you page, never raw JSON.
    const [navigation] = await Promise.all([
      page.waitForResponse(`${endpoint}/form`),
      page.click('button[type=submit]'),
    ])
    expect(navigation.status()).toBe(303)
    await page.waitForURL(/\/f\/[^/]+\/thanks/)
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Thank you')
    // The signed way back shows in the browser that posted (its cookie came with the redirect),
    // from a file:// page (which sends no Referer) too: back in history, offered as another response (way-back.test.ts).
    await page.getByRole('button', { name: 'Submit another response' }).waitFor()
    return { ...(results as Record<string, unknown>), read }
  }

  test('a native form on a file:// page: the thank-you page, and a refusal as a page that says what to fix; both accessible', async () => {
    const { user } = await makeUser(svc.server.ctx)
    const { path } = await makeEndpoint(svc.server.ctx, user.id, {
      name: 'Contact us',
      autoCreate: false,
      fields: [
        { name: 'email', type: 'email', required: true },
        { name: 'message', type: 'text' },
      ],
    })
    const file = join(dir, 'contact.html')
    // novalidate: the server's own refusal is what is tested, not the browser's checks.
    writeFileSync(
      file,
      `<!doctype html><meta charset="utf-8"><title>Contact</title><form method="POST" action="${svc.url}${path('/form')}" novalidate><label>E-mail <input name="email" type="email"></label><label>Message <input name="message"></label><button type="submit">Send</button></form>`,
    )
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      await page.goto(`file://${file}`)
      await page.getByLabel('Message').fill('No address given')
      await Promise.all([
        page.waitForResponse(`${svc.url}${path('/form')}`),
        page.getByRole('button', { name: 'Send' }).click(),
      ])
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Your answers were not sent')
      expect(await page.locator('main li').allInnerTexts()).toEqual(['email: Enter an e-mail address'])
      await expectAccessible(page)
      await page.goto(`file://${file}`)
      await page.getByLabel('E-mail').fill('ada@example.com')
      await Promise.all([page.waitForURL(/\/f\/[^/]+\/thanks/), page.getByRole('button', { name: 'Send' }).click()])
      expect(await page.locator('main').innerText()).toBe(
        'Thank you\n\nYour answers to “Contact us” were saved.\n\nSubmit another response',
      )
      await expectAccessible(page)
    } finally {
      await context.close()
    }
  })

  test('file:// and another port: JSON, form, beacon and native form are all stored', async () => {
    const { user } = await makeUser(svc.server.ctx)
    // Reads open to anyone with the link, so the pages' anonymous read works.
    const { path } = await makeEndpoint(svc.server.ctx, user.id, { reads: 'records' })
    const endpoint = `${svc.url}${path()}`
    const context = await browser.newContext()
    try {
      const filePage = await context.newPage()
      await filePage.goto(`file://${join(dir, 'page.html')}`)
      const fromFile = await sendFrom(filePage, endpoint, 'file')
      const portPage = await context.newPage()
      await portPage.goto(`http://127.0.0.1:${other.port}/`)
      const fromPort = await sendFrom(portPage, endpoint, 'port')

      for (const [seen, total] of [
        [fromFile, 3],
        [fromPort, 7],
      ] as const) {
        expect(seen).toEqual({
          json: { status: 200, body: { code: 200, data: { id: expect.any(String) } } },
          form: { status: 200, body: { code: 200, data: { id: expect.any(String) } } },
          beacon: true,
          error: {
            status: 400,
            body: { code: 400, error: { type: 'bad_json', message: expect.stringContaining('not valid JSON') } },
          },
          read: { status: 200, total },
        })
      }
    } finally {
      await context.close()
    }

    const res = await fetch(`${endpoint}/query`)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const body = (await res.json()) as {
      total: number
      records: Array<{ data: Record<string, unknown>; meta: Record<string, unknown> }>
    }
    expect(body.total).toBe(8)
    expect(body.records.map((r) => [r.data, r.meta])).toEqual([
      [{ via: 'file fetch json', n: 1 }, { source: 'file' }],
      [{ via: 'file fetch form', n: 2 }, {}],
      [{ via: 'file beacon', n: 3 }, {}],
      [{ via: 'file native form', text: 'ünïcødé ✓' }, {}],
      [{ via: 'port fetch json', n: 1 }, { source: 'port' }],
      [{ via: 'port fetch form', n: 2 }, {}],
      [{ via: 'port beacon', n: 3 }, {}],
      [{ via: 'port native form', text: 'ünïcødé ✓' }, {}],
    ])
  })

  test('reads off: the owner’s token reads from file:// and another port; no token or another account’s token gets the 403', async () => {
    const owner = await makeUser(svc.server.ctx)
    const stranger = await makeUser(svc.server.ctx)
    const { path, appId } = await makeEndpoint(svc.server.ctx, owner.user.id)
    await insertRecords(svc.server.ctx, appId, [{ data: { name: 'Ada' } }, { data: { name: 'Lin' } }])
    const endpoint = `${svc.url}${path()}`
    const context = await browser.newContext()
    try {
      const filePage = await context.newPage()
      await filePage.goto(`file://${join(dir, 'page.html')}`)
      const portPage = await context.newPage()
      await portPage.goto(`http://127.0.0.1:${other.port}/`)
      const readAs = (page: Page, token: string | null) =>
        page.evaluate(
          ([url, t]) => (window as unknown as { readAs(u: string, t: string | null): Promise<unknown> }).readAs(url, t),
          [endpoint, token] as const,
        )
      const granted = {
        '/query': { status: 200, total: 2, error: null },
        '/summary': { status: 200, total: 2, error: null },
      }
      const refused = {
        '/query': { status: 403, total: null, error: 'disabled' },
        '/summary': { status: 403, total: null, error: 'disabled' },
      }
      for (const page of [filePage, portPage]) {
        // An Authorization header makes the fetch preflighted: it only succeeds if CORS allows the header.
        expect(await readAs(page, owner.token)).toEqual(granted)
        expect(await readAs(page, null)).toEqual(refused)
        expect(await readAs(page, stranger.token)).toEqual(refused)
      }
    } finally {
      await context.close()
    }
  })
})
