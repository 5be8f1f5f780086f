/**
 * @module The audit entry a change writes inside its own transaction on PostgreSQL:
 * changes.ts calls `writeAuditEntry` before every commit that announced a change.
 */
import type { AuditRow } from '../storage/audit.ts'
import { auditCommitted, auditRowOf } from '../storage/audit-unit.ts'
import type { PgDb } from './connection.ts'
import type { RawRun } from './raw-run.ts'
import { auditLog } from './schema.ts'

const COLUMNS = 'id, at, account_id, app_id, actor_id, actor_email, via, address, action, target, before, after'

/** Inserts one entry: through drizzle (a transaction of changes.ts) or as SQL text (a raw one). */
export type AuditInsert = (row: AuditRow) => Promise<unknown>

export const drizzleAuditInsert =
  (tx: Pick<PgDb, 'insert'>): AuditInsert =>
  (row) =>
    tx.insert(auditLog).values(row)

export const rawAuditInsert =
  (run: RawRun): AuditInsert =>
  (row) =>
    run(`INSERT INTO audit_log (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`, [
      row.id,
      row.at,
      row.accountId,
      row.appId,
      row.actorId,
      row.actorEmail,
      row.via,
      row.address,
      row.action,
      row.target,
      row.before,
      row.after,
    ])

/**
 * Writes the unit's entry (if it has one not yet written) inside the transaction that
 * changed `appId`; returns what to call once it committed (marks the entry written).
 */
export async function writeAuditEntry(insert: AuditInsert, appId: string | null, now: number): Promise<() => void> {
  const row = auditRowOf(appId, now)
  if (!row) return () => {}
  await insert(row)
  return auditCommitted
}

/**
 * One transaction for a change no cache hears of (an invitation, an access token): the
 * unit's entry is written inside it when `changed(outcome)` says `work` changed something
 * (by default: always).
 */
export async function auditedTransaction<T>(
  pg: PgDb,
  now: () => number,
  appId: string | null,
  work: (tx: Parameters<Parameters<PgDb['transaction']>[0]>[0]) => Promise<T>,
  changed: (outcome: T) => boolean = () => true,
): Promise<T> {
  let committed = () => {}
  const value = await pg.transaction(async (tx) => {
    const outcome = await work(tx)
    if (changed(outcome)) committed = await writeAuditEntry(drizzleAuditInsert(tx), appId, now())
    return outcome
  })
  committed()
  return value
}
