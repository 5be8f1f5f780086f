/**
 * @module Idempotency keys on PostgreSQL, inside the group commit's transaction after the
 * app's counters row is locked. The key is claimed with `INSERT … ON CONFLICT`: a
 * concurrent transaction holding the same key makes the insert wait for its outcome, so
 * two processes never both store records for one key.
 */
import type { JobResult, RecordJob } from '../storage/records.ts'
import type { RawRun } from './changes.ts'

/** Stores a key unless a fresh one is there ($6: created before it is stale); a row when it was stored. */
const CLAIM = `INSERT INTO idempotency_keys (app_id, key, fingerprint, ids, created_at) VALUES ($1, $2, $3, $4, $5::bigint)
  ON CONFLICT (app_id, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, ids = EXCLUDED.ids, created_at = EXCLUDED.created_at
  WHERE idempotency_keys.created_at < $6::bigint
  RETURNING 1 AS claimed`
const STORED = 'SELECT fingerprint, ids FROM idempotency_keys WHERE app_id = $1 AND key = $2'
const RELEASE = 'DELETE FROM idempotency_keys WHERE app_id = $1 AND key = ANY($2::text[])'

/**
 * Claims the key of each keyed job of `list` (one app's): a job whose fresh key is stored
 * already gets its result (replayed or key_reused) and leaves the list. The jobs to write.
 */
export async function claimKeys<Entry extends { job: RecordJob; index: number }>(
  run: RawRun,
  appId: string,
  list: Entry[],
  results: JobResult[],
): Promise<Entry[]> {
  const kept: Entry[] = []
  for (const entry of list) {
    const claim = entry.job.idempotency
    if (!claim) {
      kept.push(entry)
      continue
    }
    const ids = JSON.stringify(entry.job.records.map((record) => record.id))
    const claimed = await run<{ claimed: number }>(CLAIM, [
      appId,
      claim.key,
      claim.fingerprint,
      ids,
      entry.job.createdAt,
      claim.notBefore,
    ])
    if (claimed.length > 0) {
      kept.push(entry)
      continue
    }
    const [stored] = await run<{ fingerprint: string; ids: string }>(STORED, [appId, claim.key])
    results[entry.index] =
      stored.fingerprint === claim.fingerprint
        ? { ok: false, reason: 'replayed', ids: JSON.parse(stored.ids) as string[] }
        : { ok: false, reason: 'key_reused' }
  }
  return kept
}

/** Gives back the keys of jobs refused after claiming them (the field limit): nothing was stored for them. */
export async function releaseKeys(run: RawRun, appId: string, refused: RecordJob[]): Promise<void> {
  const keys = refused.flatMap((job) => (job.idempotency ? [job.idempotency.key] : []))
  if (keys.length > 0) await run(RELEASE, [appId, keys])
}

/** Deletes keys created before `before`; how many. */
export async function pruneKeys(
  client: { unsafe(text: string, params: unknown[]): Promise<unknown> },
  before: number,
): Promise<number> {
  const result = (await client.unsafe('DELETE FROM idempotency_keys WHERE created_at < $1', [before])) as unknown as {
    count: number
  }
  return result.count
}
