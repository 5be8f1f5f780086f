/**
 * Issue 41, row 13: password guesses spread over many client addresses. After
 * AUTH.loginFailuresPerAccount failures within an hour for an account, the right password
 * alone gets 401 code_required and a code e-mailed to the owner; the password with that
 * code logs in. Strangers asking for codes, trying wrong ones and guessing on never keep
 * the owner out, and the answers do not tell a stranger whether a guess was right.
 */
import { describe, expect, test } from 'bun:test'
import { beginLoginAttempt } from '../../server/core/auth/login-throttle.ts'
import { signup } from '../../server/core/auth/signup.ts'
import { AUTH } from '../../server/contract/limits.ts'
import type { CallInput } from '../support/call.ts'
import { testApp, type TestApp } from '../support/http.ts'

const EMAIL = 'owner@example.com'
const PASSWORD = 'correct horse'
const OWNER = '192.0.2.1'
/** One of the stranger's many addresses (each stays under the per-client throttle). */
const stranger = (i: number) => `198.51.100.${1 + Math.floor(i / AUTH.loginFailuresPerWindow)}`

const codeRequiredBody = {
  code: 401,
  error: {
    type: 'code_required',
    message:
      `There were over ${AUTH.loginFailuresPerAccount} failed log-ins for ${EMAIL} within an hour, so a password log-in also needs a login code. ` +
      `If the password is right, a code has been e-mailed to ${EMAIL}: send it as "code" together with the password ` +
      '(it lasts 10 minutes; no new mail? use the last code you received).',
  },
}
const wrongBody = {
  code: 401,
  error: {
    type: 'unauthorized',
    message: 'E-mail, password or code is wrong; ask for a new code by logging in without "code"',
  },
}

const login = (t: TestApp, from: string, body: Omit<NonNullable<CallInput<'auth.login'>['body']>, 'email'>) =>
  t.call('auth.login', { body: { email: EMAIL, ...body } }, { from })

const codeOf = (text: string) => /^\s+(\d{6})$/m.exec(text)![1]

/**
 * An account with AUTH.loginFailuresPerAccount failed log-ins from many addresses: wrong
 * passwords over HTTP (`guesses`), or for the later tests counted as each of them is
 * before its check, without the argon2 work that would take a shared machine minutes.
 */
async function underAttack(guesses: 'http' | 'counted' = 'counted'): Promise<TestApp> {
  const t = testApp()
  await signup(t.ctx, { email: EMAIL, password: PASSWORD })
  if (guesses === 'counted') {
    for (let i = 0; i < AUTH.loginFailuresPerAccount; i++) await beginLoginAttempt(t.ctx, EMAIL, stranger(i))
    return t
  }
  const statuses = new Set<number>()
  for (let i = 0; i < AUTH.loginFailuresPerAccount; i++)
    statuses.add((await login(t, stranger(i), { password: `guess ${i}` })).status)
  // Every guess was checked and refused as an ordinary wrong password: no client reached its own throttle.
  expect([...statuses]).toEqual([401])
  return t
}

describe('many failed passwords for one account', () => {
  test('the right password alone is refused with code_required; with the mailed code it logs in', async () => {
    const t = await underAttack('http')
    const mailsBefore = t.mails.length
    const alone = await login(t, OWNER, { password: PASSWORD })
    expect<unknown>([alone.status, alone.body]).toEqual([401, codeRequiredBody])
    await Promise.resolve()
    expect(t.mails.length).toBe(mailsBefore + 1)
    const mail = t.mails.at(-1)!
    expect([mail.to, mail.subject.replace(/\d{6}/, 'NNNNNN')]).toEqual([EMAIL, 'Your svc login code: NNNNNN'])
    const code = codeOf(mail.text)

    // A wrong code with the right password says nothing more than a wrong password would.
    const wrongCode = await login(t, OWNER, { password: PASSWORD, code: code === '000000' ? '111111' : '000000' })
    expect<unknown>([wrongCode.status, wrongCode.body]).toEqual([401, wrongBody])
    const wrongPassword = await login(t, OWNER, { password: 'not it', code })
    expect<unknown>([wrongPassword.status, wrongPassword.body]).toEqual([401, wrongBody])

    const done = await login(t, OWNER, { password: PASSWORD, code, tokenName: 'laptop' })
    expect([done.status, done.body.data.user.email, done.body.data.token!.name]).toEqual([200, EMAIL, 'laptop'])
    // The code is spent.
    expect<unknown>((await login(t, OWNER, { password: PASSWORD, code })).body).toEqual(wrongBody)
    // 100 argon2 checks on one hashing thread: seconds on a quiet machine, more on a busy one.
  }, 240_000)

  test("a stranger's wrong password gets the same answer as the right one, and no mail goes out", async () => {
    const t = await underAttack()
    const mailsBefore = t.mails.length
    const guess = await login(t, '203.0.113.9', { password: 'one more guess' })
    expect<unknown>([guess.status, guess.body]).toEqual([401, codeRequiredBody])
    expect(t.mails.length).toBe(mailsBefore)
  })

  test('an hour after the guessing stops, the password alone logs in again', async () => {
    const t = await underAttack()
    t.clock.advance(AUTH.accountFailureWindowMs)
    const done = await login(t, OWNER, { password: PASSWORD })
    expect([done.status, done.body.data.user.email]).toEqual([200, EMAIL])
  })

  test('never a lock-out: used-up code mails and a paused code log-in do not stop the owner', async () => {
    const t = await underAttack()
    // The stranger uses up the account's code mails and pauses log-in by code.
    for (let i = 0; i < AUTH.codeEmailsPerAccountPerHour; i++)
      await t.call('auth.sendCode', { body: { email: EMAIL } }, { from: `198.18.${i}.1` })
    for (let i = 0; i < AUTH.codeFailuresPerAccount; i++)
      await t.call('auth.verifyCode', { body: { email: EMAIL, code: '123456' } }, { from: `198.19.${i}.1` })
    const paused = await t.call('auth.sendCode', { body: { email: EMAIL } }, { from: OWNER })
    expect([paused.status, paused.body.error!.type]).toEqual([429, 'rate_limited'])

    const alone = await login(t, OWNER, { password: PASSWORD })
    expect<unknown>(alone.body).toEqual(codeRequiredBody)
    await Promise.resolve()
    const done = await login(t, OWNER, { password: PASSWORD, code: codeOf(t.mails.at(-1)!.text) })
    expect([done.status, done.body.data.user.email]).toEqual([200, EMAIL])
  })
})
