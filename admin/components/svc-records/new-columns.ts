/**
 * @module Fields the owner accepted that the Data tab has not shown yet, per app, in this
 * tab's session storage: Setup notes them as it accepts (a proposal, Accept all, an unlisted
 * key), and the Data tab takes them when it opens, marks their columns New and brings the
 * first into view, since a new field's column comes last, off the right edge of a wide table.
 */
import type { KeyValueStore } from './hidden-columns.ts'

const keyOf = (appId: string) => `svc:records:accepted:${appId}`

const read = (store: KeyValueStore | null, appId: string): string[] => {
  try {
    const stored = JSON.parse(store?.getItem(keyOf(appId)) ?? '[]') as unknown
    return Array.isArray(stored) ? stored.filter((name): name is string => typeof name === 'string') : []
  } catch {
    return []
  }
}

/** Notes fields of `appId` just accepted (by name), after those noted before. */
export function noteAccepted(store: KeyValueStore | null, appId: string, names: string[]): void {
  if (names.length === 0) return
  try {
    store?.setItem(keyOf(appId), JSON.stringify([...new Set([...read(store, appId), ...names])]))
  } catch {
    // Storage refused (private browsing, a full quota): the columns are simply not marked.
  }
}

/** The fields of `appId` accepted since the Data tab last opened, forgotten as they are taken. */
export function takeAccepted(store: KeyValueStore | null, appId: string): Set<string> {
  const names = read(store, appId)
  try {
    store?.removeItem(keyOf(appId))
  } catch {
    // Nothing to forget.
  }
  return new Set(names)
}

/** This tab's sessionStorage, or null where reading it throws (storage disabled). */
export function sessionStore(): KeyValueStore | null {
  try {
    return globalThis.sessionStorage ?? null
  } catch {
    return null
  }
}
