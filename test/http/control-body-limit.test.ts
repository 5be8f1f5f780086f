/**
 * The control plane's small body limit (issue 17 row 9): account and app requests take at
 * most SVC_MAX_CONTROL_BODY (64 KiB), the authoring routes 16 times that; a larger body is
 * a JSON 413 before anything parses it or authenticates anyone, declared or chunked, and a
 * slow one a JSON 408. Through a real server, since the limit sits in front of Elysia.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { LIMITS } from '../../server/contract/limits.ts'
import { AUTHORING_BODY_FACTOR } from '../../server/http/body-limit.ts'
import { target } from '../support/call.ts'
import { rawConnect } from '../support/raw-http.ts'
import { startTestServer } from '../support/server.ts'

const server = await startTestServer({ SVC_BODY_DEADLINE_MS: '300' })
afterAll(() => server.close())

const SMALL = LIMITS.maxControlBodyBytes
const LARGE = SMALL * AUTHORING_BODY_FACTOR
const JSON_TYPE = 'application/json; charset=utf-8'

/** A JSON text of exactly `size` bytes: a password field padded out. */
const jsonOf = (size: number) => {
  const head = '{"email":"owner@example.com","password":"'
  return `${head}${'x'.repeat(size - head.length - 2)}"}`
}

const tooLarge = (max: number) => ({
  code: 413,
  error: {
    type: 'too_large',
    message: `The request body is larger than ${max} bytes; send a smaller one`,
    details: { limit: 'body', max },
  },
})

/** Sends `body` as is to the operation at `route` (a `target()`): fetch, so it may be a stream. */
async function post(
  route: { method: string; path: string },
  body: BodyInit,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
  const response = await fetch(`${server.url}${route.path}`, { method: route.method, headers, body })
  const text = await response.text()
  return { status: response.status, type: response.headers.get('content-type'), body: text ? JSON.parse(text) : null }
}

describe('bodies over the control-plane limit', () => {
  test.each([
    ['log-in (anonymous)', target('auth.login'), SMALL],
    ['sign-up (anonymous)', target('auth.signup'), SMALL],
    ['app creation (no credentials)', target('apps.create'), SMALL],
    ['a smart plan (authoring)', target('plans.create'), LARGE],
    ['report pages (authoring)', target('reports.addPage', { params: { id: 'some-app' } }), LARGE],
  ])('%s: one byte over is a 413 before parsing or authentication', async (_name, route, max) => {
    expect(await post(route, jsonOf(max + 1))).toEqual({ status: 413, type: JSON_TYPE, body: tooLarge(max) })
    // Not even JSON: still the 413, so nothing was parsed.
    expect(await post(route, '['.repeat(max + 1))).toEqual({ status: 413, type: JSON_TYPE, body: tooLarge(max) })
  })

  test('a chunked body is cut off at the limit', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > SMALL + chunk.length) return controller.close()
        sent += chunk.length
        controller.enqueue(chunk)
      },
    })
    expect(await post(target('auth.login'), stream)).toEqual({ status: 413, type: JSON_TYPE, body: tooLarge(SMALL) })
  })

  test('a body that trickles in slower than the deadline is a JSON 408', async () => {
    const connection = await rawConnect(server.url)
    connection.write(
      'POST /api/v3/auth/login HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"email":',
    )
    const [response] = await connection.responses()
    connection.close()
    expect({ status: response.status, body: JSON.parse(response.body) }).toEqual({
      status: 408,
      body: {
        code: 408,
        error: { type: 'timeout', message: 'The request body did not arrive within 1 s; send it in one go' },
      },
    })
  })
})

describe('bodies within the limit reach their routes', () => {
  test('a log-in at exactly the limit is parsed and checked like any other', async () => {
    expect(await post(target('auth.login'), jsonOf(SMALL))).toEqual({
      status: 422,
      type: JSON_TYPE,
      body: {
        code: 422,
        error: {
          type: 'validation',
          message: 'password: must be at most 256 characters',
          details: { problems: [{ path: 'password', message: 'must be at most 256 characters' }] },
        },
      },
    })
  })

  test('an authoring route takes more than the small limit: without a token it is the usual 401', async () => {
    const answer = await post(target('plans.create'), jsonOf(SMALL * 2))
    expect([answer.status, answer.body.error.type]).toEqual([401, 'unauthorized'])
  })

  test('a chunked body within the limit is read whole', async () => {
    const { token } = await server.account('chunked@example.com')
    const body = new Blob([JSON.stringify({ name: 'Chunked' })]).stream()
    const answer = await post(target('apps.create'), body, {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
    })
    expect([answer.status, answer.body.data.name]).toEqual([200, 'Chunked'])
  })
})
