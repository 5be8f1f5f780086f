/**
 * @module The garbage of taking files in, collected by bytes. Each chunk of an upload is a
 * buffer outside JSC's heap, so the collector, which starts when its heap grows, lets dead
 * chunks pile up: twenty concurrent 25 MiB uploads left 110–215 MiB of them behind. A full
 * collection (a few milliseconds) once enough bytes of files were taken in, counted over the
 * whole process, keeps what uploads hold bounded by how many run at once, not by the bytes
 * they have sent. With few uploads at once there is little to collect, so collections are
 * rarer and a lone upload keeps its speed.
 */

/** Bytes of files taken in between two collections while many uploads run at once, and otherwise. */
export const COLLECT_EVERY = { busy: 32 * 1024 * 1024, quiet: 256 * 1024 * 1024 }

/** Uploads under way from which the process counts as busy. */
const BUSY_AT = 4

let sinceCollected = 0
let running = 0

/** Marks an upload under way until the returned function is called. */
export function uploadStarted(): () => void {
  running++
  let done = false
  return () => {
    if (!done) running--
    done = true
  }
}

/** Counts `bytes` of a file taken in; collects once enough were taken since the last time. */
export function countFileBytes(bytes: number): void {
  sinceCollected += bytes
  if (sinceCollected < (running >= BUSY_AT ? COLLECT_EVERY.busy : COLLECT_EVERY.quiet)) return
  sinceCollected = 0
  Bun.gc(true)
}
