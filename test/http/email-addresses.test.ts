/**
 * E-mail addresses hold no control, invisible or quoting characters (issue 41, row 10):
 * every place that takes an address — sign-up, code log-in, profile, the `email` field type a
 * respondent fills in — refuses them with a 422 that says what is wrong, and nothing is
 * stored or mailed. International addresses stay accepted.
 */
import { describe, expect, test } from 'bun:test'
import { makeEndpoint } from '../core/collect/fixtures.ts'
import { testApp } from '../support/http.ts'
import { signUp } from './auth-fixtures.ts'

const UNSAFE =
  'cannot contain control or invisible characters, quotes, brackets, <, >, \\, commas, semicolons or colons: give an address such as name@example.com'

const HOSTILE = [
  ['a NUL', 'ada\u0000@example.com'],
  ['an escape sequence', 'ada\u001b[2J@example.com'],
  ['a C1 control', 'ada\u009b@example.com'],
  ['angle brackets', 'ada<evil>@example.com'],
  ['a double quote', 'ada"@example.com'],
  ['a bidirectional override', 'ada\u202e@example.com'],
  ['a comma', 'ada,bob@example.com'],
] as const

const refusal = (path: string, message: string) => ({
  code: 422,
  error: { type: 'validation', message: `${path}: ${message}`, details: { problems: [{ path, message }] } },
})

describe('unsafe characters in e-mail addresses', () => {
  test.each(HOSTILE)('sign-up with %s is refused and makes no account', async (_name, email) => {
    const t = testApp({ signup: 'open' })
    const res = await t.call('auth.signup', { body: { email, password: 'password123' } })
    expect<unknown>([res.status, res.body]).toEqual([422, refusal('email', UNSAFE)])
    expect(await t.ctx.storage.users.count()).toBe(0)
  })

  test.each(HOSTILE)('a code request for %s is refused and mails nothing', async (_name, email) => {
    const t = testApp({ signup: 'open' })
    const res = await t.call('auth.sendCode', { body: { email } })
    expect<unknown>([res.status, res.body]).toEqual([422, refusal('email', UNSAFE)])
    expect(t.mails).toEqual([])
  })

  test('a new profile address with a control character is refused; the stored one stays', async () => {
    const t = testApp({ signup: 'open' })
    const signed = await signUp(t, {
      email: 'ada@example.com',
      name: 'Ada',
      tokenName: 'ci',
      password: 'correct horse',
    })
    const res = await t.call(
      'profile.update',
      { body: { email: 'ada\u001b[8m@example.com', currentPassword: 'correct horse' } },
      { token: signed.token! },
    )
    expect<unknown>([res.status, res.body]).toEqual([422, refusal('email', UNSAFE)])
    expect((await t.ctx.storage.users.byId(signed.user.id))!.email).toBe('ada@example.com')
  })

  test('an international address is still accepted', async () => {
    const t = testApp({ signup: 'open' })
    const res = await t.call('auth.signup', { body: { email: 'jörg@例子.广告', password: 'password123' } })
    expect(res.status).toBe(200)
  })

  test('the email field type refuses them in a respondent’s answer, and stores nothing', async () => {
    const t = testApp({ rateLimit: null })
    const endpoint = await makeEndpoint(t.ctx, { fields: [{ name: 'contact', type: 'email' as const }] })
    const res = await t.call('ingest.post', {
      params: { token: endpoint.token },
      body: { contact: 'ada\u001b]0;x\u0007@example.com' },
    })
    expect<unknown>([res.status, res.body]).toEqual([
      422,
      {
        code: 422,
        error: {
          type: 'invalid_value',
          message: `contact: ${UNSAFE}`,
          details: { problems: [{ path: 'contact', message: UNSAFE }] },
        },
      },
    ])
    expect(
      (await t.call('ingest.post', { params: { token: endpoint.token }, body: { contact: 'ada@example.com' } })).status,
    ).toBe(200)
    expect(
      (await t.call('records.list', { params: { id: endpoint.appId } }, { token: endpoint.ownerToken })).body.total,
    ).toBe(1)
  })
})
