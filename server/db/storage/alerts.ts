/**
 * @module The storage of account alerts (core/auth/alerts.ts): what happened to an
 * account's access, kept until its owner's batched mail went out. Implemented in
 * sqlite/alerts.ts and postgres/alerts.ts.
 */

/** One alert; `detail` is core's JSON. */
export interface AlertRow {
  id: string
  userId: string
  detail: string
  createdAt: number
}

/** A claim of the alerts due for mailing: accounts whose oldest waiting alert is at or before `dueAt`. */
export interface AlertClaim {
  now: number
  dueAt: number
  /** The claimed alerts are left alone by other claims until then (the mail is being sent). */
  leaseUntil: number
}

export interface AlertStore {
  add(row: AlertRow): Promise<void>
  /**
   * Claims every unleased alert of each account that has one created at or before `dueAt`,
   * atomically across processes (one claim at a time), so each alert goes into one mail.
   * Grouped by account, oldest first.
   */
  claimDue(claim: AlertClaim): Promise<AlertRow[][]>
  /** Forgets alerts once mailed. */
  remove(ids: string[]): Promise<void>
}

/** Rows (oldest first) grouped by account, each group oldest first; shared by both stores. */
export function groupByUser(rows: AlertRow[]): AlertRow[][] {
  const groups = new Map<string, AlertRow[]>()
  for (const row of rows) {
    const group = groups.get(row.userId)
    if (group) group.push(row)
    else groups.set(row.userId, [row])
  }
  return [...groups.values()]
}
