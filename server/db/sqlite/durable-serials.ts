/**
 * @module Which serials of each app are durable on SQLite. With SVC_SYNC=full a group's
 * commit is visible to readers before its WAL sync returns (wal-sync.ts); a live stream
 * must not send those records yet: a power loss could take them back, and their serials
 * would then be handed out again to other records, which a client resuming after them
 * would never see. So until a group is synced its apps' durable serial stays where it was.
 */

/** What one committed group appended: per app, its serial before and after. */
export type Appended = ReadonlyMap<string, { before: number; after: number }>

export interface DurableSerials {
  /** Notes a committed group (not yet durable); returns it, for `durable`. */
  committed(appended: Appended): Appended
  /** Notes that `group` is durable; returns its apps with their newest durable serial. */
  durable(group: Appended): Array<[string, number]>
  /** The app's durable serial while a group of it waits for its sync; undefined otherwise (the stored one is durable). */
  of(appId: string): number | undefined
}

/** An empty tracker (one per store). */
export function durableSerials(): DurableSerials {
  /** Apps with groups waiting for their sync: the durable serial, and how many groups wait. */
  const waiting = new Map<string, { serial: number; groups: number }>()
  return {
    committed(appended) {
      for (const [appId, { before }] of appended) {
        const entry = waiting.get(appId)
        if (entry) entry.groups++
        else waiting.set(appId, { serial: before, groups: 1 })
      }
      return appended
    },
    durable(group) {
      const told: Array<[string, number]> = []
      for (const [appId, { after }] of group) {
        const entry = waiting.get(appId)
        // Groups are synced in commit order: this one's serials are durable, and every earlier one's.
        if (entry) {
          entry.serial = Math.max(entry.serial, after)
          if (--entry.groups === 0) waiting.delete(appId)
        }
        told.push([appId, after])
      }
      return told
    },
    of: (appId) => waiting.get(appId)?.serial,
  }
}
