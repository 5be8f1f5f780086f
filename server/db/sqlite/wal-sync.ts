/**
 * @module Durable group commits without blocking the event loop. With synchronous=FULL,
 * SQLite fsyncs the WAL inside COMMIT, and the event loop waits for the disk (≈ 40% of
 * single-record ingest in a CPU profile). The record writer instead commits its group
 * with synchronous=NORMAL — the frames are written to the WAL but not synced — and then
 * asks for the WAL file to be fdatasync'd on the thread pool; requests are answered only
 * when that sync returns. That is the same guarantee FULL gives in WAL mode (a committed
 * transaction is on disk once the WAL is), while the event loop parses the next group.
 * Syncs coalesce: one runs at a time, and every commit made while it runs waits for the
 * next one.
 *
 * Why this is safe: SQLite never overwrites WAL frames that are not yet in the database
 * file — a checkpoint syncs the WAL before copying it and the database after, in NORMAL
 * mode too, and the WAL header of a restarted log is synced when written. The WAL file
 * is never deleted while this connection is open (only the last connection to close
 * removes it), so the descriptor opened here always names the live WAL. Every other
 * write (control plane) keeps synchronous=FULL.
 *
 * A failed sync cannot be retried safely (Linux may drop the unwritten pages and report
 * success next time), so after one the store refuses acknowledged writes until restart.
 */
import type { Database, Statement } from 'bun:sqlite'
import fs from 'node:fs'

export interface WalSync {
  /** True when commits are made durable here (SVC_SYNC=full on a file database). */
  readonly deferred: boolean
  /** The error of a failed sync; once set, no later commit can be acknowledged. */
  readonly failure: Error | null
  /** Runs a write transaction whose commit skips SQLite's own fsync; call `afterCommit` next. */
  relaxed<T>(work: () => T): T
  /** Calls `done` once everything committed so far is on disk, or with the sync's error. */
  afterCommit(done: (error: Error | null) => void): void
  /**
   * Calls `next` when a commit would be synced at once: after this event-loop turn when
   * no sync runs, else as soon as the running one returns. Writes arriving meanwhile
   * would wait for that sync anyway, so committing them together then costs one commit
   * instead of one per event-loop turn, and answers them no later.
   */
  whenIdle(next: () => void): void
  /** Syncs now, on this thread, and answers every waiting caller (at shutdown). */
  drain(): void
  close(): void
}

/** The file operations used, replaceable in tests to hold or fail a sync. */
export interface SyncFiles {
  open(path: string): number
  fdatasync(fd: number, callback: (error: Error | null) => void): void
  fdatasyncSync(fd: number): void
  close(fd: number): void
}

const nodeFiles: SyncFiles = {
  open: (path) => fs.openSync(path, 'r'),
  fdatasync: (fd, callback) => fs.fdatasync(fd, (error) => callback(error ?? null)),
  fdatasyncSync: (fd) => fs.fdatasyncSync(fd),
  close: (fd) => fs.closeSync(fd),
}

/** For in-memory databases and SVC_SYNC=normal: nothing to wait for. */
export const immediateWalSync: WalSync = {
  deferred: false,
  failure: null,
  relaxed: (work) => work(),
  afterCommit: (done) => done(null),
  whenIdle: (next) => void setImmediate(next),
  drain: () => {},
  close: () => {},
}

type Done = (error: Error | null) => void

/** Deferred syncing of the WAL of the database file at `path`, opened as `sqlite`. */
export function deferredWalSync(sqlite: Database, path: string, files: SyncFiles = nodeFiles): WalSync {
  const normal: Statement = sqlite.prepare('PRAGMA synchronous = NORMAL')
  const full: Statement = sqlite.prepare('PRAGMA synchronous = FULL')
  let fd: number | null = null
  let failure: Error | null = null
  let running = false
  let waiting: Done[] = []
  let idle: Array<() => void> = []

  // The WAL exists from the first write on; opened lazily, after a relaxed commit made it.
  const walFd = (): number => (fd ??= files.open(`${path}-wal`))

  const answer = (callers: Done[], error: Error | null) => {
    for (const done of callers) done(error)
  }

  function fail(error: Error): Error {
    failure ??= new Error(
      `syncing the write-ahead log failed (${error.message}); acknowledged writes are refused until the server restarts`,
    )
    return failure
  }

  function start(): void {
    const callers = waiting
    waiting = []
    running = true
    let descriptor: number
    try {
      descriptor = walFd()
    } catch (error) {
      running = false
      answer(callers, fail(error as Error))
      return
    }
    files.fdatasync(descriptor, (error) => {
      running = false
      answer(callers, error ? fail(error) : null)
      const next = idle
      idle = []
      for (const run of next) run()
      if (waiting.length > 0 && !running) start()
    })
  }

  return {
    deferred: true,
    get failure() {
      return failure
    },
    relaxed(work) {
      normal.run()
      try {
        return work()
      } finally {
        full.run()
      }
    },
    afterCommit(done) {
      if (failure) return done(failure)
      waiting.push(done)
      if (!running) start()
    },
    whenIdle(next) {
      if (running) idle.push(next)
      else setImmediate(next)
    },
    drain() {
      if (waiting.length === 0) return
      const callers = waiting
      waiting = []
      try {
        files.fdatasyncSync(walFd())
        answer(callers, failure)
      } catch (error) {
        answer(callers, fail(error as Error))
      }
    },
    close() {
      if (fd !== null) files.close(fd)
      fd = null
    },
  }
}
