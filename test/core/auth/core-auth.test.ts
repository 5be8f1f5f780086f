import { describe, expect, test } from 'bun:test'
import { verifyAccessToken } from '../../../server/core/auth/access-tokens.ts'
import { newCode, requestEmailCode, verifyEmailCode } from '../../../server/core/auth/email-codes.ts'
import { RateLimitError } from '../../../server/core/auth/rate-limit-error.ts'
import { loginWithPassword } from '../../../server/core/auth/login.ts'
import { beginLoginAttempt, clearLoginFailures } from '../../../server/core/auth/login-throttle.ts'
import { hashPassword, verifyPassword } from '../../../server/core/auth/passwords.ts'
import { parseInput, SignupInput } from '../../../server/core/auth/schemas.ts'
import { verifySession } from '../../../server/core/auth/sessions.ts'
import { signup } from '../../../server/core/auth/signup.ts'
import { AppError } from '../../../server/core/errors.ts'
import { AUTH } from '../../../server/core/limits.ts'
import { testContext } from '../../support/context.ts'

describe('auth core is callable with plain inputs (CLI, MCP, tests)', () => {
  test('signup → password login → code login, each giving a live session', async () => {
    const { ctx, mails } = testContext()
    const created = await signup(ctx, { email: 'Ada@Example.com', password: 'correct horse', tokenName: 'cli' })
    expect(created.user).toMatchObject({ email: 'ada@example.com', hasPassword: true })
    expect(await verifySession(ctx, created.session.value)).toEqual({ userId: created.user.id })
    expect(await verifyAccessToken(ctx, created.token!.token)).toEqual({ userId: created.user.id, tokenId: created.token!.id })

    const byPassword = await loginWithPassword(ctx, { email: 'ada@example.com', password: 'correct horse' })
    expect(byPassword.user).toEqual(created.user)
    expect(byPassword.token).toBeUndefined()

    expect(await requestEmailCode(ctx, { email: 'ada@example.com' })).toEqual({ sent: true, expiresInSeconds: 600 })
    const code = /^\s+(\d{6})$/m.exec(mails[0].text)![1]
    expect((await verifyEmailCode(ctx, { email: 'ada@example.com', code })).user).toEqual(created.user)
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
    for (let i = 0; i < 5; i++) await requestEmailCode(ctx, { email: 'x@example.com' })
    let thrown: unknown
    try {
      await requestEmailCode(ctx, { email: 'x@example.com' })
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
    for (let i = 0; i < AUTH.loginFailuresPerWindow; i++) await beginLoginAttempt(ctx, 'target@example.com')
    await expect(beginLoginAttempt(ctx, 'target@example.com')).rejects.toThrow(RateLimitError)
    for (let i = 0; i < 200; i++) await beginLoginAttempt(ctx, `spray${i}@example.com`)
    await expect(beginLoginAttempt(ctx, 'target@example.com')).rejects.toThrow(RateLimitError)
    // A refused attempt is not counted: the count stays at the cap.
    expect(await ctx.storage.auth.loginFailures('target@example.com', 0)).toBe(AUTH.loginFailuresPerWindow)
    clock.advance(AUTH.loginFailureWindowMs)
    await beginLoginAttempt(ctx, 'fresh@example.com')
    // Every address's failures from the last window were forgotten with that attempt.
    expect(await ctx.storage.auth.loginFailures('target@example.com', 0)).toBe(0)
    expect(await ctx.storage.auth.loginFailures('spray0@example.com', 0)).toBe(0)
  })

  test('failures older than the window stop counting', async () => {
    const { ctx, clock } = testContext()
    for (let i = 0; i < AUTH.loginFailuresPerWindow - 1; i++) await beginLoginAttempt(ctx, 'a@example.com')
    clock.advance(AUTH.loginFailureWindowMs)
    await beginLoginAttempt(ctx, 'a@example.com')
    await beginLoginAttempt(ctx, 'a@example.com')
    expect(await ctx.storage.auth.loginFailures('a@example.com', 0)).toBe(2)
  })

  test('the 429 says until when, from the oldest counted failure', async () => {
    const { ctx, clock } = testContext()
    await beginLoginAttempt(ctx, 'a@example.com')
    clock.advance(60_000)
    for (let i = 1; i < AUTH.loginFailuresPerWindow; i++) await beginLoginAttempt(ctx, 'a@example.com')
    const thrown = await beginLoginAttempt(ctx, 'a@example.com').catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(RateLimitError)
    expect((thrown as RateLimitError).retryAfterSeconds).toBe(AUTH.loginFailureWindowMs / 1000 - 60)
  })

  test('a success clears the count', async () => {
    const { ctx } = testContext()
    for (let i = 0; i < AUTH.loginFailuresPerWindow; i++) await beginLoginAttempt(ctx, 'a@example.com')
    await clearLoginFailures(ctx, 'a@example.com')
    await beginLoginAttempt(ctx, 'a@example.com')
    expect(await ctx.storage.auth.loginFailures('a@example.com', 0)).toBe(1)
  })

  test('concurrent wrong guesses: at most the cap of them is ever checked, the rest get 429', async () => {
    const { ctx } = testContext()
    await signup(ctx, { email: 'ada@example.com', password: 'correct horse' })
    const guesses = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => loginWithPassword(ctx, { email: 'ada@example.com', password: `wrong guess ${i}` })),
    )
    const statuses = guesses.map((guess) => (guess.status === 'rejected' ? (guess.reason as AppError).status : 200))
    expect(statuses.filter((status) => status === 401)).toHaveLength(AUTH.loginFailuresPerWindow)
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - AUTH.loginFailuresPerWindow)
    // The right password is refused too now, until the window passes (or a code log-in).
    await expect(loginWithPassword(ctx, { email: 'ada@example.com', password: 'correct horse' })).rejects.toThrow(RateLimitError)
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

  test('argon2id hashes verify; no hash never verifies', async () => {
    const hash = await hashPassword('correct horse')
    expect(hash).toStartWith('$argon2id$v=19$m=19456,t=2,p=1$')
    expect(await verifyPassword('correct horse', hash)).toBe(true)
    expect(await verifyPassword('wrong horse', hash)).toBe(false)
    expect(await verifyPassword('correct horse', null)).toBe(false)
  })
})
