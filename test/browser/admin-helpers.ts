/**
 * @module Shared steps of the admin browser tests: screenshots and calls to the API from
 * the test (like curl).
 */
import { expect } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'

/**
 * Where screenshots go for a person to look at: only when SVC_SCREENSHOTS names a folder
 * (`SVC_SCREENSHOTS=$(mktemp -d) npm test`), so a plain run writes nothing outside its temp dir.
 */
const SHOTS = process.env.SVC_SCREENSHOTS

/** Saves a full-page screenshot as $SVC_SCREENSHOTS/<name>.png when that is set. */
export async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true })
}

/** Sends JSON to the server the way curl would (no cookies), returning status and body. */
export async function callApi(base: string, method: string, path: string, options: { token?: string; body?: unknown; raw?: BodyInit; type?: string } = {}) {
  const headers: Record<string, string> = {}
  if (options.token) headers.authorization = `Bearer ${options.token}`
  let body = options.raw
  if (options.body !== undefined) {
    body = JSON.stringify(options.body)
    headers['content-type'] = 'application/json'
  }
  if (options.type) headers['content-type'] = options.type
  const response = await fetch(base + path, { method, headers, body })
  const text = await response.text()
  let json: any = null
  try {
    json = JSON.parse(text)
  } catch {
    json = null
  }
  return { status: response.status, headers: response.headers, text, json }
}

/** Signs up from inside the page (so the browser holds the session cookie) and returns an access token. */
export async function signUpInPage(page: Page, email: string, password: string): Promise<string> {
  const result = await page.evaluate(
    async ([email, password]) => {
      const response = await fetch('/api/v3/auth/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, name: 'Owner', tokenName: 'browser test' }),
      })
      return { status: response.status, body: await response.json() }
    },
    [email, password] as const,
  )
  if (result.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(result.body)}`)
  return result.body.data.token.token as string
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
