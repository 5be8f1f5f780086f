/**
 * @module The WHERE of an audit log page (storage/audit.ts `AuditQuery`), the same on both
 * backends: drizzle's operators over either dialect's `audit_log` columns.
 */
import { and, eq, gte, lt, or, sql, type Column, type SQL } from 'drizzle-orm'
import type { AuditQuery } from './storage/audit.ts'

/** The `audit_log` columns a page filters on. */
interface AuditColumns {
  id: Column
  at: Column
  accountId: Column
  appId: Column
  actorId: Column
  actorEmail: Column
  action: Column
}

/** Escapes LIKE's wildcards in a prefix. */
const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The conditions of `query` over `log` (an empty list: every entry). */
export function auditConditions(log: AuditColumns, query: AuditQuery): SQL | undefined {
  const where: SQL[] = []
  if (query.appId) where.push(eq(log.appId, query.appId))
  if (query.accountId) where.push(eq(log.accountId, query.accountId))
  if (query.actor) where.push(or(eq(log.actorId, query.actor), sql`lower(${log.actorEmail}) = lower(${query.actor})`)!)
  if (query.action)
    where.push(
      query.action.prefix
        ? sql`${log.action} LIKE ${likePrefix(query.action.value)} ESCAPE '\\'`
        : eq(log.action, query.action.value),
    )
  if (query.since !== undefined) where.push(gte(log.at, query.since))
  if (query.until !== undefined) where.push(lt(log.at, query.until))
  if (query.after)
    where.push(or(lt(log.at, query.after.at), and(eq(log.at, query.after.at), lt(log.id, query.after.id)))!)
  return and(...where)
}
