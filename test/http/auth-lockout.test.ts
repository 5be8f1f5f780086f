/**
 * Issue 17, rows 2 and 3, over real sockets: a stranger who uses every try the auth
 * throttles allow cannot lock the owner out, because the throttles count per account and
 * client address; and the count of failures survives a restart. Requests leave from
 * different loopback addresses (127.0.0.2 is the stranger), so the server sees two clients.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import http from 'node:http'
import { signup } from '../../server/core/auth/signup.ts'
import { createLogger } from '../../server/core/logger.ts'
import { AUTH } from '../../server/contract/limits.ts'
import { testDatabaseEnv } from '../support/backend.ts'
import { target, type BodyOf, type CallInput } from '../support/call.ts'
import { startTestServer, type TestServer } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'

const OWNER = '127.0.0.1'
const STRANGER = '127.0.0.2'

interface Answer<N extends Posted> {
  status: number
  body: BodyOf<N>
}

/** The auth operations a client posts JSON to. */
type Posted = 'auth.sendCode' | 'auth.verifyCode' | 'auth.login'

/** Calls `name` with `body` on `server` from the local address `from` (which fetch cannot choose). */
function postFrom<N extends Posted>(
  server: TestServer,
  from: string,
  name: N,
  body: CallInput<N>['body'],
  headers: Record<string, string> = {},
): Promise<Answer<N>> {
  const { port } = new URL(server.url)
  const { method, path } = target(name, { body } as CallInput<N>)
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        localAddress: from,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (response) => {
        let text = ''
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }))
      },
    )
    request.on('error', reject)
    request.end(JSON.stringify(body))
  })
}

const codeIn = (server: TestServer): string => /^\s+(\d{6})$/m.exec(server.mails.at(-1)!.text)![1]

let servers: TestServer[] = []
afterEach(async () => {
  for (const server of servers.reverse()) await server.close()
  servers = []
})

/** Every log line of the servers started by the test, newest last. */
let logs: string[] = []

async function serverWithOwner(env: Record<string, string> = {}) {
  logs = []
  const server = await startTestServer(env, { log: createLogger('warn', (_level, line) => logs.push(line)) })
  servers.push(server)
  await signup(server.ctx, { email: 'owner@example.com', password: 'correct horse' })
  return server
}

describe('a stranger cannot lock the owner out', () => {
  test('10 wrong passwords, 5 code requests and 5 wrong codes from a stranger: the owner still logs in by password and by code', async () => {
    const server = await serverWithOwner()
    const login = (from: string, password: string) =>
      postFrom(server, from, 'auth.login', { email: 'owner@example.com', password })
    const statuses: number[] = []
    for (let i = 0; i < AUTH.loginFailuresPerWindow + 1; i++)
      statuses.push((await login(STRANGER, `guess ${i}`)).status)
    for (let i = 0; i < AUTH.codeEmailsPerHour + 1; i++)
      statuses.push((await postFrom(server, STRANGER, 'auth.sendCode', { email: 'owner@example.com' })).status)
    for (let i = 0; i < AUTH.codeMaxAttempts; i++) {
      statuses.push(
        (
          await postFrom(server, STRANGER, 'auth.verifyCode', {
            email: 'owner@example.com',
            code: String(i).padStart(6, '0'),
          })
        ).status,
      )
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, ...Array(5).fill(200), 429, ...Array(5).fill(401)])
    // Each failure is logged with the client's address, for fail2ban or a reader of the log.
    expect(logs.filter((line) => line.includes('failed password login'))).toEqual(
      Array(10).fill(
        expect.stringContaining(`WARN  failed password login {"email":"owner@example.com","address":"${STRANGER}"}`),
      ),
    )

    const byPassword = await login(OWNER, 'correct horse')
    expect([byPassword.status, byPassword.body.data.user.email]).toEqual([200, 'owner@example.com'])
    expect((await postFrom(server, OWNER, 'auth.sendCode', { email: 'owner@example.com' })).body).toEqual({
      code: 200,
      data: { sent: true, expiresInSeconds: 600 },
    })
    const byCode = await postFrom(server, OWNER, 'auth.verifyCode', {
      email: 'owner@example.com',
      code: codeIn(server),
    })
    expect([byCode.status, byCode.body.data.user.email]).toEqual([200, 'owner@example.com'])
  })

  test('a code works only for the client that asked for it', async () => {
    const server = await serverWithOwner()
    await postFrom(server, OWNER, 'auth.sendCode', { email: 'owner@example.com' })
    const code = codeIn(server)
    const elsewhere = await postFrom(server, STRANGER, 'auth.verifyCode', { email: 'owner@example.com', code })
    expect(elsewhere.status).toBe(401)
    expect((await postFrom(server, OWNER, 'auth.verifyCode', { email: 'owner@example.com', code })).status).toBe(200)
  })
})

describe('the login throttle is kept in the database', () => {
  test('150 concurrent wrong guesses: 10 are checked, 140 refused; after a restart the client is still refused', async () => {
    const dataDir = tempDir('throttle-restart-')
    const env = { SVC_DATA_DIR: dataDir, ...(await testDatabaseEnv()) }
    const first = await serverWithOwner(env)
    const guesses = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        postFrom(first, STRANGER, 'auth.login', { email: 'owner@example.com', password: `guess ${i}` }),
      ),
    )
    const count = (status: number) => guesses.filter((answer) => answer.status === status).length
    expect({ checked: count(401), refused: count(429) }).toEqual({
      checked: AUTH.loginFailuresPerWindow,
      refused: 150 - AUTH.loginFailuresPerWindow,
    })
    await first.stop()
    servers = servers.filter((server) => server !== first)

    const second = await startTestServer(env)
    servers.push(second)
    const after = await postFrom(second, STRANGER, 'auth.login', {
      email: 'owner@example.com',
      password: 'correct horse',
    })
    expect([after.status, after.body.error?.type]).toEqual([429, 'rate_limited'])
    expect(
      (await postFrom(second, OWNER, 'auth.login', { email: 'owner@example.com', password: 'correct horse' })).status,
    ).toBe(200)
  })
})
