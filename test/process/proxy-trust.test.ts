/**
 * The shipped single-host deployment, as a visitor meets it: the executable with exactly
 * deploy/svc.service's Environment= settings (its data dir moved into a temp folder, its
 * port a free one) behind a real Caddy running deploy/Caddyfile (addresses changed only).
 * Visitors connect to Caddy from different loopback addresses; Caddy names each in
 * X-Forwarded-For (replacing whatever the visitor wrote there), and svc gives each its own
 * rate limit and log-in throttle. Without a trusted proxy (HOST not loopback) a client
 * writing X-Forwarded-For itself stays the address it connects from.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import { join } from 'node:path'
import { signup } from '../../server/core/auth/signup.ts'
import { AUTH } from '../../server/contract/limits.ts'
import { testDatabaseEnv } from '../support/backend.ts'
import { caddyPath, startCaddy, type Caddy } from '../support/caddy.ts'
import { testExecutable } from '../support/executable.ts'
import { freePort } from '../support/ports.ts'
import { ROOT, startListening, type ServerProcess } from '../support/process.ts'
import { startTestServer, type TestServer } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'
import type { Described } from '../../server/contract/api/request.ts'
import { target, type CallInput } from '../support/call.ts'
import type { JsonDocument } from '../support/contract.ts'

const noCaddy = caddyPath() ? null : 'no caddy (apt-get install -y caddy)'
if (noCaddy) console.warn(`⚠ the shipped unit behind Caddy: skipped — ${noCaddy}`)

/** deploy/svc.service's Environment= settings, as systemd passes them. */
function unitEnvironment(): Record<string, string> {
  const unit = readFileSync(join(ROOT, 'deploy', 'svc.service'), 'utf8')
  const env: Record<string, string> = {}
  for (const [, pair] of unit.matchAll(/^Environment=(.*)$/gm))
    env[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1)
  return env
}

interface Answer {
  status: number
  /** The answer's JSON, read by path (this test talks raw HTTP through the proxies). */
  body: JsonDocument
}

/** A request to 127.0.0.1:`port` leaving from the local address `from`. */
function requestFrom(
  port: number,
  from: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        localAddress: from,
        headers: { 'content-type': 'application/json', ...options.headers },
      },
      (response) => {
        let text = ''
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode!, body: text ? JSON.parse(text) : null }))
      },
    )
    request.on('error', reject)
    request.end(options.body === undefined ? undefined : JSON.stringify(options.body))
  })
}

/** Two visitors in different /24s (so no grouping of addresses joins them), and the owner setting up. */
const VISITOR_A = '127.0.0.2'
const VISITOR_B = '127.1.0.2'
const OWNER_AT = '127.2.0.2'
const OWNER = 'owner@example.com'
const PASSWORD = 'a long password'

describe.skipIf(noCaddy !== null)('deploy/svc.service behind deploy/Caddyfile', () => {
  let svc: ServerProcess | undefined
  let caddy: Caddy | undefined
  let env: Record<string, string>
  /** A request through Caddy, to the site's name. */
  const via = (
    from: string,
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ) => requestFrom(caddy!.port, from, method, path, { ...options, headers: { host: caddy!.host, ...options.headers } })
  /** Operation `name` called through Caddy from `from`. */
  const callVia = <N extends Described>(
    from: string,
    name: N,
    input: CallInput<N>,
    headers: Record<string, string> = {},
  ) => {
    const { method, path, body } = target(name, input)
    return via(from, method, path, { body, headers })
  }

  beforeAll(async () => {
    const executable = await testExecutable()
    env = unitEnvironment()
    const dataDir = tempDir('svc-proxy-data-')
    const port = freePort()
    svc = await startListening([executable, 'serve'], {
      cwd: dataDir,
      env: { ...env, SVC_DATA_DIR: dataDir, PORT: String(port), ...(await testDatabaseEnv()) },
      dataDir,
    })
    caddy = await startCaddy(port)
  }, 120_000)

  afterAll(async () => {
    await caddy?.stop()
    svc?.proc.kill('SIGTERM')
    await svc?.proc.exited
  })

  test('the unit listens on loopback and trusts the proxy on this machine', () => {
    expect([env.HOST, env.SVC_TRUST_PROXY]).toEqual(['127.0.0.1', '127.0.0.1,::1'])
  })

  test("visitors get rate limits of their own; a visitor's own X-Forwarded-For changes nothing", async () => {
    const signedUp = await callVia(OWNER_AT, 'auth.signup', {
      body: { email: OWNER, password: PASSWORD, tokenName: 'proxy test' },
    })
    expect(signedUp.status).toBe(200)
    const token = signedUp.body.data.token.token as string
    const owner = { authorization: `Bearer ${token}` }
    const app = await callVia(OWNER_AT, 'apps.create', { body: { name: 'Behind Caddy' } }, owner)
    const appId = app.body.data.id as string
    // A burst of 8 refilled once in 1000 s: each client may use a quarter of it, 2 posts, before its own 429.
    const limited = await callVia(
      OWNER_AT,
      'share.update',
      { params: { id: appId }, body: { rateLimit: '0.001/s,8' } },
      owner,
    )
    expect(limited.status).toBe(200)
    const published = await callVia(OWNER_AT, 'share.publish', { params: { id: appId } }, owner)
    const endpoint = new URL(published.body.data.endpoint as string).pathname
    const post = (from: string, headers: Record<string, string> = {}) =>
      via(from, 'POST', endpoint, { body: { n: 1 }, headers }).then((answer) => answer.status)

    expect([await post(VISITOR_A), await post(VISITOR_A), await post(VISITOR_A)]).toEqual([200, 200, 429])
    // Caddy replaces what a visitor writes into X-Forwarded-For with the address it came from.
    expect(await post(VISITOR_A, { 'x-forwarded-for': '198.51.100.77' })).toBe(429)
    expect([await post(VISITOR_B), await post(VISITOR_B), await post(VISITOR_B)]).toEqual([200, 200, 429])
  })

  test("a visitor's wrong passwords lock out that visitor only: the owner still logs in", async () => {
    const login = (from: string, password: string) =>
      callVia(from, 'auth.login', { body: { email: OWNER, password } }).then((answer) => answer.status)
    const statuses: number[] = []
    for (let i = 0; i <= AUTH.loginFailuresPerWindow; i++) statuses.push(await login(VISITOR_A, `guess ${i}`))
    expect(statuses).toEqual([...Array(AUTH.loginFailuresPerWindow).fill(401), 429])
    expect(await login(VISITOR_A, PASSWORD)).toBe(429)
    expect(await login(OWNER_AT, PASSWORD)).toBe(200)
  })
})

describe('a direct client when HOST is not loopback', () => {
  let server: TestServer | undefined
  afterAll(async () => {
    await server?.close()
  })

  test('cannot name another address in X-Forwarded-For: its guesses stay counted against the address it connects from', async () => {
    // Not loopback: nothing is trusted without SVC_TRUST_PROXY (the test still connects over loopback).
    server = await startTestServer({ HOST: '0.0.0.0' })
    expect(server.ctx.config.trustProxy).toEqual([])
    await signup(server.ctx, { email: OWNER, password: PASSWORD })
    const port = Number(new URL(server.url).port)
    const login = (forged: string, password: string) => {
      const { method, path, body } = target('auth.login', { body: { email: OWNER, password } })
      return requestFrom(port, '127.0.0.1', method, path, { body, headers: { 'x-forwarded-for': forged } }).then(
        (answer) => answer.status,
      )
    }
    const statuses: number[] = []
    for (let i = 0; i < AUTH.loginFailuresPerWindow; i++)
      statuses.push(await login(`198.51.100.${i + 1}`, `guess ${i}`))
    expect(statuses).toEqual(Array(AUTH.loginFailuresPerWindow).fill(401))
    expect(await login('198.51.100.200', PASSWORD)).toBe(429)
  })
})
