/**
 * @module Which keys the summary aggregates count: the keys the app knows — its fields
 * (accepted and proposed) and its catalogued unlisted keys (LIMITS.maxUnlistedKeys at most).
 * A key past the catalogue stays in its record (read back, exported in the CSV's JSON
 * column) but has no aggregate: only how many such values were seen (`otherKeys`), so the
 * export knows it needs the JSON column. So a stranger's flood of random keys leaves the
 * aggregates, their document and the per-commit cost bounded by LIMITS.summaryKeys.
 *
 * Spam records make no field and no catalogue entry, so they count under the app's fields
 * only. The group commit knows which of a job's keys the catalogue turned away (JobResult
 * `uncounted`), and the writer which keys of a spam record have no field; a replay, a recount or a change of stored records reads the known keys once
 * (`countedKeys`). Both give the same answer for a key that is known from its first record
 * on; a key that was past the catalogue and is catalogued later (room freed by accepting
 * keys) counts from then on, and accepting it recounts it from every record.
 */
import type { AppContext } from '../context.ts'
import type { CountedKeys } from './key-filter.ts'

/** The keys `appId` knows now: fields and proposals, and for non-spam records the catalogued unlisted keys. */
export async function countedKeys(ctx: AppContext, appId: string): Promise<CountedKeys> {
  const [fields, catalogue] = await Promise.all([ctx.storage.fields.list(appId), ctx.storage.unlisted.list(appId)])
  const named = new Set(fields.map((field) => field.name))
  const catalogued = new Set(catalogue.map((key) => key.name))
  return { kept: (key) => named.has(key) || catalogued.has(key), spam: (key) => named.has(key) }
}
