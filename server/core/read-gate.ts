/**
 * @module The read gate (`ctx.readGate`): record pages and export chunks read through it, at
 * most `slots` at a time, each started in an event-loop turn of its own (setImmediate).
 * bun:sqlite reads block the thread; without the gate a thousand concurrent /query pages
 * of 1000 records ran back to back and /health or an ingest waited seconds behind them.
 * Now between any two reads the loop takes in new requests, and what waits for a slot is a
 * closure in a queue, not a result set in memory.
 */

export interface ReadGate {
  /** Runs `read` once a slot is free, in a later event-loop turn; resolves with its result. */
  run<T>(read: () => Promise<T>): Promise<T>
}

/**
 * Reads at once: PostgreSQL overlaps a few round trips; a bun:sqlite read holds the thread
 * while it runs, so more than one at a time only makes the others wait longer.
 */
export const READ_SLOTS = { postgres: 4, sqlite: 1 } as const

/** A gate letting `slots` reads run at once. */
export function createReadGate(slots: number): ReadGate {
  let active = 0
  let waiting: Array<() => void> = []
  let head = 0

  function pump(): void {
    while (active < slots && head < waiting.length) {
      active++
      setImmediate(waiting[head++])
    }
    // Drop the ones already let through once the queue is drained, so it does not grow forever.
    if (head === waiting.length && head > 0) {
      waiting = []
      head = 0
    }
  }

  return {
    async run(read) {
      await new Promise<void>((resolve) => {
        waiting.push(resolve)
        pump()
      })
      try {
        return await read()
      } finally {
        active--
        pump()
      }
    },
  }
}
