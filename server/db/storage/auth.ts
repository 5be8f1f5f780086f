/**
 * @module The storage of sessions, access tokens, e-mail codes and the login throttle: the
 * interface core calls (implemented in sqlite/auth.ts and postgres/auth.ts) and its plain
 * row types. Secrets arrive hashed: the store never sees a cookie, token or code.
 */
import type { UserRow } from './users.ts'

/** An admin-page session; `id` is the SHA-256 of the cookie value. */
export interface SessionRow {
  id: string
  userId: string
  createdAt: number
  expiresAt: number
}

/** A personal access token; `hash` is the SHA-256 of the token. */
export interface AccessTokenRow {
  id: string
  userId: string
  name: string
  prefix: string
  hash: string
  createdAt: number
  lastUsedAt: number | null
}

/** The one live login code of an address. */
export interface EmailCodeRow {
  email: string
  codeHash: string
  expiresAt: number
  attempts: number
  createdAt: number
}

/** A code request: its time, the cap's window, and the code to store if the address has an account. */
export interface CodeRequest {
  email: string
  now: number
  /** Sends at or before this time no longer count (and are forgotten). */
  windowStart: number
  /** Most sends per address within the window. */
  perWindow: number
  /** Replaces any earlier code of the address; stored only when the address has an account. */
  code: EmailCodeRow
}

/** A code log-in: the address, the time, the tries a code has, and core's (constant-time) hash check. */
export interface CodeSpend {
  email: string
  now: number
  maxAttempts: number
  /** True when the stored hash is the hash of the code presented. */
  matches(codeHash: string): boolean
}

/** A password log-in about to be checked: counted as a failure from now on unless it is cleared. */
export interface LoginAttempt {
  email: string
  now: number
  /** Failures at or before this time no longer count (and are forgotten). */
  windowStart: number
  /** Most failures per address within the window. */
  limit: number
}

export interface AuthStore {
  insertSession(row: SessionRow): Promise<void>
  /** The user of the live session `id`; an expired one is deleted and gives null. */
  sessionUser(id: string, now: number): Promise<string | null>
  deleteSession(id: string): Promise<void>
  /** Deletes the user's sessions except `keepId`; how many ended. */
  deleteSessions(userId: string, keepId: string | null): Promise<number>
  /** Deletes sessions expired at `now`. */
  pruneSessions(now: number): Promise<void>
  /** The user's sessions, oldest first. */
  sessions(userId: string): Promise<SessionRow[]>

  insertToken(row: AccessTokenRow): Promise<void>
  /** In one transaction: deletes the user's tokens named `row.name`, inserts `row`; returns the deleted ones. */
  replaceTokens(row: AccessTokenRow): Promise<AccessTokenRow[]>
  /** The user's tokens, newest first. */
  tokens(userId: string): Promise<AccessTokenRow[]>
  tokenByHash(hash: string): Promise<AccessTokenRow | null>
  /** Records a use of the token at `at`. */
  touchToken(id: string, at: number): Promise<void>
  /** Deletes one of the user's tokens; false when it is not theirs or unknown. */
  deleteToken(userId: string, id: string): Promise<boolean>
  /** Deletes the user's tokens except `keepId`; returns the deleted ones. */
  deleteTokens(userId: string, keepId: string | null): Promise<AccessTokenRow[]>
  /** Deletes the token with this hash; the deleted row, or null. */
  deleteTokenByHash(hash: string): Promise<AccessTokenRow | null>

  /**
   * Records a code request under the per-address cap, atomically (also across processes):
   * refused with the oldest counted send's time when the cap is reached; otherwise counted,
   * and the code stored (replacing the address's earlier one) when the address has an account.
   */
  requestCode(request: CodeRequest): Promise<{ ok: false; oldestAt: number } | { ok: true; stored: boolean }>
  /**
   * Spends one try of the address's code, atomically (also across processes): the account
   * when the code matches (the code is deleted), else null. An expired code, and a code at
   * its last try, is deleted.
   */
  spendCode(spend: CodeSpend): Promise<UserRow | null>
  deleteCode(email: string): Promise<void>
  emailCode(email: string): Promise<EmailCodeRow | null>
  /** When codes were sent to the address (as counted by the cap), oldest first. */
  codeSends(email: string): Promise<number[]>

  /**
   * Counts a password log-in attempt of the address as a failure, unless the address has
   * already reached the limit within the window (then refused with the oldest counted
   * failure's time). Check and count are one atomic step, also across processes, so at most
   * `limit` attempts per window are ever checked.
   */
  beginLoginAttempt(attempt: LoginAttempt): Promise<{ ok: true } | { ok: false; oldestAt: number }>
  /** Forgets the address's failures (it logged in, or its password was reset). */
  clearLoginFailures(email: string): Promise<void>
  /** The address's counted failures after `since`. */
  loginFailures(email: string, since: number): Promise<number>
}
