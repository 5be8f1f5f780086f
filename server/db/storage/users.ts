/**
 * @module The storage of accounts: the interface core calls (implemented in sqlite/users.ts
 * and postgres/users.ts) and its plain row types.
 */

/** An account as stored. The e-mail is already normalized (trimmed, lower-cased) by core. */
export interface UserRow {
  id: string
  email: string
  name: string
  /** argon2id; null for accounts that log in by code or token only. */
  passwordHash: string | null
  createdAt: number
  updatedAt: number
}

/** Why an insert was refused: the e-mail belongs to an account, or (`onlyFirst`) an account exists. */
export type UserInsertRefusal = 'email_taken' | 'not_first'

/** An e-mail change waiting for the link sent to the new address; `tokenHash` is the SHA-256 of the link's token. */
export interface EmailChangeRow {
  userId: string
  newEmail: string
  tokenHash: string
  expiresAt: number
  createdAt: number
}

export interface UserStore {
  /**
   * Inserts an account. With `onlyFirst` it is refused unless no account exists, decided
   * under a lock so two processes signing up at once cannot both make the first account.
   */
  insert(
    row: UserRow,
    options?: { onlyFirst?: boolean },
  ): Promise<{ ok: true } | { ok: false; reason: UserInsertRefusal }>
  /** Changes name and/or e-mail; the new row, or why not. */
  update(
    id: string,
    changes: { name?: string; email?: string },
    updatedAt: number,
  ): Promise<{ ok: true; row: UserRow } | { ok: false; reason: 'not_found' | 'email_taken' }>
  /** Stores a new password hash (false: no such account). */
  setPasswordHash(id: string, passwordHash: string, updatedAt: number): Promise<boolean>
  /**
   * Deletes the account; foreign keys cascade to its apps (and their data), access tokens
   * and sessions. Announces `deleted` for each of its apps. Returns those apps' ids, or null
   * when there was no such account.
   */
  delete(id: string): Promise<{ appIds: string[] } | null>
  /** Stores the account's pending e-mail change, replacing its earlier one. */
  putEmailChange(row: EmailChangeRow): Promise<void>
  /** The pending change with this token hash (expired or not). */
  emailChangeByHash(tokenHash: string): Promise<EmailChangeRow | null>
  /** The account's pending change (expired or not). */
  emailChange(userId: string): Promise<EmailChangeRow | null>
  /** Drops the account's pending change; false when there was none. */
  deleteEmailChange(userId: string): Promise<boolean>
  /**
   * Applies the live pending change with this token hash in one step: the account's e-mail
   * becomes the new one and the change is deleted. Refused when there is no such change
   * (or it expired at `now`: then it is deleted), or another account has the address by now.
   */
  confirmEmailChange(
    tokenHash: string,
    now: number,
  ): Promise<{ ok: true; before: UserRow; after: UserRow } | { ok: false; reason: 'not_found' | 'email_taken' }>
  byId(id: string): Promise<UserRow | null>
  /** The account with this (normalized) e-mail. */
  byEmail(email: string): Promise<UserRow | null>
  /** Number of accounts. */
  count(): Promise<number>
}
