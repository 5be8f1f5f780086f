/**
 * @module WAL checkpoints off the event loop. SQLite's automatic checkpoint runs inside
 * the COMMIT that crosses `wal_autocheckpoint` pages: it copies the WAL into the database
 * file and syncs both, on the committing thread. Under steady ingest that was about half
 * of all commit time and the longest pauses of the event loop (a few ms every ~80 group
 * commits). Here a worker thread (checkpoint-worker.ts) with its own connection copies
 * frames with PASSIVE checkpoints while the writer goes on.
 *
 * The automatic checkpoint stays on at `FALLBACK_PAGES`: the WAL only starts over from
 * its beginning when a write begins with every frame copied, which steady writes rarely
 * allow while another thread copies, so at that size the writer's own checkpoint copies
 * the few frames the worker has not (cheap, since the worker copied the rest) and the
 * log restarts. The WAL is thus bounded by about FALLBACK_PAGES pages. If the worker
 * cannot start or fails, the store goes back to SQLite's default of 1000 pages.
 *
 * The worker starts with the first write that asks for it, not at start-up, and sleeps
 * (no timer) once everything is copied. At close it closes its connection; whichever
 * connection closes last checkpoints what is left and removes the WAL.
 */
import type { Database } from 'bun:sqlite'
import { embeddedPath } from '../../embedded.ts'

export interface Checkpoints {
  /** Called after a write transaction: wakes the checkpoint thread (starting it the first time). */
  afterWrite(): void
  close(): void
  /** Settles once the checkpoint thread has exited after close() (at once if none ran). */
  stopped(): Promise<void>
  /**
   * Settles once every write so far is copied into the database file (the worker went
   * idle), or at once when no worker copies (SQLite checkpoints by itself then).
   */
  copied(): Promise<void>
}

/** SQLite's default automatic checkpoint size, used without the worker. */
export const DEFAULT_PAGES = 1000
/** The automatic checkpoint size while the worker copies (≈ 40 MB of WAL with 4 KiB pages). */
export const FALLBACK_PAGES = 10_000
/** How often the awake worker checkpoints. */
const INTERVAL_MS = 25

/** For in-memory databases and other journal modes: SQLite's own behaviour. */
export const inlineCheckpoints: Checkpoints = {
  afterWrite: () => {},
  close: () => {},
  stopped: () => Promise.resolve(),
  copied: () => Promise.resolve(),
}

export interface CheckpointOptions {
  /** The worker's script (tests point it elsewhere to see the fallback). */
  workerUrl?: URL
  /** The automatic checkpoint size while the worker copies (FALLBACK_PAGES; tests use a small one). */
  fallbackPages?: number
}

/**
 * The worker's source beside this file. In the server bundle (dist/server/main.js) it names
 * the same file: Bun writes this source file's URL into the bundle for import.meta.url. The
 * executable carries it as a second entry point (scripts/build-exe.ts).
 */
const workerUrl = (): URL => {
  const embedded = embeddedPath('server/db/sqlite/checkpoint-worker.js')
  return embedded ? new URL(`file://${embedded}`) : new URL('./checkpoint-worker.ts', import.meta.url)
}

/** Background checkpoints for the WAL database at `path`, opened as `sqlite`. */
export function backgroundCheckpoints(sqlite: Database, path: string, options: CheckpointOptions = {}): Checkpoints {
  const setPages = (pages: number) => sqlite.run(`PRAGMA wal_autocheckpoint = ${pages}`)
  setPages(options.fallbackPages ?? FALLBACK_PAGES)
  let worker: Worker | null = null
  /** Settles when the started worker has exited; none started yet. */
  let exited: Promise<void> = Promise.resolve()
  /** No worker any more: it could not run (SQLite checkpoints by itself again) or the store closed. */
  let retired = false
  /** The worker sleeps; the next write wakes it. */
  let idle = true
  /** Writes since the last wake: the worker may have reported idle before seeing them. */
  let unseenWrites = 0
  /** Callers of copied() waiting for the worker to go idle. */
  let waiting: Array<() => void> = []

  function settleWaiting(): void {
    const settled = waiting
    waiting = []
    for (const resolve of settled) resolve()
  }

  function fallBack(): void {
    // After close() the database is gone: a late report from the worker changes nothing.
    if (retired) return
    retired = true
    worker?.terminate()
    worker = null
    setPages(DEFAULT_PAGES)
    settleWaiting()
  }

  function start(): Worker {
    const started = new Worker(options.workerUrl ?? workerUrl())
    exited = new Promise((resolve) => started.addEventListener('close', () => resolve(), { once: true }))
    started.onmessage = (event: MessageEvent<'idle' | { error: string }>) => {
      if (retired) return
      if (event.data !== 'idle') return fallBack()
      // Writes committed after the worker's last look would wait for the next write: wake it again.
      if (unseenWrites > 0) wake()
      else {
        idle = true
        settleWaiting()
      }
    }
    started.onerror = fallBack
    // Never keeps the process alive on its own (Bun's Worker has unref; the DOM typings lack it).
    ;(started as Worker & { unref(): void }).unref()
    started.postMessage({ open: path, intervalMs: INTERVAL_MS })
    return started
  }

  function wake(): void {
    idle = false
    unseenWrites = 0
    worker ??= start()
    worker.postMessage('wake')
  }

  return {
    afterWrite() {
      if (retired) return
      if (idle) wake()
      else unseenWrites++
    },
    close() {
      worker?.postMessage('close')
      worker = null
      retired = true
      settleWaiting()
    },
    stopped: () => exited,
    copied: () => (retired || idle ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
  }
}
