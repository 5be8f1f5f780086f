/**
 * @module The checkpoint thread (started by checkpoints.ts): its own connection to the
 * database, copying committed WAL frames into the database file with PASSIVE checkpoints
 * while the main thread keeps writing. A PASSIVE checkpoint never waits for a lock and
 * never blocks a writer; it syncs the WAL before copying and the database file after, so
 * what it copies is as durable as the commit was.
 *
 * Messages in: `{ open, intervalMs }` once, then `'wake'` after writes and `'close'`.
 * Messages out: `'idle'` when every frame is copied (the next write restarts the WAL),
 * `{ error }` when the database cannot be checkpointed from here.
 */
import { Database } from 'bun:sqlite'

declare const self: Worker

type Message = { open: string; intervalMs: number } | 'wake' | 'close'

interface CheckpointRow {
  busy: number
  log: number
  checkpointed: number
}

let db: Database | null = null
let intervalMs = 25
let timer: ReturnType<typeof setInterval> | null = null

function stop(): void {
  if (timer) clearInterval(timer)
  timer = null
}

function tick(): void {
  try {
    const row = db!.query<CheckpointRow, []>('PRAGMA wal_checkpoint(PASSIVE)').get()!
    if (row.busy === 0 && row.checkpointed >= row.log) {
      stop()
      self.postMessage('idle')
    }
  } catch (error) {
    stop()
    self.postMessage({ error: error instanceof Error ? error.message : String(error) })
  }
}

self.onmessage = (event: MessageEvent<Message>) => {
  const message = event.data
  if (message === 'wake') {
    if (db && !timer) timer = setInterval(tick, intervalMs)
  } else if (message === 'close') {
    stop()
    db?.close()
    db = null
    process.exit(0)
  } else {
    try {
      db = new Database(message.open)
      intervalMs = message.intervalMs
    } catch (error) {
      self.postMessage({ error: error instanceof Error ? error.message : String(error) })
    }
  }
}
