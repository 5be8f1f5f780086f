/**
 * @module The client tags of the records this process committed lately, by app, generation
 * and seq, so that the aggregates re-read from storage (the first write after a start, a copy
 * dropped from memory, another process's write in between) still count who gave each value
 * (clients.ts). Bounded: the most recent `MAX_TAGS` records over all apps (≈ 1 MB); older ones
 * re-read from storage count no client.
 */

const MAX_TAGS = 10_000

export interface RecentClients {
  /** Remembers the tags of records `firstSeq`, `firstSeq + 1`, … of `appId` in `generation`. */
  note(appId: string, generation: number, firstSeq: number, tags: ReadonlyArray<string | null>): void
  /** The tag of record `seq` (null: not known). */
  tagOf(appId: string, generation: number, seq: number): string | null
}

/** An empty memory of recent tags. */
export function recentClients(): RecentClients {
  const tags = new Map<string, string>()
  const keyOf = (appId: string, generation: number, seq: number) => `${appId}\n${generation}\n${seq}`
  return {
    note(appId, generation, firstSeq, list) {
      list.forEach((tag, index) => {
        if (tag === null) return
        tags.set(keyOf(appId, generation, firstSeq + index), tag)
        if (tags.size > MAX_TAGS) tags.delete(tags.keys().next().value!)
      })
    },
    tagOf: (appId, generation, seq) => tags.get(keyOf(appId, generation, seq)) ?? null,
  }
}
