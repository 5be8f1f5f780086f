/**
 * @module Putting things in the audit log. A control-plane request names its actor and
 * operation (`noteOperation`, from the HTTP guard); core adds what it acted on
 * (`auditChange`); the store that commits the change writes the entry in its transaction
 * (db/storage/audit-unit.ts). Events that change nothing the stores announce (log-ins, a
 * token's new address) are appended on their own (`auditEvent`); what is left unwritten
 * when a request ends well is written then (`finishAudit`).
 */
import type { AuditNote } from '../../db/storage/audit-unit.ts'
import type { AppContext } from '../context.ts'
import { auditSettings } from './settings.ts'

/** Who an entry says acted: the account, its address then, and the way in. */
export interface Actor {
  user: { id: string; email: string }
  via: string
}

const who = (actor: Actor): Pick<AuditNote, 'accountId' | 'actorId' | 'actorEmail' | 'via'> => ({
  accountId: actor.user.id,
  actorId: actor.user.id,
  actorEmail: actor.user.email,
  via: actor.via,
})

/** Says the request under way does `action` (an operation) as `actor`, to `appId` (null: not about one app). */
export function noteOperation(
  ctx: AppContext,
  actor: Actor,
  action: string,
  appId: string | null,
  target: string | null,
): void {
  ctx.storage.units.note({ ...who(actor), action, appId, target })
}

/** Runs `work` (one request from the client at `address`) as one unit of work of the log; ends it as `finishAudit` says. */
export function inRequestUnit<T>(ctx: AppContext, address: string, work: () => Promise<T>): Promise<T> {
  return ctx.storage.units.run(address, work)
}

/** Adds what the operation under way acted on, and the settings before and after (secrets left out). */
export function auditChange(
  ctx: AppContext,
  change: {
    target?: string
    before?: Record<string, unknown> | null
    after?: Record<string, unknown> | null
  },
): void {
  ctx.storage.units.note({
    ...(change.target === undefined ? {} : { target: change.target }),
    ...(change.before === undefined ? {} : { before: auditSettings(change.before) }),
    ...(change.after === undefined ? {} : { after: auditSettings(change.after) }),
  })
}

/** The operation under way changed nothing (its input asked for nothing new): it leaves no entry. */
export const auditUnchanged = (ctx: AppContext): void => ctx.storage.units.drop()

/** An event that changes nothing the stores announce, appended on its own at once. */
export interface AuditEvent {
  action: string
  /** The account it belongs to (a failed log-in: the account tried). */
  accountId: string
  /** Who did it; null when nobody is known (a failed log-in). */
  actor: Actor | null
  /** When no actor says so: the way in that was tried. */
  via?: string
  appId?: string | null
  target?: string | null
  after?: Record<string, unknown> | null
  /** The client address; the request's when left out. */
  address?: string
}

export async function auditEvent(ctx: AppContext, event: AuditEvent): Promise<void> {
  await ctx.storage.audit.append({
    id: Bun.randomUUIDv7(),
    at: ctx.clock.now(),
    accountId: event.accountId,
    appId: event.appId ?? null,
    actorId: event.actor?.user.id ?? null,
    actorEmail: event.actor?.user.email ?? null,
    via: event.actor?.via ?? event.via ?? '',
    address: event.address ?? ctx.storage.units.address(),
    action: event.action,
    target: event.target ?? null,
    before: null,
    after: auditSettings(event.after),
  })
}

/**
 * Writes the entry of a request that ended well when no change's transaction wrote it (an
 * export; a change of the account's own, which announces nothing). A failure is logged,
 * never turned into the answer: the change it records is done.
 */
export async function finishAudit(ctx: AppContext): Promise<void> {
  const row = ctx.storage.units.pending(ctx.clock.now())
  if (!row) return
  try {
    await ctx.storage.audit.append(row)
  } catch (error) {
    ctx.log.error('could not write an audit log entry', { action: row.action, error: (error as Error).message })
  }
}
