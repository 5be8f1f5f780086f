/**
 * @module Keeping records to their days (share settings keepRecordsDays, keepSpamDays):
 * every hour one process (the one that claims the run; storage/retention.ts) deletes, app by
 * app, the records and spam older than their days, the oldest first, in batches as a
 * selection is deleted (counters, summary aggregates and files follow; core/records/delete.ts),
 * and writes one `records.expired` entry in the app's audit log saying how many.
 */
import type { AppContext } from '../context.ts'
import { everyPeriod } from '../periodic.ts'
import { LIMITS } from '../../contract/limits.ts'
import type { RetainedApp } from '../../db/storage/retention.ts'
import { auditEvent } from '../audit/record.ts'
import { removeRecords } from './delete.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const EVERY_MS = 60 * 60 * 1000
/** The claim's name: one run an hour across every process. */
const JOB = 'records.retention'

/** Deletes the app's records (`spam` or not) created before `before`; returns how many. */
async function expire(ctx: AppContext, appId: string, before: number, spam: boolean): Promise<number> {
  let total = 0
  for (;;) {
    const ids = await ctx.storage.retention.expired(appId, before, spam, LIMITS.maxDeleteIds)
    if (ids.length === 0) return total
    total += await removeRecords(ctx, appId, ids)
    if (ids.length < LIMITS.maxDeleteIds) return total
  }
}

/** One app's round: its records and spam past their days. */
async function pruneApp(ctx: AppContext, app: RetainedApp): Promise<{ records: number; spam: number }> {
  const now = ctx.clock.now()
  const records =
    app.keepRecordsDays === null ? 0 : await expire(ctx, app.appId, now - app.keepRecordsDays * DAY_MS, false)
  const spam = app.keepSpamDays === null ? 0 : await expire(ctx, app.appId, now - app.keepSpamDays * DAY_MS, true)
  if (records + spam > 0) {
    const owner = await ctx.storage.apps.byId(app.appId)
    if (owner)
      await auditEvent(ctx, {
        action: 'records.expired',
        accountId: owner.ownerId,
        actor: null,
        via: 'retention',
        appId: app.appId,
        after: { records, spam, keepRecordsDays: app.keepRecordsDays, keepSpamDays: app.keepSpamDays },
        address: '',
      })
  }
  return { records, spam }
}

/** Deletes what every app keeps past its days, now; returns how many records went in all. */
export async function pruneRecords(ctx: AppContext): Promise<number> {
  let total = 0
  for (const app of await ctx.storage.retention.apps()) {
    const gone = await pruneApp(ctx, app)
    total += gone.records + gone.spam
  }
  return total
}

/** The hourly round, when this process claims it (null when another did this hour). */
export async function retentionRound(ctx: AppContext): Promise<number | null> {
  const now = ctx.clock.now()
  if (!(await ctx.storage.retention.claim(JOB, now, now + EVERY_MS))) return null
  return pruneRecords(ctx)
}

/** Runs a round now and every hour until the returned stop is called (which waits for a round under way). */
export const startRecordRetention = (ctx: AppContext): (() => Promise<void>) =>
  everyPeriod(ctx, EVERY_MS, () => retentionRound(ctx), 'could not delete expired records; trying again in an hour')
