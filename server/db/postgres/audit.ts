/**
 * @module AuditStore on PostgreSQL (see storage/audit.ts); the entry a change writes inside
 * its own transaction is audit-insert.ts's.
 */
import { desc, inArray, lt } from 'drizzle-orm'
import { auditConditions } from '../audit-filter.ts'
import type { AuditStore } from '../storage/audit.ts'
import type { PgDb } from './connection.ts'
import type { PgContext } from './context.ts'
import { auditLog } from './schema.ts'

export function postgresAudit(db: PgContext): AuditStore {
  const pg: PgDb = db.db
  return {
    async append(row) {
      await pg.insert(auditLog).values(row)
    },

    async list(query) {
      return pg
        .select()
        .from(auditLog)
        .where(auditConditions(auditLog, query))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(query.limit)
    },

    async prune(before, limit) {
      const old = pg.select({ id: auditLog.id }).from(auditLog).where(lt(auditLog.at, before)).limit(limit)
      const gone = await pg.delete(auditLog).where(inArray(auditLog.id, old)).returning({ id: auditLog.id })
      return gone.length
    },
  }
}
