/**
 * @module A feed of notices delivered in-process, synchronously, to every subscriber: the
 * one mechanism under the storage's change notices (changes.ts) and append notices
 * (appends.ts), on SQLite and for PostgreSQL's local delivery.
 */

/** A feed whose notices come from this process; `A` is what each notice carries. */
export interface LocalFeed<A extends unknown[]> {
  emit(...notice: A): void
  /** Calls `listener` for every notice from now on; returns the unsubscribe function. */
  subscribe(listener: (...notice: A) => void): () => void
}

/** A new feed with no subscribers. */
export function localFeed<A extends unknown[]>(): LocalFeed<A> {
  const listeners = new Set<(...notice: A) => void>()
  return {
    emit: (...notice) => {
      for (const listener of listeners) listener(...notice)
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}
