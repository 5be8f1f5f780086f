/**
 * @module Which keys the summary aggregates count: the keys the app knows — its fields
 * (accepted and proposed) and its catalogued unlisted keys (LIMITS.maxUnlistedKeys at most).
 * A key past the catalogue stays in its record (read back, exported in the CSV's JSON
 * column) but has no aggregate: only how many such values were seen (`otherKeys`), so the
 * export knows it needs the JSON column. So a stranger's flood of random keys leaves the
 * aggregates, their document and the per-commit cost bounded by LIMITS.summaryKeys.
 *
 * The group commit knows which of a job's keys the catalogue turned away (JobResult
 * `uncounted`); a replay, a recount or a change of stored records reads the known keys once
 * (`countedKeys`). Both give the same answer for a key that is known from its first record
 * on; a key that was past the catalogue and is catalogued later (room freed by accepting
 * keys) counts from then on, and accepting it recounts it from every record.
 */
import type { AppContext } from '../context.ts'
import type { KeyFilter } from './key-filter.ts'

/** The keys `appId` knows now (fields, proposals, catalogued unlisted keys), as a filter. */
export async function countedKeys(ctx: AppContext, appId: string): Promise<KeyFilter> {
  const [fields, catalogue] = await Promise.all([ctx.storage.fields.list(appId), ctx.storage.unlisted.list(appId)])
  const known = new Set([...fields.map((field) => field.name), ...catalogue.map((key) => key.name)])
  return (key) => known.has(key)
}
