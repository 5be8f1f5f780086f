/**
 * @module How many non-spam records hold a value for each field, from the summary's
 * aggregates (kept current at ingest; never a rescan of the records).
 */
import type { AppContext } from '../core/context.ts'
import { getSummary } from '../core/stats/summary.ts'

/** Field name → records with a value. */
export async function fieldValueCounts(ctx: AppContext, appId: string): Promise<Map<string, number>> {
  const { fields } = await getSummary(ctx, appId)
  return new Map(Object.keys(fields).map((name) => [name, fields[name].count]))
}
