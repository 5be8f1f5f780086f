/**
 * @module The in-memory copies of the summary aggregates (`ctx.stats`), bounded by size:
 * least recently used first out once their estimated size passes the cap
 * (SVC_STATS_CACHE_MB). A copy's size is its stored document's length times
 * `MEMORY_PER_DOCUMENT_BYTE`, measured when it is installed and each time it is written
 * behind. An evicted copy is not lost: the database is authoritative, and the next read
 * loads the stored document and replays the records after it (state.ts).
 */
import type { StatsState } from './stats-types.ts'

/** Bytes of memory a copy takes per byte of its JSON document (objects, maps and numbers weigh more than their text). */
export const MEMORY_PER_DOCUMENT_BYTE = 3

export interface StatsCopies {
  /** The copy, marked as just used. */
  get(appId: string): StatsState | undefined
  has(appId: string): boolean
  /** Keeps `state` as the app's copy, `documentBytes` the length of its document; evicts others past the cap. */
  set(appId: string, state: StatsState, documentBytes: number): void
  /** The copy's document was measured again (written behind); evicts others past the cap. */
  measured(appId: string, documentBytes: number): void
  delete(appId: string): void
  entries(): IterableIterator<[string, StatsState]>
  /** The estimated bytes of every copy. */
  readonly bytes: number
}

/** Copies within `capBytes`; `evicted` hears of each copy pushed out (to write it behind). */
export function statsCopies(capBytes: number, evicted: (appId: string, state: StatsState) => void): StatsCopies {
  // A Map keeps insertion order: re-inserting on use makes its first entry the least recently used.
  const copies = new Map<string, { state: StatsState; bytes: number }>()
  let total = 0

  function drop(appId: string): void {
    const entry = copies.get(appId)
    if (!entry) return
    copies.delete(appId)
    total -= entry.bytes
  }

  /** Evicts the least recently used copies, never `keep`, until the total fits. */
  function fit(keep: string): void {
    for (const [appId, entry] of copies) {
      if (total <= capBytes) return
      if (appId === keep) continue
      drop(appId)
      evicted(appId, entry.state)
    }
  }

  return {
    get(appId) {
      const entry = copies.get(appId)
      if (!entry) return undefined
      copies.delete(appId)
      copies.set(appId, entry)
      return entry.state
    },
    has: (appId) => copies.has(appId),
    set(appId, state, documentBytes) {
      drop(appId)
      const bytes = documentBytes * MEMORY_PER_DOCUMENT_BYTE
      copies.set(appId, { state, bytes })
      total += bytes
      fit(appId)
    },
    measured(appId, documentBytes) {
      const entry = copies.get(appId)
      if (!entry) return
      const bytes = documentBytes * MEMORY_PER_DOCUMENT_BYTE
      total += bytes - entry.bytes
      entry.bytes = bytes
      fit(appId)
    },
    delete: drop,
    *entries() {
      for (const [appId, entry] of copies) yield [appId, entry.state] as [string, StatsState]
    },
    get bytes() {
      return total
    },
  }
}
