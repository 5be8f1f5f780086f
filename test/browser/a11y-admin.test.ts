/**
 * The admin page as a keyboard and screen-reader user meets it: every screen checked by
 * axe-core and a keyboard pass at a laptop's and a phone's size, each screen's own
 * document title, and record buttons named by what they open.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Browser, Locator, Page } from 'playwright-core'
import {
  chromiumAvailable,
  launchChromium,
  startBrowserTestServer,
  type BrowserTestServer,
} from '../support/browser.ts'
import { expectAccessible, VIEWPORTS } from './accessible.ts'
import { shot, signUpInPage } from './admin-helpers.ts'
import { callServer } from '../support/call.ts'
import { boundCaller, dataCaller } from '../support/bound-call.ts'

setDefaultTimeout(90_000)

const hasBrowser = chromiumAvailable('admin accessibility tests')
const LIKERT = ['Never', 'Sometimes', 'Often']

interface Screen {
  name: string
  /** The hash route, with APP standing for the app's id. */
  hash: string
  title: string
  /** Something on the screen that shows it has loaded. */
  ready: (page: Page) => Locator
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, exact: true })

const SCREENS: Screen[] = [
  { name: 'apps', hash: '#/apps', title: 'Apps · svc admin', ready: heading('Apps') },
  { name: 'setup', hash: '#/apps/APP', title: 'Setup · Contact us · svc admin', ready: heading('URLs and examples') },
  {
    name: 'data',
    hash: '#/apps/APP/data',
    title: 'Data · Contact us · svc admin',
    ready: (page) => page.getByRole('link', { name: 'Export CSV' }),
  },
  {
    name: 'summary',
    hash: '#/apps/APP/summary',
    title: 'Summary · Contact us · svc admin',
    ready: heading('Records per day'),
  },
  { name: 'scales', hash: '#/apps/APP/scales', title: 'Scales · Contact us · svc admin', ready: heading('Scales') },
  {
    name: 'report',
    hash: '#/apps/APP/report',
    title: 'Report · Contact us · svc admin',
    ready: heading('Placeholders'),
  },
  {
    name: 'expert',
    hash: '#/apps/APP/expert',
    title: 'Expert · Contact us · svc admin',
    ready: heading('Expert profile'),
  },
  { name: 'style', hash: '#/apps/APP/style', title: 'Style · Contact us · svc admin', ready: heading('Page style') },
  { name: 'account', hash: '#/account', title: 'Account · svc admin', ready: heading('Access tokens') },
  {
    name: 'not found',
    hash: '#/nowhere',
    title: 'Not found · svc admin',
    ready: (page) => page.getByText('Nothing lives at this address'),
  },
]

describe.skipIf(!hasBrowser)('admin page: axe, keyboard and titles', () => {
  let svc: BrowserTestServer
  let browser: Browser
  let token: string
  let appId: string
  const pages = new Map<string, Page>()

  beforeAll(async () => {
    svc = await startBrowserTestServer()
    browser = await launchChromium()
    for (const viewport of VIEWPORTS) {
      const page = await browser.newPage({ viewport })
      page.setDefaultTimeout(20_000)
      await page.goto(`${svc.url}/admin/`)
      pages.set(viewport.name, page)
    }
    const first = pages.get(VIEWPORTS[0].name)!
    token = await signUpInPage(first, 'owner@example.com', 'correct horse battery')
    const api = dataCaller(boundCaller(svc.url, token))
    appId = (await api('apps.create', { body: { name: 'Contact us', description: 'Messages from the website' } })).id
    await api('fields.add', {
      params: { id: appId },
      body: { name: 'email', type: 'email', label: 'E-mail', required: true },
    })
    await api('fields.add', { params: { id: appId }, body: { name: 'message', label: 'Message' } })
    await api('fields.add', {
      params: { id: appId },
      body: {
        name: 'calm',
        type: 'choice',
        label: 'I felt calm',
        options: LIKERT,
      },
    })
    // Five long-ish options and a long label: the fields editor must still fit a laptop's width.
    await api('fields.add', {
      params: { id: appId },
      body: {
        name: 'rested_after_a_long_week',
        type: 'choice',
        label: 'I felt rested after a long week at work',
        options: ['Never', 'Rarely', 'Sometimes', 'Often', 'Always'],
      },
    })
    await api('scales.add', {
      params: { id: appId },
      body: {
        key: 'mood',
        name: 'Mood',
        items: [{ field: 'calm', scores: { Never: 0, Sometimes: 1, Often: 2 } }],
        levels: [
          { key: 'low', label: 'Low', min: 0, max: 1 },
          { key: 'good', label: 'Good', min: 1, max: 2 },
        ],
      },
    })
    const share = await api('share.publish', { params: { id: appId } })
    for (const [i, calm] of LIKERT.entries()) {
      const data = { email: `person${i}@example.com`, message: `Hello number ${i}`, calm }
      const posted = await callServer(svc.url, 'ingest.post', { params: { token: share.token! }, body: { data } })
      if (posted.status !== 200) throw new Error(posted.text)
    }
    // One caught by the honeypot: the apps list then says "3 + 1 spam", its count link inside text.
    const spam = { email: 'bot@example.com', message: 'Buy now', calm: 'Often', _gotcha: 'filled' }
    const caught = await callServer(svc.url, 'ingest.post', { params: { token: share.token! }, body: { data: spam } })
    if (caught.status !== 200) throw new Error(caught.text)
    // The second page signs in with the session cookie the first one got.
    const second = pages.get(VIEWPORTS[1].name)!
    await second.context().addCookies(await first.context().cookies())
    for (const page of pages.values()) await page.reload()
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await svc?.stop()
  })

  const visit = async (page: Page, screen: Screen) => {
    await page.goto(`${svc.url}/admin/${screen.hash.replace('APP', appId)}`)
    await screen.ready(page).waitFor()
  }

  describe.each(VIEWPORTS)('at $name size', (viewport) => {
    test.each(SCREENS)(
      '$name: its own title, no axe violation above minor, focus visible at every Tab stop',
      async (screen) => {
        const page = pages.get(viewport.name)!
        await visit(page, screen)
        expect(await page.title()).toBe(screen.title)
        await shot(page, `a11y-${screen.name.replace(' ', '-')}-${viewport.name}`)
        await expectAccessible(page)
        // Nothing wider than the window: no sideways scrolling of the page.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
        // Every badge's text stays on one line, inside its pill.
        expect(
          await page.evaluate(() => {
            const out: string[] = []
            const walk = (root: Document | ShadowRoot) => {
              for (const el of root.querySelectorAll<HTMLElement>('.badge'))
                if (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1) out.push(el.innerText)
              for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot)
            }
            walk(document)
            return out
          }),
        ).toEqual([])
        // A Likert field's five options are all in view in the fields editor, none scrolled out of its box.
        if (screen.name === 'setup') {
          const options = page.locator('svc-fields-editor textarea[aria-label^="Options of field rested"]')
          expect(await options.evaluate((box) => box.scrollHeight <= box.clientHeight + 1)).toBe(true)
        }
        // On a laptop every panel fits its content: nothing scrolls sideways inside one (a phone
        // may). The records table is the exception by design: one column per field and scale.
        if (viewport.width >= 1280) {
          const overflowing = await page.evaluate(() => {
            const out: string[] = []
            const walk = (root: Document | ShadowRoot) => {
              const inRecords = root instanceof ShadowRoot && root.host.tagName === 'SVC-RECORDS'
              if (!inRecords)
                for (const el of root.querySelectorAll<HTMLElement>('.panel, .table-wrap'))
                  if (el.scrollWidth > el.clientWidth + 1)
                    out.push(`${el.className}: ${el.scrollWidth} > ${el.clientWidth}`)
              for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot)
            }
            walk(document)
            return out
          })
          expect(overflowing).toEqual([])
        }
      },
    )

    test('a record opened from the data table', async () => {
      const page = pages.get(viewport.name)!
      await visit(page, SCREENS.find((s) => s.name === 'data')!)
      await page.getByRole('button', { name: /^Open record .* person0@example\.com$/ }).click()
      await page.getByRole('heading', { name: 'Record' }).waitFor()
      await expectAccessible(page)
      await page.keyboard.press('Escape')
    })

    test('the records-per-day chart has its numbers as a table', async () => {
      const page = pages.get(viewport.name)!
      await visit(page, SCREENS.find((s) => s.name === 'summary')!)
      await page.getByText('Records per day as a table').click()
      const rows = await page
        .locator('svc-summary details.as-table tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)))
      expect(rows.filter(([, count]) => count !== '0')).toEqual([[expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), '3']])
      await expectAccessible(page)
    })

    test('a colour too faint to read: the style editor says which colour the pages use instead', async () => {
      const page = pages.get(viewport.name)!
      await visit(page, SCREENS.find((s) => s.name === 'style')!)
      await page.getByRole('textbox', { name: 'Text colour', exact: true }).fill('#bbbbbb')
      const notice = page.locator('svc-connect-editor p.notice')
      expect(await notice.innerText()).toMatch(
        /^Too little contrast to read: the pages use #[0-9a-f]{6} for text colour instead \(WCAG 2\.2 AA asks for 4\.5:1\)\.$/,
      )
      await expectAccessible(page)
    })

    test('sign-in, signed out', async () => {
      const context = await browser.newContext({ viewport })
      const page = await context.newPage()
      await page.goto(`${svc.url}/admin/#/apps`)
      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
      expect(await page.title()).toBe('Sign in · svc admin')
      await expectAccessible(page)
      await shot(page, `a11y-sign-in-${viewport.name}`)
      await context.close()
    })
  })
})
