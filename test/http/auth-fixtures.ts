/**
 * @module Helpers shared by the auth and profile HTTP tests: sign-up through the API,
 * reading the session cookie and the mailed login code.
 */
import type { CallInput } from '../support/call.ts'
import type { TestApp, TestResponse } from '../support/http.ts'

/** What a browser on the admin page itself sends. */
export const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' }

/** The `svc_session=<value>` pair from a response's Set-Cookie, for a Cookie header. */
export function sessionCookieOf(res: TestResponse): string {
  const header = res.headers.get('set-cookie') ?? ''
  const match = /^(svc_session=[^;]+);/.exec(header)
  if (!match) throw new Error(`no session cookie in "${header}"`)
  return match[1]
}

/** Signs up through POST /api/v3/auth/signup and returns the answer and its cookie. */
export async function signUp(t: TestApp, body: Record<string, unknown>) {
  // Callers hand over sign-up bodies; some build them as plain records.
  const res = await t.call('auth.signup', { body: body as CallInput<'auth.signup'>['body'] })
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.text}`)
  return {
    res,
    user: res.body.data.user,
    cookie: sessionCookieOf(res),
    token: res.body.data.token?.token as string | undefined,
  }
}

/** The code in the newest mail (to `to`, when given). */
export function lastCode(t: TestApp, to?: string): string {
  const mail = [...t.mails].reverse().find((m) => to === undefined || m.to === to)
  const match = mail && /^\s+(\d{6})$/m.exec(mail.text)
  if (!match) throw new Error('no login code mailed')
  return match[1]
}

/** ISO time of the test clock's start (ManualClock default). */
export const T0 = '2026-01-01T00:00:00.000Z'

/** The 401 for a login code that does not log in: the same answer whatever the reason, so it tells a guesser nothing. */
export const INVALID_CODE = {
  code: 401,
  error: {
    type: 'unauthorized',
    message:
      'That code does not log in this e-mail address: it is mistyped, expired (codes last 10 minutes), already used, ' +
      'replaced by a newer code, or was tried wrong 5 times; check it or request a new one',
  },
}
