/**
 * Live records in Chromium: the README's EventSource example on a page of another origin
 * follows an app with open reads (records arrive with their positions, CORS as the other
 * share reads); and the admin page's helper (admin/live.ts, watchRecords) follows an app
 * on the owner's stream with the session cookie, replays from a position, tells a summary
 * to refresh at most once a second, and reports the end once the app is deleted.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { chromiumAvailable, startBrowserTest, type BrowserTest } from '../support/browser.ts'
import { makeEndpoint } from '../support/records.ts'
import { tempDir } from '../support/tmp.ts'
import { makeUser } from '../support/users.ts'
import { signUpInPage } from './admin-helpers.ts'
import { callServer } from '../support/call.ts'

setDefaultTimeout(60_000)

const hasBrowser = chromiumAvailable('live records browser tests')

/** What the page's window holds in the helper test: the admin page's helper, and what the test saw of it. */
interface Watching {
  watchRecords(
    appId: string,
    handlers: {
      since: number
      onRecord(record: { data: { n: number } }, position: number): void
      onChanged(): void
      onClosed(): void
    },
  ): unknown
  watch: unknown
  state: { seen: Array<[number, number]>; changed: number[]; closed: boolean }
}
const ROOT = join(import.meta.dir, '..', '..')
const README = readFileSync(join(ROOT, 'README.md'), 'utf8')
/** The README's EventSource example ("Live records"), as written. */
const EXAMPLE = /## Live records[\s\S]*?```html\n([\s\S]*?)```/.exec(README)![1]
const EXAMPLE_URL = 'https://forms.example.com/api/v3/share/<token>/stream'

/** admin/live.ts bundled for the page, as `window.watchRecords`. */
async function helperScript(): Promise<string> {
  const dir = tempDir('svc-live-helper-')
  const entry = join(dir, 'entry.ts')
  await Bun.write(
    entry,
    `import { watchRecords } from ${JSON.stringify(join(ROOT, 'admin', 'live.ts'))}\n;(window as any).watchRecords = watchRecords\n`,
  )
  const built = await Bun.build({ entrypoints: [entry], format: 'iife', target: 'browser' })
  if (!built.success) throw new Error(built.logs.join('\n'))
  return built.outputs[0].text()
}

describe.skipIf(!hasBrowser)('live records in Chromium', () => {
  let t: BrowserTest
  let other: ReturnType<typeof Bun.serve>

  beforeAll(async () => {
    t = await startBrowserTest({ SVC_SIGNUP: 'open' })
    // Another origin, serving the README's example with this test's stream URL in it.
    other = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: (request) =>
        new Response(
          `<!doctype html><meta charset="utf-8"><title>dashboard</title>${EXAMPLE.replace(EXAMPLE_URL, new URL(request.url).searchParams.get('stream') ?? '')}`,
          { headers: { 'content-type': 'text/html; charset=utf-8' } },
        ),
    })
  })

  afterAll(async () => {
    await other?.stop(true)
    await t?.close()
  })

  /** Sends `{n}` to the endpoint whose token is `token`, as a stranger. */
  const post = async (token: string, n: number) =>
    expect((await callServer(t.svc.url, 'ingest.post', { params: { token }, body: { n } })).status).toBe(200)

  test('the README example: EventSource on another origin follows an app with open reads', async () => {
    expect(EXAMPLE).toContain(`new EventSource('${EXAMPLE_URL}')`)
    const { user } = await makeUser(t.svc.server.ctx)
    const endpoint = await makeEndpoint(t.svc.server.ctx, user.id, { reads: 'records' })
    const page = await t.browser.newPage()
    try {
      const opened = page.waitForResponse((response) => response.url().endsWith('/stream'))
      await page.goto(
        `http://127.0.0.1:${other.port}/?stream=${encodeURIComponent(`${t.svc.url}${endpoint.path('/stream')}`)}`,
      )
      expect((await opened).status()).toBe(200)
      for (const n of [1, 2, 3]) await post(endpoint.token, n)
      await page.waitForFunction(() => document.querySelectorAll('#records li').length >= 3)
      const items = await page.locator('#records li').allInnerTexts()
      const records = (await callServer(t.svc.url, 'reads.query', { params: { token: endpoint.token } })).body.records
      // Newest first (prepended), each its time and data.
      expect(items).toEqual(
        [...records].reverse().map((record) => `${record.createdAt}: ${JSON.stringify(record.data)}`),
      )
    } finally {
      await page.close()
    }
  })

  test("the admin page's helper: records as they arrive with the session cookie, a throttled summary cue, the end once the app is gone", async () => {
    const page: Page = await t.browser.newPage()
    try {
      await page.goto(`${t.svc.url}/admin/`)
      const token = await signUpInPage(page, 'live@example.com', 'a long password')
      const app = (await callServer(t.svc.url, 'apps.create', { body: { name: 'Watched' } }, { token })).body.data
      const share = (await callServer(t.svc.url, 'share.publish', { params: { id: app.id } }, { token })).body.data
      await post(share.token!, 1)
      // Served from the admin page's own origin, as the page's CSP (script-src 'self') asks.
      const script = await helperScript()
      await page.route(`${t.svc.url}/admin/live-helper.test.js`, (route) =>
        route.fulfill({ contentType: 'text/javascript', body: script }),
      )
      await page.addScriptTag({ url: `${t.svc.url}/admin/live-helper.test.js` })
      await page.evaluate((appId) => {
        const state = { seen: [] as Array<[number, number]>, changed: [] as number[], closed: false }
        ;(window as unknown as Watching).state = state
        ;(window as unknown as Watching).watch = (window as unknown as Watching).watchRecords(appId, {
          since: 0,
          onRecord: (record, position) => state.seen.push([position, record.data.n]),
          onChanged: () => state.changed.push(performance.now()),
          onClosed: () => (state.closed = true),
        })
      }, app.id)
      await page.waitForFunction(() => (window as unknown as Watching).state.seen.length >= 1)
      for (const n of [2, 3, 4]) await post(share.token!, n)
      await page.waitForFunction(() => (window as unknown as Watching).state.seen.length >= 4)
      await page.waitForFunction(() => (window as unknown as Watching).state.changed.length >= 2)
      const state = await page.evaluate(() => (window as unknown as Watching).state)
      expect(state.seen).toEqual([
        [1, 1],
        [2, 2],
        [3, 3],
        [4, 4],
      ])
      // At most one summary cue a second, however the records came.
      const gaps = state.changed.slice(1).map((at: number, i: number) => at - state.changed[i])
      expect(gaps.every((gap: number) => gap >= 990)).toBe(true)
      expect((await callServer(t.svc.url, 'apps.delete', { params: { id: app.id } }, { token })).status).toBe(200)
      await page.waitForFunction(() => (window as unknown as Watching).state.closed)
    } finally {
      await page.close()
    }
  })
})
