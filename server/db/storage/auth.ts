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

/** The live login code an address has for one client (the client that asked for it). */
export interface EmailCodeRow {
  email: string
  /** The client's throttle key (core/auth/client-key.ts); the code works for this client only. */
  client: string
  codeHash: string
  expiresAt: number
  attempts: number
  createdAt: number
}

/** A code request: who asks, its time, the cap's window, and the code to store if the address has an account. */
export interface CodeRequest {
  email: string
  /** The asking client's throttle key: the cap counts per address and client. */
  client: string
  now: number
  /** Sends at or before this time no longer count (and are forgotten). */
  windowStart: number
  /** Most sends per address and client within the window. */
  perWindow: number
  /** Replaces the client's earlier code for the address; stored only when the address has an account. */
  code: EmailCodeRow
}

/** A code log-in: the address, the client, the time, the tries a code has, and core's (constant-time) hash check. */
export interface CodeSpend {
  email: string
  /** Only the code this client asked for is tried. */
  client: string
  now: number
  maxAttempts: number
  /** True when the stored hash is the hash of the code presented. */
  matches(codeHash: string): boolean
}

/** A password log-in about to be checked: counted as a failure from now on unless it is cleared. */
export interface LoginAttempt {
  email: string
  /** The client's throttle key: failures count per address and client. */
  client: string
  now: number
  /** Failures at or before this time no longer count (and are forgotten). */
  windowStart: number
  /** Most failures per address and client within the window. */
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
   * Records a code request under the cap per address and client, atomically (also across
   * processes): refused with the oldest counted send's time when the cap is reached;
   * otherwise counted, and the code stored (replacing the client's earlier one for the
   * address) when the address has an account.
   */
  requestCode(request: CodeRequest): Promise<{ ok: false; oldestAt: number } | { ok: true; stored: boolean }>
  /**
   * Spends one try of the code the client has for the address, atomically (also across
   * processes): the account when the code matches (the code is deleted), else null. An
   * expired code, and a code at its last try, is deleted.
   */
  spendCode(spend: CodeSpend): Promise<UserRow | null>
  /** Deletes every client's code for the address. */
  deleteCode(email: string): Promise<void>
  /** The live codes of the address, one per client, oldest first. */
  emailCodes(email: string): Promise<EmailCodeRow[]>
  /** When codes were sent to the address (as counted by the cap, any client), oldest first. */
  codeSends(email: string): Promise<number[]>

  /**
   * Counts a password log-in attempt of the address from the client as a failure, unless
   * that pair has already reached the limit within the window (then refused with the
   * oldest counted failure's time). Check and count are one atomic step, also across
   * processes, so at most `limit` attempts per pair and window are ever checked.
   */
  beginLoginAttempt(attempt: LoginAttempt): Promise<{ ok: true } | { ok: false; oldestAt: number }>
  /** Forgets the failures of the address from the client (it logged in, or reset the password). */
  clearLoginFailures(email: string, client: string): Promise<void>
  /** The address's counted failures after `since`, from every client. */
  loginFailures(email: string, since: number): Promise<number>
}
