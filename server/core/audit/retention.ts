/**
 * @module Keeping the audit log to its days (SVC_AUDIT_DAYS): every hour each process deletes
 * the entries older than that, a batch at a time, so no delete holds the database long.
 * Several processes on one PostgreSQL database may prune at once; a row goes once whoever
 * deletes it.
 */
import type { AppContext } from '../context.ts'
import { everyPeriod } from '../periodic.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const EVERY_MS = 60 * 60 * 1000
const BATCH = 1000

/** Deletes every entry older than the configured days; returns how many. */
export async function pruneAudit(ctx: AppContext): Promise<number> {
  const before = ctx.clock.now() - ctx.config.auditDays * DAY_MS
  let total = 0
  for (;;) {
    const gone = await ctx.storage.audit.prune(before, BATCH)
    total += gone
    if (gone < BATCH) return total
  }
}

/** Prunes now and every hour until the returned stop is called (which waits for a round under way). */
export const startAuditRetention = (ctx: AppContext): (() => Promise<void>) =>
  everyPeriod(ctx, EVERY_MS, () => pruneAudit(ctx), 'could not prune the audit log; trying again in an hour')
