/**
 * @module Idempotency keys on PostgreSQL, inside the group commit's transaction after the
 * app's counters row is locked. The key is claimed with `INSERT … ON CONFLICT`: a
 * concurrent transaction holding the same key makes the insert wait for its outcome, so
 * two processes never both store records for one key.
 */
import { sql } from 'drizzle-orm'
import type { JobResult, RecordJob } from '../storage/records.ts'
import type { PgDb } from './connection.ts'

type Exec = Pick<PgDb, 'execute'>

const rowsOf = async <Row>(exec: Exec, query: ReturnType<typeof sql>): Promise<Row[]> => (await exec.execute(query)) as unknown as Row[]

/**
 * Claims the key of each keyed job of `list` (one app's): a job whose fresh key is stored
 * already gets its result (replayed or key_reused) and leaves the list. The jobs to write.
 */
export async function claimKeys<Entry extends { job: RecordJob; index: number }>(exec: Exec, appId: string, list: Entry[], results: JobResult[]): Promise<Entry[]> {
  const kept: Entry[] = []
  for (const entry of list) {
    const claim = entry.job.idempotency
    if (!claim) {
      kept.push(entry)
      continue
    }
    const ids = JSON.stringify(entry.job.records.map((record) => record.id))
    const claimed = await rowsOf<{ claimed: number }>(
      exec,
      sql`INSERT INTO idempotency_keys (app_id, key, fingerprint, ids, created_at) VALUES (${appId}, ${claim.key}, ${claim.fingerprint}, ${ids}, ${entry.job.createdAt}::bigint)
        ON CONFLICT (app_id, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, ids = EXCLUDED.ids, created_at = EXCLUDED.created_at
        WHERE idempotency_keys.created_at < ${claim.notBefore}::bigint
        RETURNING 1 AS claimed`,
    )
    if (claimed.length > 0) {
      kept.push(entry)
      continue
    }
    const [stored] = await rowsOf<{ fingerprint: string; ids: string }>(exec, sql`SELECT fingerprint, ids FROM idempotency_keys WHERE app_id = ${appId} AND key = ${claim.key}`)
    results[entry.index] = stored.fingerprint === claim.fingerprint ? { ok: false, reason: 'replayed', ids: JSON.parse(stored.ids) as string[] } : { ok: false, reason: 'key_reused' }
  }
  return kept
}

/** Gives back the keys of jobs refused after claiming them (the field limit): nothing was stored for them. */
export async function releaseKeys(exec: Exec, appId: string, refused: RecordJob[]): Promise<void> {
  const keys = refused.flatMap((job) => (job.idempotency ? [job.idempotency.key] : []))
  if (keys.length > 0) await exec.execute(sql`DELETE FROM idempotency_keys WHERE app_id = ${appId} AND key = ANY(${sql.param(keys)}::text[])`)
}

/** Deletes keys created before `before`; how many. */
export async function pruneKeys(client: { unsafe(text: string, params: unknown[]): Promise<unknown> }, before: number): Promise<number> {
  const result = (await client.unsafe('DELETE FROM idempotency_keys WHERE created_at < $1', [before])) as unknown as { count: number }
  return result.count
}
