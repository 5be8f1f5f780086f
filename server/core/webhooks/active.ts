/**
 * @module Whether an app has an enabled webhook subscription, cached per process, so the
 * record writer flags its jobs (RecordJob `webhooks`) without a read per submission. An
 * entry is dropped when the change feed reports the app's subscriptions changed (on
 * PostgreSQL also from other processes) or the app deleted, and everything when notices
 * may have been missed. The flag only decides whether the commit looks for subscriptions:
 * the commit's own join picks the rows, so a stale `true` writes nothing wrong; a stale
 * `false` (another process added a subscription, its notice not yet here) misses the
 * events of that moment — a new subscription takes effect once its notice arrived.
 */
import type { ChangeFeed } from '../changes.ts'
import type { Storage } from '../../db/storage.ts'

export interface WebhookFlags {
  /** The cached flag, or undefined when not cached. */
  kept(appId: string): boolean | undefined
  /** The flag, read when not cached. */
  get(appId: string): Promise<boolean>
}

/** A flag cache that follows `changes` from now on. */
export function createWebhookFlags(storage: Pick<Storage, 'webhooks'>, changes: ChangeFeed): WebhookFlags {
  const flags = new Map<string, boolean>()
  /** Bumped on every drop, so a read that raced with a change is not kept. */
  let version = 0
  changes.subscribe((appId, kind) => {
    if (kind !== 'webhooks' && kind !== 'deleted' && appId !== '*') return
    version++
    if (appId === '*') flags.clear()
    else flags.delete(appId)
  })
  return {
    kept: (appId) => flags.get(appId),
    async get(appId) {
      const cached = flags.get(appId)
      if (cached !== undefined) return cached
      const seen = version
      const flag = await storage.webhooks.anyEnabled(appId)
      if (seen === version) flags.set(appId, flag)
      return flag
    },
  }
}
