/**
 * @module The files folder of a backup: the disk blob store (`<data dir>/files`, one file per
 * blob, server/files/disk.ts) copied beside the database copy as `<backup>.files/`, and
 * copied back by a restore. Blobs are written once under a temp name and renamed into place,
 * never changed after, so a copy is each blob whole; a blob is hard-linked when the backup is
 * on the same file system (instant, no extra space) and copied otherwise. Temp files of
 * writes under way (`.part-…`) are left out. The database is copied first: a file uploaded
 * after it is an orphan of the copy (swept after a restore), and a file the copy names was
 * already in place when the files were copied, unless its record was deleted in between.
 * With SVC_FILES_URL the bytes live in the bucket, which has its own backups (versioning,
 * replication): nothing is copied and the result says so.
 */
import {
  chownSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { syncFile } from './backup.ts'

/** The files of a backup or restore. */
export type FilesCopy =
  | { kind: 'disk'; folder: string; files: number; bytes: number; previous?: string | null }
  | { kind: 's3'; note: string }

/** What the result says when the bytes are in a bucket. */
export const S3_NOTE =
  'Files live in the S3 bucket (SVC_FILES_URL) and are not in this backup: back the bucket up with its own tools (versioning, replication)'

/** The folder beside a backup `file` its files go in. */
export const filesFolderOf = (file: string): string => `${file}.files`

/** The disk blob store's folder of a data dir. */
export const blobFolderOf = (dataDir: string): string => join(dataDir, 'files')

/** Copies the tree `from` into the new folder `to` (link or copy per file, `.part-` temp files left out). */
function copyTree(from: string, to: string, link: boolean, owner: { uid: number; gid: number } | null) {
  let files = 0
  let bytes = 0
  const walk = (source: string, target: string) => {
    mkdirSync(target, { mode: 0o700 })
    if (owner) chownSync(target, owner.uid, owner.gid)
    for (const entry of readdirSync(source, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue
      const path = join(source, entry.name)
      const copy = join(target, entry.name)
      if (entry.isDirectory()) walk(path, copy)
      else if (entry.isFile()) {
        bytes += lstatSync(path).size
        files++
        if (!link || !tryLink(path, copy)) {
          copyFileSync(path, copy)
          if (owner) chownSync(copy, owner.uid, owner.gid)
          syncFile(copy)
        }
      }
    }
  }
  walk(from, to)
  return { files, bytes }
}

/** A hard link of `path` at `copy`; false when the file systems differ (or links are refused). */
function tryLink(path: string, copy: string): boolean {
  try {
    linkSync(path, copy)
    return true
  } catch {
    return false
  }
}

/** Refuses a backup whose files folder exists already (backups never overwrite). */
export function filesFolderFree(file: string, filesUrl: string | null): string | null {
  const folder = filesFolderOf(file)
  return filesUrl === null && existsSync(folder) ? folder : null
}

/** Copies the data dir's blobs beside the backup `file` (written under a temp name, then renamed). */
export function backupFiles(dataDir: string, filesUrl: string | null, file: string): FilesCopy {
  if (filesUrl !== null) return { kind: 's3', note: S3_NOTE }
  const folder = filesFolderOf(file)
  const partial = join(dirname(folder), `.${basename(folder)}.partial-${process.pid}`)
  const source = blobFolderOf(dataDir)
  try {
    // No files folder yet (nothing uploaded): the backup still has one, empty, so a restore empties the store.
    if (!existsSync(source)) mkdirSync(partial, { mode: 0o700 })
    const counted = existsSync(source) ? copyTree(source, partial, true, null) : { files: 0, bytes: 0 }
    renameSync(partial, folder)
    syncFile(folder)
    return { kind: 'disk', folder, ...counted }
  } finally {
    rmSync(partial, { recursive: true, force: true })
  }
}

/**
 * Puts the files beside the backup `file` in place of the data dir's, the folder that was
 * there kept as `files.before-restore-<stamp>`. Null when the backup has no files folder
 * (made before backups held files): the files in place stay.
 */
export function restoreFiles(dataDir: string, filesUrl: string | null, file: string, stamp: string): FilesCopy | null {
  if (filesUrl !== null) return { kind: 's3', note: S3_NOTE }
  const from = filesFolderOf(file)
  if (!existsSync(from) || !statSync(from).isDirectory()) return null
  const target = blobFolderOf(dataDir)
  mkdirSync(dataDir, { recursive: true })
  const incoming = join(dataDir, `.files.restoring-${process.pid}`)
  rmSync(incoming, { recursive: true, force: true })
  // Restored by root for a service running as its own user: the files must be that user's, as the data dir is.
  const dir = statSync(dataDir)
  const owner = process.getuid?.() === 0 ? { uid: dir.uid, gid: dir.gid } : null
  try {
    const counted = copyTree(from, incoming, false, owner)
    let previous: string | null = null
    if (existsSync(target)) {
      previous = `${target}.before-restore-${stamp}`
      renameSync(target, previous)
    }
    renameSync(incoming, target)
    syncFile(target)
    return { kind: 'disk', folder: target, ...counted, previous }
  } finally {
    rmSync(incoming, { recursive: true, force: true })
  }
}
