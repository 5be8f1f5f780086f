/**
 * Password hashing apart from Bun's thread pool, with bounded concurrency (issue 17, row 1):
 * argon2 runs on its own thread, a full queue answers 429 at once (and costs no log-in
 * try), and without the thread the same limits hold in-thread.
 */
import { afterEach, describe, expect, spyOn, test } from 'bun:test'
import { createPasswordHasher, type HashTurn, type PasswordHasher } from '../../../server/core/auth/password-hasher.ts'
import { RateLimitError } from '../../../server/core/auth/rate-limit-error.ts'
import { signup } from '../../../server/core/auth/signup.ts'
import { AUTH } from '../../../server/contract/limits.ts'
import type { ErrorEnvelope } from '../../support/call.ts'
import { testApp } from '../../support/http.ts'

const BUSY: ErrorEnvelope = {
  code: 429,
  error: {
    type: 'rate_limited',
    message: 'The server is checking too many passwords right now: try again in a second',
    details: { retryAfterSeconds: 1 },
  },
}

const hashers: PasswordHasher[] = []
afterEach(() => {
  for (const hasher of hashers.splice(0)) hasher.close()
})
const hasher = (options: Parameters<typeof createPasswordHasher>[0] = {}) => {
  const made = createPasswordHasher(options)
  hashers.push(made)
  return made
}

describe('the password hasher', () => {
  test('admits threads + queue turns, refuses the next with 429 (Retry-After 1), and admits again once one is done', async () => {
    const passwords = hasher({ threads: 1, queue: 2 })
    const turns = [passwords.admit(), passwords.admit(), passwords.admit()]
    const refused = (() => {
      try {
        passwords.admit()
      } catch (error) {
        return error
      }
    })()
    expect(refused).toBeInstanceOf(RateLimitError)
    expect(refused).toMatchObject({ status: 429, type: 'rate_limited', retryAfterSeconds: 1 })
    const hash = await turns[0].hash('correct horse')
    turns[1].release()
    expect(passwords.admitted).toBe(1)
    const again = passwords.admit()
    expect(await Promise.all([turns[2].verify('correct horse', hash), again.verify('wrong horse', hash)])).toEqual([
      true,
      false,
    ])
    expect(passwords.admitted).toBe(0)
  })

  test('argon2 never runs on Bun’s shared pool (where the WAL syncs run): Bun.password’s async calls are not used', async () => {
    const onPool = [spyOn(Bun.password, 'hash'), spyOn(Bun.password, 'verify')]
    try {
      const passwords = hasher()
      const hash = await passwords.admit().hash('correct horse')
      expect(await passwords.admit().verify('correct horse', hash)).toBe(true)
      expect(onPool.map((spy) => spy.mock.calls.length)).toEqual([0, 0])
    } finally {
      for (const spy of onPool) spy.mockRestore()
    }
  })

  test('without its thread (the worker cannot load) it hashes in-thread, with the same limits', async () => {
    const passwords = hasher({ threads: 1, queue: 0, workerUrl: new URL('./no-such-worker.ts', import.meta.url) })
    const turn = passwords.admit()
    expect(() => passwords.admit()).toThrow(RateLimitError)
    const hash = await turn.hash('correct horse')
    expect(hash).toStartWith('$argon2id$v=19$m=19456,t=2,p=1$')
    expect(await passwords.admit().verify('correct horse', hash)).toBe(true)
  })
})

describe('POST /api/v3/auth/login while hashing is saturated', () => {
  test('429 with Retry-After 1 at once; the try is not counted; once a turn frees up, the log-in works', async () => {
    const t = testApp({ signup: 'open' })
    await signup(t.ctx, { email: 'owner@example.com', password: 'correct horse' })
    const held: HashTurn[] = []
    for (let i = 0; i < AUTH.passwordHashThreads + AUTH.passwordHashQueue; i++) held.push(t.ctx.passwords.admit())
    const login = () => t.call('auth.login', { body: { email: 'owner@example.com', password: 'correct horse' } })
    const busy = await login()
    expect([busy.status, busy.headers.get('retry-after'), busy.body]).toEqual<[number, string | null, ErrorEnvelope]>([
      429,
      '1',
      BUSY,
    ])
    expect(await t.ctx.storage.auth.loginFailures('owner@example.com', 0)).toBe(0)
    held.pop()!.release()
    expect((await login()).status).toBe(200)
    for (const turn of held) turn.release()
  })

  test('sign-up answers the same 429 with Retry-After', async () => {
    const t = testApp({ signup: 'open' })
    for (let i = 0; i < AUTH.passwordHashThreads + AUTH.passwordHashQueue; i++) t.ctx.passwords.admit()
    const res = await t.call('auth.signup', { body: { email: 'owner@example.com', password: 'correct horse' } })
    expect([res.status, res.headers.get('retry-after'), res.body]).toEqual<[number, string | null, ErrorEnvelope]>([
      429,
      '1',
      BUSY,
    ])
  })
})
