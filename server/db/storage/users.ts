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

export interface UserStore {
  /**
   * Inserts an account. With `onlyFirst` it is refused unless no account exists, decided
   * under a lock so two processes signing up at once cannot both make the first account.
   */
  insert(row: UserRow, options?: { onlyFirst?: boolean }): Promise<{ ok: true } | { ok: false; reason: UserInsertRefusal }>
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
  byId(id: string): Promise<UserRow | null>
  /** The account with this (normalized) e-mail. */
  byEmail(email: string): Promise<UserRow | null>
  /** Number of accounts. */
  count(): Promise<number>
}
