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
  /** The client address of its last recorded use. */
  lastAddress?: string | null
  /** The scopes it is limited to; null: every scope. */
  scopes?: string[] | null
  /** The app ids it is limited to; null: every app of its account. */
  apps?: string[] | null
  /** When it stops working; null: never. */
  expiresAt?: number | null
  /** When the owner was told it expires soon; null: not yet. */
  expiryNoticeAt?: number | null
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

/**
 * The caps of log-in by code per address whatever the client, so that many client
 * addresses together get no more than one would: code e-mails per window, and wrong codes
 * per (longer) window, past which code log-in for the address pauses.
 */
export interface CodeAccountCaps {
  /** Most code e-mails per address within the send window (`CodeRequest.windowStart`), from every client. */
  sendsPerWindow: number
  /** Wrong codes at or before this time no longer count (and are forgotten). */
  failureWindowStart: number
  /** Wrong codes per address within the failure window before code log-in pauses. */
  failureLimit: number
  /** The account's owner is told of a pause unless already told after this time. */
  noticeSince: number
}

/** Which cap refused a code request or try, and its oldest counted event (core computes the wait). */
export interface CodeRefusal {
  ok: false
  cap: 'client' | 'account' | 'failures'
  oldestAt: number
}

/**
 * A pause the owner should hear of: this request or try reached a per-address cap, the
 * address has an account, and its owner was not told within the notice window (the notice
 * is recorded in the same atomic step, so it goes out once).
 */
export interface CodePauseNotice {
  to: string
  cap: 'account' | 'failures'
  /** The oldest event the cap counts (the wait ends one window after it). */
  oldestAt: number
}

/** A code request: who asks, its time, the caps' windows, and the code to store if the address has an account. */
export interface CodeRequest {
  email: string
  /** The asking client's throttle key: the first cap counts per address and client. */
  client: string
  now: number
  /** Sends at or before this time no longer count (and are forgotten). */
  windowStart: number
  /** Most sends per address and client within the window. */
  perWindow: number
  /** The caps per address, whatever the client. */
  account: CodeAccountCaps
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
  /** The wrong-code cap per address (every failed try counts, known address or not). */
  account: CodeAccountCaps
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
  /** Failures of the address from every client after this time are counted too (`accountFailures`). */
  accountWindowStart: number
  /** Counting the address's failures stops here (nothing needs more). */
  accountLimit: number
}

/** A counted attempt: the address's failures from every client within the account window, this one not included. */
export interface LoginAttemptCounted {
  ok: true
  accountFailures: number
}

export interface AuthStore {
  insertSession(row: SessionRow): Promise<void>
  /** The user of the live session `id` and when it started; an expired one is deleted and gives null. */
  sessionUser(id: string, now: number): Promise<{ userId: string; createdAt: number } | null>
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
  /** Records a use of the token at `at` from `address` (null: an address not known, the last one stays). */
  touchToken(id: string, at: number, address: string | null): Promise<void>
  /**
   * Marks, at `at`, the tokens expiring after `after` and up to `before` whose owner was
   * not told yet, and returns them: each is returned once, also across processes.
   */
  claimExpiryNotices(after: number, before: number, at: number): Promise<AccessTokenRow[]>
  /** Deletes one of the user's tokens; false when it is not theirs or unknown. */
  deleteToken(userId: string, id: string): Promise<boolean>
  /** Deletes the user's tokens except `keepId`; returns the deleted ones. */
  deleteTokens(userId: string, keepId: string | null): Promise<AccessTokenRow[]>
  /** Deletes the token with this hash; the deleted row, or null. */
  deleteTokenByHash(hash: string): Promise<AccessTokenRow | null>

  /**
   * Records a code request under the caps, atomically per address (also across processes):
   * refused while the address's wrong codes are at their cap, or when the client's or the
   * address's code e-mails are; otherwise counted (known address or not), and the code
   * stored (replacing the client's earlier one for the address) when the address has an
   * account. `notice` when this send reached the address's cap.
   */
  requestCode(
    request: CodeRequest,
  ): Promise<CodeRefusal | { ok: true; stored: boolean; notice: CodePauseNotice | null }>
  /**
   * Spends one try of the code the client has for the address, atomically per address
   * (also across processes): refused while the address's wrong codes are at their cap;
   * otherwise the account when the code matches (the code is deleted), else null and the
   * failure counted, whether or not there was a code or an account. An expired code, and a
   * code at its last try, is deleted. `notice` when this failure reached the cap.
   */
  spendCode(spend: CodeSpend): Promise<CodeRefusal | { ok: true; user: UserRow | null; notice: CodePauseNotice | null }>
  /** When wrong codes were tried for the address (as the cap counts them, any client), oldest first. */
  codeFailures(email: string): Promise<number[]>
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
   * processes, so at most `limit` attempts per pair and window are ever checked. Failures
   * are kept for the longer of the two windows.
   */
  beginLoginAttempt(attempt: LoginAttempt): Promise<LoginAttemptCounted | { ok: false; oldestAt: number }>
  /** Forgets the failures of the address from the client (it logged in, or reset the password). */
  clearLoginFailures(email: string, client: string): Promise<void>
  /** The address's counted failures after `since`, from every client. */
  loginFailures(email: string, since: number): Promise<number>
}
