/**
 * @module Notice that an app's definition or records changed, so the caches on hot paths
 * (endpoint resolver, field cache, scoring definitions, summaries) drop their copy. The
 * storage sends them itself, for every change it commits: in-process on SQLite; on
 * PostgreSQL through NOTIFY in the same transaction, so every svc process hears of a
 * committed change (and only of committed ones).
 */
import { localFeed, type LocalFeed } from './feed.ts'

/**
 * `webhooks`: the app's webhook subscriptions changed (core/webhooks/active.ts); `senders`: its
 * senders (core/senders/cache.ts); `access`: who may reach it (a member removed, a role or the
 * owner changed), so open streams look again.
 */
export type ChangeKind = 'app' | 'fields' | 'endpoint' | 'records' | 'deleted' | 'webhooks' | 'senders' | 'access'

/** `appId` is EVERY_APP when changes may have been missed (a lost connection): drop everything. */
export type ChangeListener = (appId: string, kind: ChangeKind) => void

/** Stands for all apps in a change notice. */
export const EVERY_APP = '*'

export interface ChangeFeed {
  /** Calls `listener` for every change from now on; returns the unsubscribe function. */
  subscribe(listener: ChangeListener): () => void
}

/** A feed whose notices come from this process: what SQLite uses, and PostgreSQL for local delivery. */
export type LocalChangeFeed = LocalFeed<[appId: string, kind: ChangeKind]>

/** A feed delivered in-process, synchronously, to every subscriber. */
export const localChangeFeed = (): LocalChangeFeed => localFeed()
