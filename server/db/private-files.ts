/**
 * @module The data dir and the database files are the owner's alone: records, hashed
 * secrets and the key are in them. Folders are made 0700 and files 0600, and ones left
 * wider by an earlier version (or a copy) are narrowed at start. SQLite creates the -wal
 * and -shm files with the permissions of the database file, so creating that file 0600
 * before SQLite opens it keeps them private too.
 */
import { chmodSync, closeSync, existsSync, fchmodSync, mkdirSync, openSync, statSync } from 'node:fs'

export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/** The files SQLite keeps for the database at `path`. */
export const databaseFiles = (path: string): string[] => [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]

/** Makes `path` (a file or folder) have exactly `mode` when it exists; true when it was changed. */
export function narrow(path: string, mode: number): boolean {
  if (!existsSync(path)) return false
  if ((statSync(path).mode & 0o777) === mode) return false
  chmodSync(path, mode)
  return true
}

/** Creates the folder `dir` (and missing parents) 0700, or narrows it to 0700; the paths that changed. */
export function privateFolder(dir: string): string[] {
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
    // mkdir's mode passes through the umask; chmod states it exactly.
    chmodSync(dir, PRIVATE_DIR_MODE)
    return []
  }
  return narrow(dir, PRIVATE_DIR_MODE) ? [dir] : []
}

/** Narrows the database file at `path` and its companions that exist to 0600; the paths that changed. */
export const narrowDatabaseFiles = (path: string): string[] =>
  databaseFiles(path).filter((file) => narrow(file, PRIVATE_FILE_MODE))

/** Creates the database file at `path` 0600 when missing (its folder must exist), and narrows it and its companions to 0600. */
export function privateDatabaseFiles(path: string): string[] {
  if (!existsSync(path)) closeSync(openSync(path, 'a', PRIVATE_FILE_MODE))
  return narrowDatabaseFiles(path)
}

/**
 * Creates the new, empty file `path` 0600 before anything is written into it, so its
 * contents are never readable by others, whatever the umask. Throws when it exists.
 */
export function createPrivateFile(path: string): void {
  const fd = openSync(path, 'wx', PRIVATE_FILE_MODE)
  try {
    // open's mode passes through the umask (which can only narrow it); fchmod states it exactly.
    fchmodSync(fd, PRIVATE_FILE_MODE)
  } finally {
    closeSync(fd)
  }
}
