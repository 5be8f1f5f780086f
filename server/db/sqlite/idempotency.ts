/**
 * @module Idempotency keys on SQLite, used inside the group commit's transaction (the
 * write lock is held, so looking the key up and storing it cannot race another writer).
 */
import type { IdempotencyClaim, JobResult } from '../storage/records.ts'
import type { Store } from './connection.ts'

interface StoredKey {
  fingerprint: string
  ids: string
  created_at: number
}

const statements = (store: Store) => ({
  find: store.sqlite.prepare<StoredKey, [{ appId: string; key: string }]>(
    'SELECT fingerprint, ids, created_at FROM idempotency_keys WHERE app_id = $appId AND key = $key',
  ),
  save: store.sqlite.prepare<unknown, [{ appId: string; key: string; fingerprint: string; ids: string; now: number }]>(
    'INSERT OR REPLACE INTO idempotency_keys (app_id, key, fingerprint, ids, created_at) VALUES ($appId, $key, $fingerprint, $ids, $now)',
  ),
  prune: store.sqlite.prepare<unknown, [{ before: number }]>('DELETE FROM idempotency_keys WHERE created_at < $before'),
})

/** The idempotency-key statements of one store, compiled once. */
export function sqliteIdempotency(store: Store) {
  const sqls = statements(store)
  return {
    /** The result of a job whose fresh key is stored already (replayed or key_reused); null when the key is free. */
    earlier(appId: string, claim: IdempotencyClaim): JobResult | null {
      const row = sqls.find.get({ appId, key: claim.key })
      if (!row || row.created_at < claim.notBefore) return null
      return row.fingerprint === claim.fingerprint
        ? { ok: false, reason: 'replayed', ids: JSON.parse(row.ids) as string[] }
        : { ok: false, reason: 'key_reused' }
    },
    /** Stores the key with the ids its job was given (replacing an expired one). */
    save(appId: string, claim: IdempotencyClaim, ids: string[], now: number): void {
      sqls.save.run({ appId, key: claim.key, fingerprint: claim.fingerprint, ids: JSON.stringify(ids), now })
    },
    /** Deletes keys created before `before`; how many. */
    prune(before: number): number {
      return sqls.prune.run({ before }).changes
    },
  }
}
