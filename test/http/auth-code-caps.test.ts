/**
 * Issue 31, row 6: log-in by code is capped per account whatever the client. Many client
 * addresses (X-Forwarded-For from a trusted proxy) together get at most 10 code e-mails an
 * hour and 20 wrong codes a day; then code log-in for the address pauses with the same 429
 * and Retry-After whether or not it has an account, the owner hears of it once, and
 * password log-in and sessions go on working.
 */
import { describe, expect, test } from 'bun:test'
import { AUTH } from '../../server/contract/limits.ts'
import { notePeerAddress } from '../../server/http/client-address.ts'
import { target, type CallInput } from '../support/call.ts'
import { BASE, testApp, type TestApp } from '../support/http.ts'
import { INVALID_CODE, lastCode, signUp } from './auth-fixtures.ts'

const OWNER = 'ada@example.com'
const NOBODY = 'nobody@example.com'
const T0 = Date.UTC(2026, 0, 1)
const iso = (ms: number) => new Date(ms).toISOString()

/** The 401 of every wrong code. */

async function withOwner() {
  const t = testApp({ signup: 'open', trustProxy: ['127.0.0.1'] })
  const { user, cookie } = await signUp(t, { email: OWNER, password: 'correct horse' })
  return { t, user, cookie }
}

/** Client number `n`, as the trusted proxy forwards it. */
const client = (n: number) => `198.51.100.${n}`

/** The auth operations a client posts JSON to. */
type Posted = 'auth.sendCode' | 'auth.verifyCode' | 'auth.login' | 'auth.resetPassword'

/** Calls `name` with `body` as the client at `from`, through the trusted proxy at 127.0.0.1. */
async function post<N extends Posted>(t: TestApp, from: string, name: N, body: CallInput<N>['body']) {
  const { method, path } = target(name, { body } as CallInput<N>)
  const request = new Request(`${BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify(body),
  })
  notePeerAddress(request, '127.0.0.1')
  const response = await t.app.handle(request)
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() }
}

const askCode = (t: TestApp, from: string, email: string) => post(t, from, 'auth.sendCode', { email })
const tryCode = (t: TestApp, from: string, email: string, code: string) =>
  post(t, from, 'auth.verifyCode', { email, code })

/** An answer with the e-mail address taken out, to compare an account's answers with an unknown address's. */
const anonymous = (answer: unknown, email: string) => JSON.parse(JSON.stringify(answer).replaceAll(email, '<email>'))

const pauseMail = (what: string, until: number) => ({
  to: OWNER,
  subject: 'svc: log-in by e-mail code paused for your account',
  text:
    `At http://localhost:8787, ${what} until ${iso(until)}.\n\n` +
    'If that was not you, someone is trying to guess their way in. Nobody got in with a code.\n' +
    'Your password, your sessions and your access tokens keep working: log in with your password meanwhile.\n\n' +
    'You get this notice at most once in 24 hours.\n',
})

describe('per-account caps on log-in by code', () => {
  test('20 client addresses asking for codes get 10 e-mails an hour in all; then 429 with the same body and Retry-After as an unknown address', async () => {
    const { t, cookie } = await withOwner()
    const owner: Array<Awaited<ReturnType<typeof askCode>>> = []
    const nobody: typeof owner = []
    for (let n = 1; n <= 20; n++) {
      t.clock.advance(1000)
      owner.push(await askCode(t, client(n), OWNER))
      nobody.push(await askCode(t, client(n), NOBODY))
    }
    const sent = { status: 200, retryAfter: null, body: { code: 200, data: { sent: true, expiresInSeconds: 600 } } }
    // The first send counted is at T0 + 1 s; the 11th request comes 10 s later.
    const limited = (n: number) => ({
      status: 429,
      retryAfter: String(3600 - (n - 1)),
      body: {
        code: 429,
        error: {
          type: 'rate_limited',
          message: `Too many login codes requested for ${OWNER}: at most 10 an hour from all places together. Use the last code you received, log in with your password, or ask again in 60 minutes (after ${iso(T0 + 1000 + 3_600_000)})`,
          details: { retryAfterSeconds: 3600 - (n - 1) },
        },
      },
    })
    expect(owner).toEqual([
      ...Array.from({ length: 10 }, () => sent),
      ...Array.from({ length: 10 }, (_, i) => limited(i + 11)),
    ])
    expect(anonymous(nobody, NOBODY)).toEqual(anonymous(owner, OWNER))

    await Promise.resolve()
    const codeMails = t.mails.filter((mail) => mail.subject.startsWith('Your svc login code'))
    expect(codeMails.map((mail) => mail.to)).toEqual(Array(10).fill(OWNER))
    // The tenth e-mail reached the cap: the owner hears of it once, the unknown address never.
    expect(t.mails.filter((mail) => !codeMails.includes(mail))).toEqual([
      pauseMail(
        '10 login codes were requested for this address within an hour, so no more codes are sent',
        T0 + 1000 + 3_600_000,
      ),
    ])
    expect(await t.ctx.storage.auth.codeSends(OWNER)).toHaveLength(10)
    expect(await t.ctx.storage.auth.codeSends(NOBODY)).toHaveLength(10)

    // The codes already sent work, the password works, and the session lives on.
    const newest = t.mails.findLast((mail) => mail.subject.startsWith('Your svc login code'))!
    expect((await tryCode(t, client(10), OWNER, /(\d{6})$/.exec(newest.subject)![1])).status).toBe(200)
    expect((await post(t, client(21), 'auth.login', { email: OWNER, password: 'correct horse' })).status).toBe(200)
    expect((await t.call('auth.status', {}, { cookie })).status).toBe(200)

    // An hour after the first send it ages out and one more code may go.
    t.clock.advance(3_600_000 - 20_000)
    expect((await askCode(t, client(30), OWNER)).status).toBe(429)
    t.clock.advance(1000)
    expect((await askCode(t, client(30), OWNER)).body).toEqual(sent.body)
  })

  test('20 wrong codes from 20 addresses, then code log-in pauses for a day: even the right code and password reset get 429; the password still logs in', async () => {
    const { t, cookie } = await withOwner()
    expect((await askCode(t, client(100), OWNER)).status).toBe(200)
    const code = lastCode(t, OWNER)
    const wrong = code === '000000' ? '111111' : '000000'
    const owner: Array<Awaited<ReturnType<typeof tryCode>>> = []
    const nobody: typeof owner = []
    for (let n = 1; n <= 25; n++) {
      t.clock.advance(1000)
      owner.push(await tryCode(t, client(n), OWNER, wrong))
      nobody.push(await tryCode(t, client(n), NOBODY, wrong))
    }
    const until = T0 + 1000 + AUTH.codeFailureWindowMs
    const paused = (email: string, n: number) => ({
      status: 429,
      retryAfter: String(86_400 - (n - 1)),
      body: {
        code: 429,
        error: {
          type: 'rate_limited',
          message: `Log-in by code is paused for ${email}: 20 wrong codes were tried within 24 hours. Log in with your password instead, or try codes again in 1440 minutes (after ${iso(until)})`,
          details: { retryAfterSeconds: 86_400 - (n - 1) },
        },
      },
    })
    expect(owner).toEqual([
      ...Array.from({ length: 20 }, () => ({ status: 401, retryAfter: null, body: INVALID_CODE })),
      ...Array.from({ length: 5 }, (_, i) => paused(OWNER, i + 21)),
    ])
    expect(anonymous(nobody, NOBODY)).toEqual(anonymous(owner, OWNER))
    expect(await t.ctx.storage.auth.codeFailures(OWNER)).toEqual(
      Array.from({ length: 20 }, (_, i) => T0 + (i + 1) * 1000),
    )
    expect(await t.ctx.storage.auth.codeFailures(NOBODY)).toHaveLength(20)

    // Paused: the owner's own code, a new code, and a password reset by code.
    expect(await tryCode(t, client(100), OWNER, code)).toEqual(paused(OWNER, 25))
    expect(await askCode(t, client(100), OWNER)).toEqual(paused(OWNER, 25))
    expect(
      await post(t, client(100), 'auth.resetPassword', { email: OWNER, code, newPassword: 'stolen password' }),
    ).toEqual(paused(OWNER, 25))

    // Nobody can lock the owner out: password log-in and the session work.
    const login = await post(t, client(100), 'auth.login', { email: OWNER, password: 'correct horse' })
    expect(login.status).toBe(200)
    expect((await t.call('auth.status', {}, { cookie })).status).toBe(200)

    await Promise.resolve()
    expect(t.mails.map((mail) => mail.to)).toEqual([OWNER, OWNER])
    expect(t.mails[1]).toEqual(
      pauseMail('20 wrong login codes were tried for this address within 24 hours, so log-in by code is paused', until),
    )

    // A day after the first wrong code it ages out: codes work again.
    t.clock.advance(AUTH.codeFailureWindowMs - 25_000)
    expect((await askCode(t, client(100), OWNER)).status).toBe(429)
    t.clock.advance(1000)
    expect((await askCode(t, client(100), OWNER)).status).toBe(200)
    expect((await tryCode(t, client(100), OWNER, lastCode(t, OWNER))).status).toBe(200)
  })

  test('the owner hears of a pause once in 24 hours, however often the caps are reached', async () => {
    const { t } = await withOwner()
    const notices = () => t.mails.filter((mail) => mail.subject.startsWith('svc: log-in by e-mail code paused')).length
    const flood = async (first: number) => {
      for (let n = first; n < first + 11; n++) await askCode(t, client(n), OWNER)
      for (let n = first; n < first + 21; n++) await tryCode(t, client(n), OWNER, '000000')
    }
    await flood(1)
    await Promise.resolve()
    expect(notices()).toBe(1)
    t.clock.advance(AUTH.codeFailureWindowMs - 1)
    await flood(40)
    await Promise.resolve()
    // The first pause's wrong codes still count (1 ms short of a day): no new notice, no new codes.
    expect(notices()).toBe(1)
    t.clock.advance(1)
    await flood(80)
    await Promise.resolve()
    expect(notices()).toBe(2)
  })

  test('concurrent requests from 30 addresses: exactly 10 codes go out and one notice', async () => {
    const { t } = await withOwner()
    const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => askCode(t, client(n + 1), OWNER)))
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(10).fill(200), ...Array(20).fill(429)])
    await Promise.resolve()
    expect(t.mails.filter((mail) => mail.subject.startsWith('Your svc login code'))).toHaveLength(10)
    expect(t.mails.filter((mail) => mail.subject.startsWith('svc: log-in by e-mail code paused'))).toHaveLength(1)
  })

  test('concurrent wrong codes from 30 addresses: exactly 20 are tried', async () => {
    const { t } = await withOwner()
    const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => tryCode(t, client(n + 1), OWNER, '000000')))
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(20).fill(401), ...Array(10).fill(429)])
    expect(await t.ctx.storage.auth.codeFailures(OWNER)).toHaveLength(20)
    await Promise.resolve()
    expect(t.mails.filter((mail) => mail.subject.startsWith('svc: log-in by e-mail code paused'))).toHaveLength(1)
  })
})
