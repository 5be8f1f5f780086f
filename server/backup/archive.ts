/**
 * @module One backup as one file: a tar archive holding `svc.db` (the online copy `svc
 * backup` makes, checked by SQLite's integrity check), `svc.db.files/` (the files folder,
 * when files are kept on disk) and `secret.key` (when SVC_SECRET does not give the key), so
 * the file alone restores everything (`svc restore <file>.tar`). Written 0600 under a
 * temporary name, verified by opening the database it holds, then renamed. Synchronous: the
 * schedule runs it on a thread of its own (worker.ts), the CLI in its own process.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { create, extract } from 'tar'
import type { Config } from '../config.ts'
import { createPrivateFile } from '../db/private-files.ts'
import { backup, BackupError, checkBackup } from '../db/sqlite/backup-restore.ts'
import { syncFile } from '../db/sqlite/backup.ts'

/** What an archive needs of the configuration (it crosses to the backup thread as plain data). */
export type ArchiveConfig = Pick<Config, 'databasePath' | 'dataDir' | 'filesUrl' | 'secret' | 'postgresUrl'>

export interface ArchiveResult {
  file: string
  bytes: number
  /** The archive's entries at the top: svc.db, and svc.db.files and secret.key when it holds them. */
  holds: string[]
}

/** `svc-backup-20261204T015900Z.tar`: names sort as the times they were made. */
export const archiveName = (at: number): string =>
  `svc-backup-${new Date(at)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}.tar`

/** The time in an archive's name, or null for a name of another kind. */
export function archiveTime(name: string): number | null {
  const match = /^svc-backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar$/.exec(name)
  return match ? Date.UTC(+match[1], +match[2] - 1, +match[3], +match[4], +match[5], +match[6]) : null
}

/** True when `file` is a tar archive (the ustar magic at byte 257). */
export function isArchive(file: string): boolean {
  const head = Buffer.alloc(262)
  const fd = openSync(file, 'r')
  try {
    readSync(fd, head, 0, 262, 0)
  } finally {
    closeSync(fd)
  }
  return head.subarray(257, 262).toString('latin1') === 'ustar'
}

/** Writes the archive `target` (a new file) of the database and files `config` names. */
export function makeArchive(config: ArchiveConfig, target: string): ArchiveResult {
  if (existsSync(target)) throw new BackupError('exists', `${target} already exists: backups never overwrite a file`)
  // Staged beside the data, so the files folder is hard-linked, not copied.
  const staging = mkdtempSync(join(config.dataDir, '.backup-'))
  const partial = join(dirname(target), `.${basename(target)}.partial-${process.pid}`)
  try {
    const copy = backup(config as Config, join(staging, 'svc.db'))
    const holds = ['svc.db']
    if (copy.files.kind === 'disk') holds.push('svc.db.files')
    if (copy.secretKey && existsSync(copy.secretKey)) {
      copyFileSync(copy.secretKey, join(staging, 'secret.key'))
      holds.push('secret.key')
    }
    createPrivateFile(partial)
    create({ file: partial, cwd: staging, sync: true, portable: true }, holds)
    verify(partial)
    renameSync(partial, target)
    syncFile(target)
    return { file: target, bytes: statSync(target).size, holds }
  } finally {
    rmSync(staging, { recursive: true, force: true })
    rmSync(partial, { force: true })
  }
}

/** Opens the database the archive holds: a sound svc database this svc can run, or it throws. */
function verify(archive: string): void {
  const folder = mkdtempSync(join(dirname(archive), '.verify-'))
  try {
    extract({ file: archive, cwd: folder, sync: true, filter: (path) => path === 'svc.db' })
    if (!existsSync(join(folder, 'svc.db')))
      throw new BackupError('invalid_backup', `${archive} holds no svc.db: the archive was not written whole`)
    checkBackup(join(folder, 'svc.db'))
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/** Unpacks the archive into the new folder `into`; the caller restores from `into/svc.db`. */
export function unpackArchive(archive: string, into: string): void {
  extract({ file: archive, cwd: into, sync: true, strict: true })
}
