import { describe, expect, test } from 'bun:test'
import { verifyAccessToken } from '../../../server/core/auth/access-tokens.ts'
import { newCode, requestEmailCode, verifyEmailCode } from '../../../server/core/auth/email-codes.ts'
import { RateLimitError } from '../../../server/core/auth/rate-limit-error.ts'
import { loginWithPassword } from '../../../server/core/auth/login.ts'
import { clientKey } from '../../../server/core/client-key.ts'
import { beginLoginAttempt, clearLoginFailures } from '../../../server/core/auth/login-throttle.ts'
import { resetPassword } from '../../../server/core/auth/password-reset.ts'
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../../server/core/auth/passwords.ts'
import { parseInput, SignupInput } from '../../../server/contract/auth/schemas.ts'
import { verifySession } from '../../../server/core/auth/sessions.ts'
import { signup } from '../../../server/core/auth/signup.ts'
import { AppError } from '../../../server/contract/errors.ts'
import { hashSecret } from '../../../server/core/ids.ts'
import { createSealer, newSecretKey } from '../../../server/core/sealer.ts'
import { AUTH } from '../../../server/contract/limits.ts'
import type { Mail } from '../../../server/core/mailer.ts'
import type { AppContext } from '../../../server/core/context.ts'
import { testContext } from '../../support/context.ts'

/** The owner's network address and a stranger's. */
const HOME = '192.0.2.10'
const STRANGER = '198.51.100.7'

/** The code in a login-code mail. */
const codeIn = (mail: Mail): string => /^\s+(\d{6})$/m.exec(mail.text)![1]

describe('auth core is callable with plain inputs (CLI, MCP, tests)', () => {
  test('signup → password login → code login, each giving a live session', async () => {
    const { ctx, mails } = testContext()
    const created = await signup(ctx, { email: 'Ada@Example.com', password: 'correct horse', tokenName: 'cli' })
    expect(created.user).toMatchObject({ email: 'ada@example.com', hasPassword: true })
    expect(await verifySession(ctx, created.session.value)).toEqual({
      userId: created.user.id,
      createdAt: ctx.clock.now(),
    })
    expect(await verifyAccessToken(ctx, created.token!.token, '192.0.2.1')).toEqual({
      userId: created.user.id,
      tokenId: created.token!.id,
      name: 'cli',
      limits: { scopes: null, apps: null },
      expiresAt: null,
      expired: false,
      previousAddress: null,
    })

    const byPassword = await loginWithPassword(ctx, { email: 'ada@example.com', password: 'correct horse' }, HOME)
    expect(byPassword.user).toEqual(created.user)
    expect(byPassword.token).toBeUndefined()

    expect(await requestEmailCode(ctx, { email: 'ada@example.com' }, HOME)).toEqual({
      sent: true,
      expiresInSeconds: 600,
    })
    const code = /^\s+(\d{6})$/m.exec(mails[0].text)![1]
    expect((await verifyEmailCode(ctx, { email: 'ada@example.com', code }, HOME)).user).toEqual(created.user)
  })

  test('core validates its own inputs: a 422 AppError with every problem', () => {
    let thrown: unknown
    try {
      parseInput(SignupInput, { email: 'x', password: 1 })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(AppError)
    expect(thrown).toMatchObject({
      status: 422,
      type: 'validation',
      details: {
        problems: [
          { path: 'email', message: 'must be an e-mail address such as name@example.com' },
          { path: 'password', message: 'must be a string: a password of 8–256 characters' },
        ],
      },
    })
  })

  test('the hourly cap throws a RateLimitError carrying the wait', async () => {
    const { ctx } = testContext()
    for (let i = 0; i < 5; i++) await requestEmailCode(ctx, { email: 'x@example.com' }, HOME)
    let thrown: unknown
    try {
      await requestEmailCode(ctx, { email: 'x@example.com' }, HOME)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(RateLimitError)
    expect(thrown).toMatchObject({ status: 429, type: 'rate_limited', retryAfterSeconds: 3600 })
  })
})

describe('failed log-in throttle', () => {
  test('the failures live in the database: spraying other addresses neither frees a locked-out one nor keeps stale rows', async () => {
    const { ctx, clock } = testContext()
    for (let i = 0; i < AUTH.loginFailuresPerWindow; i++) await beginLoginAttempt(ctx, 'target@example.com', STRANGER)
    await expect(beginLoginAttempt(ctx, 'target@example.com', STRANGER)).rejects.toThrow(RateLimitError)
    for (let i = 0; i < 200; i++) await beginLoginAttempt(ctx, `spray${i}@example.com`, STRANGER)
    await expect(beginLoginAttempt(ctx, 'target@example.com', STRANGER)).rejects.toThrow(RateLimitError)
    // A refused attempt is not counted: the count stays at the cap.
    expect(await ctx.storage.auth.loginFailures('target@example.com', 0)).toBe(AUTH.loginFailuresPerWindow)
    // The client may try again after the throttle's window, but the account's count keeps its failures for the longer window.
    clock.advance(AUTH.loginFailureWindowMs)
    await beginLoginAttempt(ctx, 'target@example.com', STRANGER)
    expect(await ctx.storage.auth.loginFailures('target@example.com', 0)).toBe(AUTH.loginFailuresPerWindow + 1)
    clock.advance(AUTH.accountFailureWindowMs)
    await beginLoginAttempt(ctx, 'fresh@example.com', STRANGER)
    // Every address's failures from the last account window were forgotten with that attempt.
    expect(await ctx.storage.auth.loginFailures('target@example.com', 0)).toBe(0)
    expect(await ctx.storage.auth.loginFailures('spray0@example.com', 0)).toBe(0)
  })

  test('failures older than the window stop counting', async () => {
    const { ctx, clock } = testContext()
    for (let i = 0; i < AUTH.loginFailuresPerWindow - 1; i++) await beginLoginAttempt(ctx, 'a@example.com', STRANGER)
    clock.advance(AUTH.loginFailureWindowMs)
    for (let i = 0; i < AUTH.loginFailuresPerWindow; i++) await beginLoginAttempt(ctx, 'a@example.com', STRANGER)
    await expect(beginLoginAttempt(ctx, 'a@example.com', STRANGER)).rejects.toThrow(RateLimitError)
    // Still kept for the account's count (AUTH.accountFailureWindowMs), though the throttle no longer counts them.
    expect(await ctx.storage.auth.loginFailures('a@example.com', 0)).toBe(2 * AUTH.loginFailuresPerWindow - 1)
  })

  test('the 429 says until when, from the oldest counted failure', async () => {
    const { ctx, clock } = testContext()
    await beginLoginAttempt(ctx, 'a@example.com', STRANGER)
    clock.advance(60_000)
    for (let i = 1; i < AUTH.loginFailuresPerWindow; i++) await beginLoginAttempt(ctx, 'a@example.com', STRANGER)
    const thrown = await beginLoginAttempt(ctx, 'a@example.com', STRANGER).catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(RateLimitError)
    expect((thrown as RateLimitError).retryAfterSeconds).toBe(AUTH.loginFailureWindowMs / 1000 - 60)
  })

  test('a success clears the count', async () => {
    const { ctx } = testContext()
    for (let i = 0; i < AUTH.loginFailuresPerWindow; i++) await beginLoginAttempt(ctx, 'a@example.com', STRANGER)
    await clearLoginFailures(ctx, 'a@example.com', STRANGER)
    await beginLoginAttempt(ctx, 'a@example.com', STRANGER)
    expect(await ctx.storage.auth.loginFailures('a@example.com', 0)).toBe(1)
  })

  test('concurrent wrong guesses: at most the cap of them is ever checked, the rest get 429', async () => {
    const { ctx } = testContext()
    await signup(ctx, { email: 'ada@example.com', password: 'correct horse' })
    const guesses = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        loginWithPassword(ctx, { email: 'ada@example.com', password: `wrong guess ${i}` }, STRANGER),
      ),
    )
    const statuses = guesses.map((guess) => (guess.status === 'rejected' ? (guess.reason as AppError).status : 200))
    expect(statuses.filter((status) => status === 401)).toHaveLength(AUTH.loginFailuresPerWindow)
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - AUTH.loginFailuresPerWindow)
    // That client is refused even the right password now, until the window passes; the owner elsewhere is not.
    await expect(
      loginWithPassword(ctx, { email: 'ada@example.com', password: 'correct horse' }, STRANGER),
    ).rejects.toThrow(RateLimitError)
    expect(
      (await loginWithPassword(ctx, { email: 'ada@example.com', password: 'correct horse' }, HOME)).user.email,
    ).toBe('ada@example.com')
  })
})

describe('a stranger cannot lock the owner out (throttles count per account and client)', () => {
  /** What a stranger can do from one address within the caps: every wrong password, code request and wrong code try. */
  async function strangerUsesEveryTry(ctx: AppContext) {
    for (let i = 0; i < AUTH.loginFailuresPerWindow + 2; i++) {
      await loginWithPassword(ctx, { email: 'ada@example.com', password: `guess ${i}` }, STRANGER).catch(() => {})
    }
    for (let i = 0; i < AUTH.codeEmailsPerHour + 2; i++)
      await requestEmailCode(ctx, { email: 'ada@example.com' }, STRANGER).catch(() => {})
    for (let i = 0; i < AUTH.codeMaxAttempts + 2; i++) {
      await verifyEmailCode(ctx, { email: 'ada@example.com', code: String(i).padStart(6, '0') }, STRANGER).catch(
        () => {},
      )
    }
  }

  test.each([
    [
      'password log-in',
      async (ctx: AppContext) =>
        (await loginWithPassword(ctx, { email: 'ada@example.com', password: 'correct horse' }, HOME)).user.email,
    ],
    [
      'code log-in (the code asked for before the stranger came, and a new one)',
      async (ctx: AppContext, mails: Mail[]) => {
        await requestEmailCode(ctx, { email: 'ada@example.com' }, HOME)
        return (await verifyEmailCode(ctx, { email: 'ada@example.com', code: codeIn(mails.at(-1)!) }, HOME)).user.email
      },
    ],
    [
      'password reset by code',
      async (ctx: AppContext, mails: Mail[]) => {
        await requestEmailCode(ctx, { email: 'ada@example.com' }, HOME)
        return (
          await resetPassword(
            ctx,
            { email: 'ada@example.com', code: codeIn(mails.at(-1)!), newPassword: 'a new password' },
            HOME,
          )
        ).user.email
      },
    ],
  ])('after every try a stranger has, the owner still gets in by %s', async (_factor, ownerLogsIn) => {
    const { ctx, mails } = testContext()
    await signup(ctx, { email: 'ada@example.com', password: 'correct horse' })
    await strangerUsesEveryTry(ctx)
    expect(await ownerLogsIn(ctx, mails)).toBe('ada@example.com')
  })

  test("the owner's pending code survives a stranger's requests and wrong tries", async () => {
    const { ctx, mails } = testContext()
    await signup(ctx, { email: 'ada@example.com', password: 'correct horse' })
    await requestEmailCode(ctx, { email: 'ada@example.com' }, HOME)
    const code = codeIn(mails.at(-1)!)
    await strangerUsesEveryTry(ctx)
    // The stranger's own code request mailed Ada codes, but her first code still works, once, for her.
    await expect(verifyEmailCode(ctx, { email: 'ada@example.com', code }, STRANGER)).rejects.toMatchObject({
      status: 401,
    })
    expect((await verifyEmailCode(ctx, { email: 'ada@example.com', code }, HOME)).user.email).toBe('ada@example.com')
  })

  test.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:ffff:eeee:dddd:cccc', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:DB8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['fe80::1:2:3:4', 'fe80:0:0:0::/64'],
    ['[fe80::1%eth0]', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('the client %s counts as %s (an IPv6 host counts by its /64)', (address, key) => {
    expect(clientKey(address)).toBe(key)
  })

  test('two addresses of one IPv6 /64 share their failures', async () => {
    const { ctx } = testContext()
    for (let i = 0; i < AUTH.loginFailuresPerWindow; i++)
      await beginLoginAttempt(ctx, 'a@example.com', `2001:db8:1:2::${i + 1}`)
    await expect(beginLoginAttempt(ctx, 'a@example.com', '2001:db8:1:2:ffff::1')).rejects.toThrow(RateLimitError)
    await beginLoginAttempt(ctx, 'a@example.com', '2001:db8:1:3::1')
  })
})

describe('codes and passwords', () => {
  test('codes are six digits, leading zeros kept, spread evenly over the first digit', () => {
    const counts = Array.from({ length: 10 }, () => 0)
    const draws = 20_000
    for (let i = 0; i < draws; i++) {
      const code = newCode()
      expect(code).toMatch(/^\d{6}$/)
      counts[Number(code[0])]++
    }
    // Each first digit is expected 2000 times; ±300 is over 7 standard deviations.
    for (const count of counts) expect(Math.abs(count - draws / 10)).toBeLessThan(300)
  })

  test('a stored code is an HMAC under the server key, not a hash anyone holding the database can reverse', async () => {
    const { ctx, mails } = testContext()
    await signup(ctx, { email: 'ada@example.com' })
    await requestEmailCode(ctx, { email: 'ada@example.com' }, HOME)
    const code = codeIn(mails.at(-1)!)
    const [stored] = await ctx.storage.auth.emailCodes('ada@example.com')
    expect(stored.codeHash).toBe(ctx.sealer.mac(`login code\nada@example.com\n${code}`))
    // What 0.75 s of SHA-256 over every code would have found before.
    expect(stored.codeHash).not.toBe(hashSecret(`ada@example.com\n${code}`))
    expect(createSealer(newSecretKey()).mac(`login code\nada@example.com\n${code}`)).not.toBe(stored.codeHash)
  })

  test('argon2id hashes verify; no hash never verifies', async () => {
    const { ctx } = testContext()
    const hash = await hashPassword(ctx, 'correct horse')
    expect(hash).toStartWith('$argon2id$v=19$m=19456,t=2,p=1$')
    expect(await verifyPassword(ctx, 'correct horse', hash)).toBe(true)
    expect(await verifyPassword(ctx, 'wrong horse', hash)).toBe(false)
    expect(await verifyPassword(ctx, 'correct horse', null)).toBe(false)
    // The stand-in hash unknown accounts are checked against costs what a real one does.
    expect(DUMMY_HASH.split('$').slice(0, 4)).toEqual(hash.split('$').slice(0, 4))
  })
})
