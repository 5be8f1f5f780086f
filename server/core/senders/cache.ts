/**
 * @module An app's senders with their secrets opened, cached per process so a post to an
 * endpoint without senders costs one map look-up. An entry is dropped when the change feed
 * reports the app's senders changed (on PostgreSQL also from other processes) or the app
 * deleted, and everything when notices may have been missed.
 */
import type { ChangeFeed } from '../changes.ts'
import type { Sealer } from '../sealer.ts'
import type { Storage } from '../../db/storage.ts'
import type { SenderRow } from '../../db/storage/senders.ts'
import type { SenderKind } from '../../contract/senders/schemas.ts'
import type { HmacOptions, SenderSpec } from './signatures.ts'

export interface SenderCache {
  /** The cached senders of the app, or undefined when not cached. */
  kept(appId: string): readonly SenderSpec[] | undefined
  /** The app's senders, read when not cached (none: an empty list). */
  get(appId: string): Promise<readonly SenderSpec[]>
}

/** The spec of a stored sender, its secret opened. */
export const specOf = (row: SenderRow, sealer: Sealer): SenderSpec => ({
  name: row.name,
  kind: row.kind as SenderKind,
  secret: sealer.open(row.secretCipher),
  require: row.require,
  options: JSON.parse(row.options) as HmacOptions,
})

/** A sender cache that follows `changes` from now on. */
export function createSenderCache(storage: Pick<Storage, 'senders'>, sealer: Sealer, changes: ChangeFeed): SenderCache {
  const kept = new Map<string, readonly SenderSpec[]>()
  /** Bumped on every drop, so a read that raced with a change is not kept. */
  let version = 0
  changes.subscribe((appId, kind) => {
    if (kind !== 'senders' && kind !== 'deleted' && appId !== '*') return
    version++
    if (appId === '*') kept.clear()
    else kept.delete(appId)
  })
  return {
    kept: (appId) => kept.get(appId),
    async get(appId) {
      const cached = kept.get(appId)
      if (cached !== undefined) return cached
      const seen = version
      const specs = (await storage.senders.list(appId)).map((row) => specOf(row, sealer))
      if (seen === version) kept.set(appId, specs)
      return specs
    },
  }
}
