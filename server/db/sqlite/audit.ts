/**
 * @module AuditStore on SQLite (see storage/audit.ts), and the transactions that announce a
 * change: `changeTransaction` writes the unit's audit entry inside the transaction that makes
 * the change and announces the change after the commit, as PostgreSQL's changes.ts does.
 */
import { desc, inArray, lt } from 'drizzle-orm'
import { auditConditions } from '../audit-filter.ts'
import type { AuditStore } from '../storage/audit.ts'
import { auditCommitted, auditRowOf } from '../storage/audit-unit.ts'
import type { ChangeKind } from '../storage/changes.ts'
import type { SqliteContext } from './context.ts'
import type { Db } from './connection.ts'
import { auditLog } from './schema.ts'

/** Notes that `appId` changed in `kind`: announced once the transaction commits. */
export type Changed = (appId: string, kind: ChangeKind) => void

/** The open transaction (nested transactions on it are savepoints). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Writes the unit's entry (if it has one not yet written) inside the open transaction that
 * changed `appId`; returns what to call once it committed (marks the entry written).
 */
export function writeAuditEntry(db: SqliteContext, appId: string | null): () => void {
  const row = auditRowOf(appId, db.now())
  if (!row) return () => {}
  db.db.insert(auditLog).values(row).run()
  return auditCommitted
}

/**
 * Runs `work` in one IMMEDIATE transaction. Each `changed(appId, kind)` it calls is
 * announced after the commit; with the first, the unit's audit entry is written before it.
 * A `work` that changes nothing (calls no `changed`) leaves no entry.
 */
export function changeTransaction<T>(db: SqliteContext, work: (changed: Changed, tx: Tx) => T): T {
  const notes: Array<[string, ChangeKind]> = []
  let committed = () => {}
  const value = db.db.transaction(
    (tx) => {
      const result = work((appId, kind) => void notes.push([appId, kind]), tx)
      if (notes[0]) committed = writeAuditEntry(db, notes[0][0])
      return result
    },
    { behavior: 'immediate' },
  )
  committed()
  for (const [appId, kind] of notes) db.changes.emit(appId, kind)
  return value
}

/**
 * One IMMEDIATE transaction for a change no cache hears of (an invitation, an access
 * token): the unit's entry is written inside it when `changed(outcome)` says `work`
 * changed something (by default: always).
 */
export function auditedTransaction<T>(
  db: SqliteContext,
  appId: string | null,
  work: () => T,
  changed: (outcome: T) => boolean = () => true,
): T {
  let committed = () => {}
  const value = db.db.transaction(
    () => {
      const outcome = work()
      if (changed(outcome)) committed = writeAuditEntry(db, appId)
      return outcome
    },
    { behavior: 'immediate' },
  )
  committed()
  return value
}

/**
 * `changeTransaction` for work that answers with an outcome: `change(outcome)` names the
 * app and the kind it changed, or null when it changed nothing.
 */
export function announcedTransaction<T>(
  db: SqliteContext,
  work: (tx: Tx) => T,
  change: (outcome: T) => readonly [appId: string, kind: ChangeKind] | null,
): T {
  return changeTransaction(db, (changed, tx) => {
    const outcome = work(tx)
    const made = change(outcome)
    if (made) changed(made[0], made[1])
    return outcome
  })
}

export function sqliteAudit(db: SqliteContext): AuditStore {
  const d = db.db
  return {
    async append(row) {
      d.insert(auditLog).values(row).run()
    },

    async list(query) {
      return d
        .select()
        .from(auditLog)
        .where(auditConditions(auditLog, query))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(query.limit)
        .all()
    },

    async prune(before, limit) {
      const old = d.select({ id: auditLog.id }).from(auditLog).where(lt(auditLog.at, before)).limit(limit)
      return d.delete(auditLog).where(inArray(auditLog.id, old)).returning({ id: auditLog.id }).all().length
    },
  }
}
