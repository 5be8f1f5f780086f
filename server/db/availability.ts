/**
 * @module Whether the database can write, as the stores see it. Every store method runs
 * through a guard: a failure the backend says is about the storage itself (the disk full,
 * an I/O error) marks the storage unavailable with the reason and is rethrown as a
 * StorageUnavailableError, which the HTTP layer answers with 503 `storage_unavailable`
 * and Retry-After instead of a 500 per request. The first write that gets through again
 * marks it available: nothing needs a restart. Listeners hear each change once (one log
 * line per change, not per request), and /health reports the reason meanwhile.
 */
import type { Availability, Stores } from './storage.ts'

/** What a store throws when the database cannot write for now; `unavailable` says why. */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError'
  constructor(
    readonly unavailable: string,
    options?: { cause?: unknown },
  ) {
    super(`storage unavailable: ${unavailable}`, options)
  }
}

/** What the backend tells the guard. */
export interface AvailabilitySignals {
  /** The reason when `error` means the storage cannot write (disk full, I/O error); null for any other failure. */
  classify(error: unknown): string | null
  /**
   * A counter of completed writes (SQLite's total_changes()): after a success, the storage
   * is available again once it moved past its value at the last failure. Without one, any
   * success counts.
   */
  writes?(): number
  /** A failure that lasts until restart (a failed WAL sync), or null. */
  lasting?(): string | null
  now(): number
}

/** Wraps every method of `stores` in the guard; returns the wrapped stores and their availability. */
export function guardStores(
  stores: Stores,
  signals: AvailabilitySignals,
): { stores: Stores; availability: Availability } {
  let transient: string | null = null
  let since: number | null = null
  let reported: string | null = null
  let writesAtFailure = 0
  let failures = 0
  const listeners = new Set<(problem: string | null) => void>()

  const current = (): string | null => signals.lasting?.() ?? transient

  /** Tells the listeners when the problem changed since they last heard. */
  function report(): void {
    const problem = current()
    if (problem === reported) return
    reported = problem
    since = problem === null ? null : signals.now()
    for (const listener of listeners) listener(problem)
  }

  function succeeded(): void {
    if (transient !== null && (!signals.writes || signals.writes() > writesAtFailure)) transient = null
    report()
  }

  function failed(error: unknown): never {
    const reason = signals.classify(error)
    if (reason !== null) {
      failures += 1
      transient = reason
      writesAtFailure = signals.writes?.() ?? 0
    }
    report()
    throw reason === null ? error : new StorageUnavailableError(reason, { cause: error })
  }

  const guard = <T extends object>(store: T): T => {
    const guarded = {} as Record<string, unknown>
    for (const [name, method] of Object.entries(store)) {
      if (typeof method !== 'function') {
        guarded[name] = method
        continue
      }
      guarded[name] = (...args: unknown[]) => {
        let result: unknown
        try {
          result = method.apply(store, args)
        } catch (error) {
          failed(error)
        }
        if (!(result instanceof Promise)) {
          succeeded()
          return result
        }
        return result.then((value) => {
          succeeded()
          return value
        }, failed)
      }
    }
    return guarded as T
  }

  const wrapped = Object.fromEntries(
    Object.entries(stores).map(([name, store]) => [name, guard(store)]),
  ) as unknown as Stores
  return {
    stores: wrapped,
    availability: {
      get problem() {
        report()
        return reported
      },
      get since() {
        report()
        return since
      },
      get failures() {
        return failures
      },
      subscribe(listener) {
        listeners.add(listener)
        return () => void listeners.delete(listener)
      },
    },
  }
}
