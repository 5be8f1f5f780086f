/**
 * @module The per-process cache of scoring definitions (`ctx.caches.scoring`), so the write
 * path scores every submission without re-reading scales and fields. A definition is kept
 * until a change to its app is announced on the context's change feed — by this process,
 * or on PostgreSQL by another one through LISTEN/NOTIFY within a second — and everything is
 * dropped when the feed says changes may have been missed (EVERY_APP). A definition whose
 * read was under way when a change to its app was announced is handed to the callers that
 * were waiting for it, but not kept: it may predate the change.
 */
import type { EVERY_APP } from '../../db/storage/changes.ts'
import type { ChangeFeed } from '../changes.ts'
import type { ScoringDefinition } from '../../contract/scoring/score.ts'

/** Stands for all apps in a change notice (the storage's EVERY_APP; core imports only types from the storage). */
const EVERY: typeof EVERY_APP = '*'

export interface ScoringCache {
  /** The kept definition of `appId`, or the one `read` gives (one read at a time per app). */
  get(appId: string, read: () => Promise<ScoringDefinition>): Promise<ScoringDefinition>
  /** The kept definition of `appId`, if there is one now (for code that cannot wait). */
  kept(appId: string): ScoringDefinition | undefined
}

/** A cache that forgets an app's definition on every change notice about the app except new or deleted records. */
export function scoringCache(changes: ChangeFeed): ScoringCache {
  const definitions = new Map<string, ScoringDefinition>()
  /** Reads under way; a change notice removes the app's entry, and that read's result is then not kept. */
  const reading = new Map<string, Promise<ScoringDefinition>>()
  changes.subscribe((appId, kind) => {
    if (appId === EVERY) {
      definitions.clear()
      reading.clear()
    } else if (kind !== 'records' && kind !== 'webhooks') {
      definitions.delete(appId)
      reading.delete(appId)
    }
  })
  return {
    kept: (appId) => definitions.get(appId),
    get(appId, read) {
      const kept = definitions.get(appId)
      if (kept) return Promise.resolve(kept)
      const pending = reading.get(appId)
      if (pending) return pending
      const started: Promise<ScoringDefinition> = read().then(
        (definition) => {
          if (reading.get(appId) === started) {
            reading.delete(appId)
            definitions.set(appId, definition)
          }
          return definition
        },
        (error: unknown) => {
          if (reading.get(appId) === started) reading.delete(appId)
          throw error
        },
      )
      reading.set(appId, started)
      return started
    },
  }
}
