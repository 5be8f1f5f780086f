/**
 * DNS rebinding (issue 17, row 12): the control plane answers only requests addressed to
 * this server's own name, so a page on a domain rebound to the server cannot sign up, log
 * in or read anything with the visitor's browser.
 */
import { describe, expect, test } from 'bun:test'
import type { Config } from '../../server/config.ts'
import { createLogger } from '../../server/core/logger.ts'
import { countUsers } from '../../server/core/users/users.ts'
import { VERSION } from '../../server/contract/version.ts'
import { target } from '../support/call.ts'
import { testApp } from '../support/http.ts'
import { rawConnect } from '../support/raw-http.ts'
import { makeEndpoint, storedRows } from '../support/records.ts'
import { startTestServer } from '../support/server.ts'

const SIGNUP = { email: 'owner@example.com', password: 'correct horse' }

/**
 * A sign-up (or the call `route`, a `target()`) addressed to `origin`, as a browser there
 * would send it: its own Request, since the point is the host in its URL.
 */
async function send(config: Partial<Config>, origin: string, route = target('auth.signup')) {
  const { method, path } = route
  const t = testApp({ signup: 'open', ...config })
  const response = await t.app.handle(
    new Request(`${origin}${path}`, {
      method,
      headers: { 'content-type': 'application/json', origin, 'sec-fetch-site': 'same-origin' },
      body: method === 'POST' ? JSON.stringify(SIGNUP) : undefined,
    }),
  )
  return { status: response.status, body: await response.json(), users: await countUsers(t.ctx) }
}

const CONFIGURED: Partial<Config> = { baseUrl: 'https://forms.example.com', baseUrlFromPort: false, host: '0.0.0.0' }
const FRESH_LOOPBACK: Partial<Config> = { baseUrl: 'http://localhost:8787', baseUrlFromPort: true, host: '127.0.0.1' }
const FRESH_PUBLIC: Partial<Config> = { baseUrl: 'http://localhost:8787', baseUrlFromPort: true, host: '0.0.0.0' }

const refusedAs = (message: string) => ({ code: 403, error: { type: 'forbidden', message } })
const NOT_BASE = (host: string) =>
  refusedAs(`This server answers its API only as forms.example.com (SVC_BASE_URL) or localhost, not as "${host}"`)
const NOT_LOOPBACK = (host: string) =>
  refusedAs(
    `This server answers its API only as localhost (it listens on 127.0.0.1 and SVC_BASE_URL is not set), not as "${host}": behind a reverse proxy, set SVC_BASE_URL to the public URL`,
  )

describe('control-plane requests must be addressed to this server', () => {
  test.each([
    [
      'SVC_BASE_URL set, a rebound domain',
      CONFIGURED,
      'http://rebind.attacker.example',
      NOT_BASE('rebind.attacker.example'),
    ],
    [
      'SVC_BASE_URL set, a rebound domain with a port',
      CONFIGURED,
      'http://rebind.attacker.example:8787',
      NOT_BASE('rebind.attacker.example:8787'),
    ],
    ['SVC_BASE_URL set, the server by IP address', CONFIGURED, 'http://203.0.113.5:8787', NOT_BASE('203.0.113.5:8787')],
    [
      'a fresh server on loopback, a rebound domain',
      FRESH_LOOPBACK,
      'http://rebind.attacker.example:8787',
      NOT_LOOPBACK('rebind.attacker.example:8787'),
    ],
  ])('%s: 403, and no account is made', async (_case, config, origin, body) => {
    const res = await send(config, origin)
    expect(res).toEqual({ status: 403, body, users: 0 })
  })

  test.each([
    ['SVC_BASE_URL set, its host', CONFIGURED, 'https://forms.example.com'],
    ['SVC_BASE_URL set, its host in capitals, behind a proxy speaking http', CONFIGURED, 'http://FORMS.example.com'],
    ['SVC_BASE_URL set, localhost', CONFIGURED, 'http://localhost:8787'],
    ['SVC_BASE_URL set, 127.0.0.1', CONFIGURED, 'http://127.0.0.1:8787'],
    ['SVC_BASE_URL set, [::1]', CONFIGURED, 'http://[::1]:8787'],
    ['a fresh server on loopback, localhost', FRESH_LOOPBACK, 'http://localhost:8787'],
    ['a fresh server on loopback, 127.0.0.1', FRESH_LOOPBACK, 'http://127.0.0.1:8787'],
    ['a server on 0.0.0.0 without SVC_BASE_URL (no name to check)', FRESH_PUBLIC, 'http://203.0.113.5:8787'],
  ])('%s: answered', async (_case, config, origin) => {
    const res = await send(config, origin)
    expect(res.status).toBe(200)
    expect(res.body.data.user.email).toBe('owner@example.com')
  })

  test.each([
    ['the health check (load balancers probe by address)', target('health.get'), 200],
    [
      'a public share endpoint (any origin may post records)',
      target('reads.query', { params: { token: 'unknown-token' } }),
      404,
    ],
  ])('%s answers any host', async (_case, route, status) => {
    const res = await send(CONFIGURED, 'http://rebind.attacker.example', route)
    expect(res.status).toBe(status)
  })

  test('other reads of the control plane are refused too', async () => {
    const res = await send(CONFIGURED, 'http://rebind.attacker.example', target('auth.options'))
    expect(res).toEqual({ status: 403, body: NOT_BASE('rebind.attacker.example'), users: 0 })
  })
})

describe('requests without a Host header (HTTP/1.0: HAProxy’s health check, old scripts)', () => {
  test('GET /api/v3/health is answered with JSON (no browser sends such a request, so it is no rebinding)', async () => {
    const server = await startTestServer({ SVC_BASE_URL: 'https://forms.example.com' })
    try {
      const connection = await rawConnect(server.url)
      connection.write('GET /api/v3/health HTTP/1.0\r\n\r\n')
      const [response] = await connection.responses()
      expect([response.status, JSON.parse(response.body)]).toEqual([
        200,
        { code: 200, data: { status: 'ok', version: VERSION } },
      ])
    } finally {
      await server.close()
    }
  })

  test('every other path gets its usual JSON answer and an access line, never a crash', async () => {
    const lines: string[] = []
    const server = await startTestServer({}, { log: createLogger('info', (_level, line) => lines.push(line)) })
    try {
      const { token, user } = await server.account()
      const endpoint = await makeEndpoint(server.ctx, user.id, { autoCreate: true })
      const answers = []
      for (const request of [
        `GET /api/v3/apps?limit=1 HTTP/1.0\r\nAuthorization: Bearer ${token}\r\n\r\n`,
        'POST /api/v3/apps HTTP/1.0\r\nOrigin: https://elsewhere.example\r\nContent-Length: 2\r\n\r\n{}',
        'GET /api/v3/share/nosuchtoken0000000000000000000000 HTTP/1.0\r\n\r\n',
        // An old device posting a reading.
        `POST ${endpoint.path()} HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"temp":21}`,
      ]) {
        const connection = await rawConnect(server.url)
        connection.write(request)
        const [response] = await connection.responses()
        answers.push([response.status, JSON.parse(response.body).error?.type ?? 'ok'])
      }
      expect(answers).toEqual([
        [200, 'ok'],
        [401, 'unauthorized'],
        [404, 'not_found'],
        [200, 'ok'],
      ])
      const routes = lines
        .filter((line) => line.includes(' request '))
        .map((line) => JSON.parse(line.slice(line.indexOf('{'))).route)
      expect(routes).toEqual(['apps.list', 'apps.create', 'ingest.help', 'ingest.post'])
      expect((await storedRows(server.ctx, endpoint.appId)).map((row) => JSON.parse(row.data))).toEqual([{ temp: 21 }])
    } finally {
      await server.close()
    }
  })
})
