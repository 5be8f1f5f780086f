/**
 * @module Marking records spam or not spam (the owner's correction of the honeypot, or of
 * a record it let through). The store flips the flags, renumbers the non-spam positions
 * so pages have no gaps, and moves the records between the summary's non-spam and spam
 * aggregates in the same transaction: `/summary` and page totals are right at once.
 */
import { auditChange } from '../audit/record.ts'
import type { AppContext } from '../context.ts'
import { parseInput } from '../../contract/apps/input.ts'
import { requireApp } from '../apps/member-app.ts'
import { spamAdjuster } from '../stats/deleted.ts'
import { changeWithAggregates } from './adjusted.ts'
import { markSpamSchema, type MarkSpamInput } from '../../contract/records/schemas.ts'

/** Marks records of `appId` spam (`spam` true) or not spam (no ownership check); returns how many changed. */
export function markRecords(ctx: AppContext, appId: string, ids: readonly string[], spam: boolean): Promise<number> {
  return changeWithAggregates(ctx, appId, spamAdjuster, async (adjuster) => {
    const { changed, counters } = await ctx.storage.records.setSpam(appId, [...new Set(ids)], spam, adjuster)
    return { count: changed, counters }
  })
}

/**
 * Marks a selection of one of `userId`'s apps' records spam or not spam. Ids not in the
 * app, and records already so marked, are skipped: `changed` counts the others.
 */
export async function markSpam(
  ctx: AppContext,
  userId: string,
  appId: string,
  input: MarkSpamInput,
): Promise<{ changed: number; spam: boolean }> {
  const { ids, spam } = parseInput(markSpamSchema, input)
  await requireApp(ctx, userId, appId)
  auditChange(ctx, { after: { spam, selected: ids.length } })
  return { changed: await markRecords(ctx, appId, ids, spam), spam }
}
