/**
 * Issue 31, row 5: one access token (or an unattended session) must not take the account.
 * A new e-mail address needs the current password (without one: a code mailed to the
 * current address), takes effect only through the link mailed to the new address, and the
 * old address is told; wrong passwords count like failed log-ins. Creating an access token
 * from a session logged in over 15 minutes ago needs the password too.
 */
import { describe, expect, test } from 'bun:test'
import { AUTH } from '../../server/contract/limits.ts'
import { testApp, type TestApp } from '../support/http.ts'
import { lastCode, SAME_ORIGIN, signUp, T0 } from './auth-fixtures.ts'
import { invalid, type ErrorEnvelope } from '../support/call.ts'

const OLD = 'ada@example.com'
const NEW = 'ada@lovelace.org'
const BASE_URL = 'http://localhost:8787'

async function withOwner(password: string | null = 'correct horse') {
  const t = testApp({ signup: 'open' })
  const signed = await signUp(t, { email: OLD, name: 'Ada', tokenName: 'ci', ...(password ? { password } : {}) })
  return { t, ...signed, token: signed.token! }
}

const patch = (t: TestApp, token: string, body: unknown) => t.call('profile.update', { body: invalid(body) }, { token })
const stored = async (t: TestApp, userId: string) => (await t.ctx.storage.users.byId(userId))!.email

/** The token of the newest confirmation link mailed to `to`. */
function linkToken(t: TestApp, to = NEW): string {
  const mail = t.mails.findLast((m) => m.to === to && m.subject === 'svc: confirm your new e-mail address')
  const match = mail && /\/api\/v3\/profile\/email\/confirm\?token=([A-Za-z0-9_-]+)$/m.exec(mail.text)
  if (!match) throw new Error(`no confirmation link mailed to ${to}`)
  return match[1]
}

/** Presses the button of the confirmation page, as a browser posts the form. */
const pressConfirm = (t: TestApp, token: string) =>
  t.call(
    'profile.confirmEmail',
    {},
    {
      raw: new URLSearchParams({ token }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
  )

const confirmMail = (token: string) => ({
  to: NEW,
  subject: 'svc: confirm your new e-mail address',
  text:
    `The svc account ${OLD} at ${BASE_URL} asked to use this address from now on.\n` +
    'To confirm, open this link and press the button there:\n\n' +
    `    ${BASE_URL}/api/v3/profile/email/confirm?token=${token}\n\n` +
    'The link works once, for 24 hours. Until it is used the account keeps its old address.\n\n' +
    'If you did not ask for this, ignore this e-mail: nothing changes without the link.\n',
})

const requestedMail = {
  to: OLD,
  subject: 'svc: a change of your e-mail address was requested',
  text:
    `Someone logged in to your svc account at ${BASE_URL} asked to change its e-mail address from ${OLD} to ${NEW}.\n` +
    `It takes effect only when the link sent to ${NEW} is followed (within 24 hours).\n\n` +
    'If that was you, nothing needs doing. If not, stop it now: log in, cancel the change\n' +
    '(Account in the admin page, svc-cli profile update --cancel-email, or DELETE /api/v3/profile/email),\n' +
    'change your password and revoke the access tokens you do not recognise.\n',
}

const changedMail = {
  to: OLD,
  subject: 'svc: your e-mail address was changed',
  text:
    `Your svc account at ${BASE_URL} now uses the e-mail address ${NEW} instead of ${OLD}.\n` +
    'Login codes and notices go there from now on.\n\n' +
    'If you did not do this, contact the administrator of this server.\n',
}

const UNKNOWN_LINK =
  'This confirmation link is unknown, already used, replaced by a newer request, or expired (links last 24 hours); ' +
  'the e-mail address was not changed. Ask for the change again from your account'

describe('changing the e-mail address', () => {
  test('one access token is not enough: 403 reauth_required, nothing stored or mailed, and no code reaches the new address', async () => {
    const { t, token, user } = await withOwner()
    const res = await patch(t, token, { email: 'mallory@evil.example' })
    expect(res.status).toBe(403)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 403,
      error: {
        type: 'reauth_required',
        message: 'Changing the e-mail address needs your current password: send it as "currentPassword"',
        details: { method: 'password' },
      },
    })
    expect(await stored(t, user.id)).toBe(OLD)
    expect(await t.ctx.storage.users.emailChange(user.id)).toBeNull()
    // The takeover's second step, a code to the new address, finds no account there.
    await t.call('auth.sendCode', { body: { email: 'mallory@evil.example' } })
    await Promise.resolve()
    expect(t.mails).toEqual([])
  })

  test('without a password, the token needs a code mailed to the current address', async () => {
    const { t, token, user } = await withOwner(null)
    const res = await patch(t, token, { email: NEW })
    expect(res.status).toBe(403)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 403,
      error: {
        type: 'reauth_required',
        message: `Changing the e-mail address needs a login code mailed to your current address: ask for one with POST /api/v3/auth/code {"email": "${OLD}"} and send it as "code"`,
        details: { method: 'code' },
      },
    })
    await t.call('auth.sendCode', { body: { email: OLD } })
    const ok = await patch(t, token, { email: NEW, code: lastCode(t, OLD) })
    expect(ok.status).toBe(202)
    expect(ok.body).toEqual({
      code: 202,
      data: {
        ...user,
        pendingEmail: { email: NEW, expiresAt: new Date(Date.parse(T0) + AUTH.emailChangeTtlMs).toISOString() },
      },
    })
    expect(await stored(t, user.id)).toBe(OLD)
  })

  test('wrong current passwords count like failed log-ins: after 10 the route (and password log-in from there) answers 429', async () => {
    const { t, token, user } = await withOwner()
    for (let i = 0; i < AUTH.loginFailuresPerWindow; i++) {
      const res = await patch(t, token, { email: NEW, currentPassword: `guess ${i}` })
      expect(res.status).toBe(403)
      expect(res.body as ErrorEnvelope).toEqual({
        code: 403,
        error: { type: 'wrong_password', message: 'The current password is wrong; nothing was changed' },
      })
    }
    const limited = await patch(t, token, { email: NEW, currentPassword: 'correct horse' })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('900')
    expect(limited.body as ErrorEnvelope).toEqual({
      code: 429,
      error: {
        type: 'rate_limited',
        message: `Too many failed log-ins for ${OLD} from your network address: wait 15 minutes (until 2026-01-01T00:15:00.000Z) or log in with an e-mail code instead`,
        details: { retryAfterSeconds: 900 },
      },
    })
    expect((await t.call('auth.login', { body: { email: OLD, password: 'correct horse' } })).status).toBe(429)
    expect(await stored(t, user.id)).toBe(OLD)
    await Promise.resolve()
    expect(t.mails).toEqual([])
  })

  test('with the password: 202, the e-mail stays until the link mailed to the new address is confirmed; the old address is told twice', async () => {
    const { t, token, user } = await withOwner()
    await t.call('auth.sendCode', { body: { email: OLD } })
    t.clock.advance(1000)
    const res = await patch(t, token, {
      name: 'Ada L.',
      email: ` ${NEW.toUpperCase()} `,
      currentPassword: 'correct horse',
    })
    expect(res.status).toBe(202)
    const expiresAt = Date.parse(T0) + 1000 + AUTH.emailChangeTtlMs
    expect(res.body).toEqual({
      code: 202,
      data: { ...user, name: 'Ada L.', pendingEmail: { email: NEW, expiresAt: new Date(expiresAt).toISOString() } },
    })
    expect(await stored(t, user.id)).toBe(OLD)
    // The profile shows the change waiting for its link (the admin's Account screen reads it on every visit).
    expect((await t.call('profile.get', {}, { token })).body.data).toEqual({
      ...user,
      name: 'Ada L.',
      pendingEmail: { email: NEW, expiresAt: new Date(expiresAt).toISOString() },
    })
    const link = linkToken(t)
    expect(await t.ctx.storage.users.emailChange(user.id)).toEqual({
      userId: user.id,
      newEmail: NEW,
      tokenHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      expiresAt,
      createdAt: Date.parse(T0) + 1000,
    })
    await Promise.resolve()
    expect(t.mails.slice(1)).toEqual([confirmMail(link), requestedMail])

    // Opening the link (as a mail scanner does) only shows the button.
    const page = await t.call('profile.confirmEmailPage', { query: { token: link } })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.text).toContain(
      `<p>The svc account ${OLD} will use ${NEW} from now on: login codes and notices go there.</p>`,
    )
    expect(page.text).toContain(
      `<form method="post" action="/api/v3/profile/email/confirm">\n<input type="hidden" name="token" value="${link}">\n<button type="submit">Use ${NEW}</button>`,
    )
    expect(await stored(t, user.id)).toBe(OLD)

    t.clock.advance(1000)
    const done = await pressConfirm(t, link)
    expect(done.status).toBe(200)
    expect(done.text).toContain(
      `<h1>E-mail address changed</h1><p>The svc account now uses ${NEW}. Log in with it from now on.</p>`,
    )
    expect(await t.ctx.storage.users.byId(user.id)).toMatchObject({
      email: NEW,
      name: 'Ada L.',
      updatedAt: Date.parse(T0) + 2000,
    })
    expect(await t.ctx.storage.users.emailChange(user.id)).toBeNull()
    // The code mailed to the old address before the change no longer logs in.
    expect(await t.ctx.storage.auth.emailCodes(OLD)).toEqual([])
    await Promise.resolve()
    expect(t.mails.slice(3)).toEqual([changedMail])

    const again = await t.call('profile.confirmEmail', { body: { token: link } })
    expect(again.status).toBe(404)
    expect(again.body as ErrorEnvelope).toEqual({ code: 404, error: { type: 'not_found', message: UNKNOWN_LINK } })
    expect((await t.call('profile.confirmEmailPage', { query: { token: link } })).status).toBe(404)
  })

  test('a new request replaces the earlier link; the link dies after 24 hours; the profile shows the change while it waits; DELETE /profile/email cancels', async () => {
    const { t, token, user } = await withOwner()
    await patch(t, token, { email: 'first@example.org', currentPassword: 'correct horse' })
    const first = linkToken(t, 'first@example.org')
    await patch(t, token, { email: NEW, currentPassword: 'correct horse' })
    const second = linkToken(t)
    expect((await t.call('profile.confirmEmail', { body: { token: first } })).status).toBe(404)

    t.clock.advance(AUTH.emailChangeTtlMs)
    const expired = await pressConfirm(t, second)
    expect(expired.status).toBe(404)
    expect(expired.text).toContain(`<h1>E-mail address not changed</h1><p>${UNKNOWN_LINK}</p>`)
    expect(await stored(t, user.id)).toBe(OLD)

    expect((await t.call('profile.get', {}, { token })).body.data.pendingEmail).toBeUndefined()

    await patch(t, token, { email: NEW, currentPassword: 'correct horse' })
    const third = linkToken(t)
    const waiting = { email: NEW, expiresAt: new Date(t.clock.now() + AUTH.emailChangeTtlMs).toISOString() }
    const profile = (await t.call('profile.get', {}, { token })).body.data
    expect([profile.email, profile.pendingEmail]).toEqual([OLD, waiting])
    expect((await t.call('profile.cancelEmail', {}, { token })).body).toEqual({
      code: 200,
      data: { cancelled: true },
    })
    expect((await t.call('profile.get', {}, { token })).body.data.pendingEmail).toBeUndefined()
    expect((await t.call('profile.cancelEmail', {}, { token })).body).toEqual({
      code: 200,
      data: { cancelled: false },
    })
    expect((await pressConfirm(t, third)).status).toBe(404)
    expect(await stored(t, user.id)).toBe(OLD)
  })

  test('an address another account takes meanwhile: 409 at confirmation, and the e-mail stays', async () => {
    const { t, token, user } = await withOwner()
    await patch(t, token, { email: NEW, currentPassword: 'correct horse' })
    await signUp(t, { email: NEW })
    const res = await t.call('profile.confirmEmail', { body: { token: linkToken(t) } })
    expect(res.status).toBe(409)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 409,
      error: { type: 'conflict', message: `Another account already uses e-mail ${NEW}; choose a different address` },
    })
    expect(await stored(t, user.id)).toBe(OLD)
    // Asking for an address in use is refused before the password is checked.
    const taken = await patch(t, token, { email: NEW })
    expect(taken.status).toBe(409)
  })
})

describe('creating an access token (sudo mode)', () => {
  const create = (t: TestApp, cookie: string, body: Record<string, unknown>) =>
    t.call('tokens.create', { body: { name: 'deploy', ...body } }, { cookie, headers: SAME_ORIGIN })

  test('a session logged in over 15 minutes ago must give the current password; an access token may create tokens', async () => {
    const { t, cookie, token } = await withOwner()
    t.clock.advance(AUTH.reauthWindowMs)
    expect((await create(t, cookie, {})).status).toBe(200)
    t.clock.advance(1)
    const missing = await create(t, cookie, {})
    expect(missing.status).toBe(403)
    expect(missing.body as ErrorEnvelope).toEqual({
      code: 403,
      error: {
        type: 'reauth_required',
        message:
          'Creating an access token from a session logged in over 15 minutes ago needs your current password: send it as "currentPassword"',
        details: { method: 'password' },
      },
    })
    const wrong = await create(t, cookie, { currentPassword: 'not it' })
    expect(wrong.status).toBe(403)
    expect(wrong.body as ErrorEnvelope).toEqual({
      code: 403,
      error: { type: 'wrong_password', message: 'The current password is wrong; no token was created' },
    })
    const ok = await create(t, cookie, { currentPassword: 'correct horse' })
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ name: 'deploy', token: expect.stringMatching(/^svc_pat_/) })
    expect(
      (await t.call('tokens.create', { body: { name: 'rotated', currentPassword: 'correct horse' } }, { token }))
        .status,
    ).toBe(200)
    expect(
      (await t.ctx.storage.auth.tokens((await t.ctx.storage.users.byEmail(OLD))!.id)).map((row) => row.name).sort(),
    ).toEqual(['ci', 'deploy', 'deploy', 'rotated'])
  })

  test('without a password, an old session gives a code mailed to the current address', async () => {
    const { t, cookie } = await withOwner(null)
    t.clock.advance(AUTH.reauthWindowMs + 1)
    expect((await create(t, cookie, {})).body.error?.details).toEqual({ method: 'code' })
    await t.call('auth.sendCode', { body: { email: OLD } })
    expect((await create(t, cookie, { code: lastCode(t, OLD) })).status).toBe(200)
  })
})
