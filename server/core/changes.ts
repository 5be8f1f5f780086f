/**
 * @module In-process notifications that an app's definition changed (settings, fields,
 * token, deletion), so caches on hot paths (the collection endpoints) can drop their copy.
 */
import type { ChangeKind } from '../db/storage/changes.ts'

export type { ChangeKind }

export type ChangeListener = (appId: string, kind: ChangeKind) => void

export interface ChangeFeed {
  notify(appId: string, kind: ChangeKind): void
  subscribe(listener: ChangeListener): () => void
}

export function createChangeFeed(): ChangeFeed {
  const listeners = new Set<ChangeListener>()
  return {
    notify: (appId, kind) => {
      for (const listener of listeners) listener(appId, kind)
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
