/**
 * @module Reading the audit log a page at a time, newest first: an app's (for its admins and
 * owner) or an account's own. Each page is a key range after the previous page's last entry,
 * so an entry written meanwhile never shifts a page. The cursor is opaque to clients: the
 * last entry's time and id, base64url.
 */
import type { AuditEntry, AuditPage } from '../../contract/api/audit.ts'
import { AUDIT_PAGE } from '../../contract/audit/model.ts'
import { AppError } from '../../contract/errors.ts'
import type { AuditQuery, AuditRow } from '../../db/storage/audit.ts'
import type { AppContext } from '../context.ts'
import { decodeCursor, encodeCursor, pageLimit } from '../paging.ts'

/** The query string of an audit page, unparsed. */
export interface AuditListQuery {
  limit?: unknown
  cursor?: unknown
  actor?: unknown
  action?: unknown
  since?: unknown
  until?: unknown
  app?: unknown
}

const badRequest = (message: string) => new AppError('bad_request', message)

/** An ISO 8601 time as epoch ms; 400 naming the parameter otherwise. */
function time(name: string, raw: unknown): number | undefined {
  if (raw === undefined || raw === '') return undefined
  const at = typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}/.test(raw) ? Date.parse(raw) : Number.NaN
  if (Number.isNaN(at))
    throw badRequest(`${name} must be an ISO 8601 date or date-time such as 2026-12-01T00:00:00Z, got "${String(raw)}"`)
  return at
}

function text(name: string, raw: unknown, max = 320): string | undefined {
  if (raw === undefined || raw === '') return undefined
  if (typeof raw !== 'string' || raw.length > max)
    throw badRequest(`${name} must be one piece of text of at most ${max} characters`)
  return raw
}

function filters(query: AuditListQuery): Omit<AuditQuery, 'appId' | 'accountId'> {
  const action = text('action', query.action, 100)
  return {
    actor: text('actor', query.actor),
    action: action === undefined ? undefined : { value: action, prefix: action.endsWith('.') },
    since: time('since', query.since),
    until: time('until', query.until),
    after: decodeCursor(query.cursor),
    limit: pageLimit(query.limit, AUDIT_PAGE.defaultSize, AUDIT_PAGE.maxSize) + 1,
  }
}

const parsed = (text: string | null): Record<string, unknown> | null => (text === null ? null : JSON.parse(text))

/** An entry as the API answers it. */
export const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: new Date(row.at).toISOString(),
  appId: row.appId,
  actor: row.actorId === null ? null : { userId: row.actorId, email: row.actorEmail ?? '' },
  via: row.via,
  address: row.address,
  action: row.action,
  target: row.target,
  before: parsed(row.before),
  after: parsed(row.after),
})

async function page(ctx: AppContext, query: AuditQuery): Promise<AuditPage> {
  const rows = await ctx.storage.audit.list(query)
  const limit = query.limit - 1
  const shown = rows.slice(0, limit)
  const last = shown[shown.length - 1]
  return {
    entries: shown.map(toAuditEntry),
    nextCursor: rows.length > limit && last ? encodeCursor(last.at, last.id) : null,
  }
}

/** A page of the app's log (the caller was allowed settings:read on it). */
export function listAppAudit(ctx: AppContext, appId: string, query: AuditListQuery): Promise<AuditPage> {
  return page(ctx, { ...filters(query), appId })
}

/** A page of the account's own log: what it did, and log-ins tried on it. */
export function listAccountAudit(ctx: AppContext, userId: string, query: AuditListQuery): Promise<AuditPage> {
  return page(ctx, { ...filters(query), accountId: userId, appId: text('app', query.app, 64) })
}
