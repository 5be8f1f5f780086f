/**
 * @module Shared steps of the admin browser tests: a signed-up owner on the admin page,
 * a published app, screenshots and calls to the API from the test (like curl).
 */
import { expect } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { startBrowserTest, type BrowserTestServer } from '../support/browser.ts'
import { boundCaller, type BoundCall } from '../support/bound-call.ts'
import { readAnswer, target, type BodyOf, type CallArgs, type CallResponse } from '../support/call.ts'
import type { Described, InputOf } from '../../server/contract/api/request.ts'
import type { JsonDocument } from '../support/contract.ts'

/**
 * Where screenshots go for a person to look at: only when SVC_SCREENSHOTS names a folder
 * (`SVC_SCREENSHOTS=$(mktemp -d) npm test`), so a plain run writes nothing outside its temp dir.
 */
const SHOTS = process.env.SVC_SCREENSHOTS

/**
 * Saves a full-page screenshot as $SVC_SCREENSHOTS/<name>.png when that is set; `window`
 * takes only what the window shows (Chromium leaves a sandboxed frame blank in a full-page one).
 */
export async function shot(page: Page, name: string, { window = false } = {}): Promise<void> {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: !window })
}

/**
 * Sends a request to a path that is no operation of the route table (an endpoint's URL as
 * the admin page shows it, a missing asset) the way curl would: no cookies; JSON when `body`.
 */
export async function callApi(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; raw?: BodyInit; type?: string } = {},
): Promise<CallResponse<JsonDocument>> {
  const headers: Record<string, string> = {}
  if (options.token) headers.authorization = `Bearer ${options.token}`
  let body = options.raw
  if (options.body !== undefined) {
    body = JSON.stringify(options.body)
    headers['content-type'] = 'application/json'
  }
  if (options.type) headers['content-type'] = options.type
  return readAnswer(await fetch(base + path, { method, headers, body }))
}

/** Signs up from inside the page (so the browser holds the session cookie) and returns an access token. */
export async function signUpInPage(page: Page, email: string, password: string): Promise<string> {
  const result = await page.evaluate(
    async ([path, email, password]) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, name: 'Owner', tokenName: 'browser test' }),
      })
      return { status: response.status, body: await response.json() }
    },
    [target('auth.signup').path, email, password] as const,
  )
  if (result.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(result.body)}`)
  return result.body.data.token.token as string
}

/**
 * Calls operation `name` from inside the page, with the session cookie the page holds (as
 * the admin page's own requests go): the status and the body (parsed JSON, else the text).
 */
export async function callInPage<N extends Described>(
  page: Page,
  name: N,
  ...[input]: CallArgs<N, never>
): Promise<{ status: number; body: BodyOf<N> }> {
  const { method, path, body } = target(name, input)
  const sent = body === undefined ? null : JSON.stringify(body)
  return page.evaluate(
    async ([method, path, sent]) => {
      const response = await fetch(path, {
        method,
        headers: sent === null ? {} : { 'content-type': 'application/json' },
        body: sent,
      })
      const text = await response.text()
      const json = (response.headers.get('content-type') ?? '').includes('json') && text
      return { status: response.status, body: json ? JSON.parse(text) : text }
    },
    [method, path, sent] as const,
  )
}

/**
 * Reads `read()` until it equals `expected` (the screen updates after a request), then
 * asserts; the last value read is what a failure shows.
 */
export async function eventually<T>(read: () => T | Promise<T>, expected: T, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let value = await read()
  while (!Bun.deepEquals(value, expected) && Date.now() < deadline) {
    await Bun.sleep(50)
    value = await read()
  }
  expect(value as unknown).toEqual(expected)
}

/** Calls the API as the signed-up owner (access token, no cookies). */
export type OwnerApi = BoundCall

export interface AdminPageOptions {
  viewport: { width: number; height: number }
  /** Who signs up; the password is always `correct horse battery`. */
  email?: string
  /** Installs Playwright's clock before the first navigation, so a test can run the page's timers. */
  clock?: boolean
  /** Reloads after the sign-up: the page was loaded signed out and only starts with the session on a reload. */
  reload?: boolean
}

/** An owner signed up from an admin page. */
export interface AdminPage {
  page: Page
  token: string
  api: OwnerApi
}

/** Opens /admin/ in a new page of `browser` (8 s timeouts, page errors logged) and signs up from it. */
export async function openAdminPage(
  browser: Browser,
  svc: BrowserTestServer,
  options: AdminPageOptions,
): Promise<AdminPage> {
  const page = await browser.newPage({ viewport: options.viewport })
  page.setDefaultTimeout(20_000)
  page.on('pageerror', (error) => console.error('page error:', error.message))
  if (options.clock) await page.clock.install()
  await page.goto(`${svc.url}/admin/`)
  const token = await signUpInPage(page, options.email ?? 'owner@example.com', 'correct horse battery')
  if (options.reload) await page.reload()
  return { page, token, api: boundCaller(svc.url, token) }
}

/** A test file's server and Chromium with an owner on the admin page; `close()` ends both. */
export interface AdminSession extends AdminPage {
  svc: BrowserTestServer
  browser: Browser
  close(): Promise<void>
}

/**
 * Starts svc (with `env`) and Chromium and opens the admin page signed up, as most admin
 * tests begin; what it started is ended again if a step fails.
 */
export async function openAdmin(options: AdminPageOptions & { env?: Record<string, string> }): Promise<AdminSession> {
  const started = await startBrowserTest(options.env)
  try {
    return { ...started, ...(await openAdminPage(started.browser, started.svc, options)) }
  } catch (error) {
    await started.close()
    throw error
  }
}

/** Creates an app named `name` with `fields` through `api` and publishes it; its id and the endpoint's token and URL. */
export async function publishedApp(
  api: OwnerApi,
  name: string,
  fields: Array<InputOf<'fields.add'>['body']> = [],
): Promise<{ id: string; token: string; endpoint: string }> {
  const ok = <T extends { status: number; text: string }>(res: T, what: string) => {
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.text}`)
    return res
  }
  const { id } = ok(await api('apps.create', { body: { name } }), 'apps.create').body.data
  for (const field of fields) ok(await api('fields.add', { params: { id }, body: field }), 'fields.add')
  const { token, endpoint } = ok(await api('share.publish', { params: { id } }), 'share.publish').body.data
  return { id, token: token!, endpoint: endpoint! }
}
