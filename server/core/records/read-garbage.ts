/**
 * @module The garbage of reading big records, collected by bytes. JSC starts a collection
 * when its heap grows, but a record's text lives outside that heap (the string the driver
 * made, the values JSON.parse made of it), so an owner's change reading 200 records of 1 MB
 * a batch at a time left 100–250 MB of dead text behind before a collection came: more on
 * a busy machine, where the collector's threads wait for a core, and on SQLite, whose
 * change runs in one synchronous transaction that no collection interrupts. Counting the
 * text read and collecting once `COLLECT_EVERY` bytes of it have been read keeps what the
 * process holds bounded by bytes, not by records × their size.
 */

/**
 * Bytes of record text read between two collections: a full collection of this server's
 * heap takes about 20 ms, the same order as reading this much text, so even a long change
 * spends little of its time collecting.
 */
export const COLLECT_EVERY = 32 * 1024 * 1024

// One count for the process: the garbage of every read lands in its one heap.
let sinceCollected = 0

/** Counts `bytes` of record text read; collects the process's garbage once `COLLECT_EVERY` were read since the last time. */
export function countTextRead(bytes: number): void {
  sinceCollected += bytes
  if (sinceCollected < COLLECT_EVERY) return
  sinceCollected = 0
  Bun.gc(true)
}

/** Counts the text of the records of a batch read (their data, meta and scores), as countTextRead. */
export function countRecordsRead(rows: ReadonlyArray<{ data: string; meta: string; scores: string | null }>): void {
  let bytes = 0
  for (const row of rows) bytes += row.data.length + row.meta.length + (row.scores?.length ?? 0)
  countTextRead(bytes)
}
