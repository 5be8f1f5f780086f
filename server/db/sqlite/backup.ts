/**
 * @module Copies of the SQLite database file, online. A backup is `VACUUM INTO` a new file
 * from a connection of its own: it reads one snapshot (in WAL mode the server keeps writing
 * meanwhile, and its readers and writers are not blocked), so the copy holds every
 * transaction committed before the copy began and none after, compacted into one file with
 * no -wal beside it. Restoring swaps such a file in while nothing has the database open.
 */
import { Database } from 'bun:sqlite'
import { closeSync, fsyncSync, openSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createPrivateFile } from '../private-files.ts'

/**
 * Writes a consistent copy of the database at `source` into the new file `target`, synced to
 * disk. The copy holds every record and hash, so `target` is created 0600 while still empty
 * (SQLite would create it 0644); VACUUM INTO accepts an empty file.
 */
export function copyDatabase(source: string, target: string): void {
  createPrivateFile(target)
  const db = new Database(source, { readonly: true })
  try {
    db.run('PRAGMA busy_timeout = 5000')
    db.run('VACUUM INTO ?', [target])
  } finally {
    db.close(true)
  }
  syncFile(target)
}

/** What `PRAGMA integrity_check` finds wrong with the database at `path` (empty when it is sound). */
export function integrityProblems(path: string): string[] {
  const db = new Database(path, { readonly: true })
  try {
    const rows = db.query<{ integrity_check: string }, []>('PRAGMA integrity_check').all()
    return rows.map((row) => row.integrity_check).filter((line) => line !== 'ok')
  } finally {
    db.close(true)
  }
}

/** The migrations applied to the database at `path` (drizzle's `created_at`, oldest first); null when it is no svc database. */
export function appliedMigrations(path: string): number[] | null {
  const db = new Database(path, { readonly: true })
  try {
    const table = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get()
    if (!table) return null
    return db
      .query<{ created_at: number }, []>('SELECT created_at FROM __drizzle_migrations ORDER BY created_at')
      .all()
      .map((row) => Number(row.created_at))
  } finally {
    db.close(true)
  }
}

/** The migrations in `folder` (drizzle's journal `when`, oldest first). */
export function knownMigrations(folder: string): number[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>
  }
  return journal.entries.map((entry) => entry.when)
}

/**
 * True when another connection (a running svc, a backup, a sqlite3 shell) has the database
 * at `path` open: it holds a lock that an exclusive lock cannot get past.
 */
export function databaseInUse(path: string): boolean {
  const db = new Database(path)
  try {
    db.run('PRAGMA busy_timeout = 0')
    db.run('PRAGMA locking_mode = EXCLUSIVE')
    db.run('BEGIN EXCLUSIVE')
    db.run('COMMIT')
    return false
  } catch {
    return true
  } finally {
    db.close(true)
  }
}

/** Copies every WAL frame into the database file and empties the WAL, so the file alone is the database. */
export function checkpointFully(path: string): void {
  const db = new Database(path)
  try {
    db.run('PRAGMA wal_checkpoint(TRUNCATE)')
  } finally {
    db.close(true)
  }
}

/** fsync of a file and of the folder that names it, so a rename or a new file survives power loss. */
export function syncFile(path: string): void {
  for (const target of [path, dirname(path)]) {
    const fd = openSync(target, 'r')
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  }
}
