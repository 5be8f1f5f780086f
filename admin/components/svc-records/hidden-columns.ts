/**
 * @module The columns an owner hid in an app's records table, remembered per app in the
 * browser (localStorage), so the table looks the same on the next visit. A view choice of
 * this browser only: it changes nothing on the server, and exports keep every column.
 */

/** The part of the Web Storage API used (so tests can pass a Map-backed one). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const keyOf = (appId: string) => `svc:records:hidden:${appId}`

/** The hidden column names of `appId`; none when nothing is stored, or storage is unavailable or holds nonsense. */
export function loadHidden(store: KeyValueStore | null, appId: string): Set<string> {
  try {
    const stored = JSON.parse(store?.getItem(keyOf(appId)) ?? '[]') as unknown
    return new Set(Array.isArray(stored) ? stored.filter((name): name is string => typeof name === 'string') : [])
  } catch {
    return new Set()
  }
}

/** Remembers `hidden` for `appId` (forgets the entry when none are hidden); storage that refuses is ignored. */
export function saveHidden(store: KeyValueStore | null, appId: string, hidden: ReadonlySet<string>): void {
  try {
    if (hidden.size === 0) store?.removeItem(keyOf(appId))
    else store?.setItem(keyOf(appId), JSON.stringify([...hidden]))
  } catch {
    // Private browsing or a full quota: the choice lasts for this visit only.
  }
}

/** The browser's localStorage, or null where reading it throws (storage disabled). */
export function browserStore(): KeyValueStore | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}
