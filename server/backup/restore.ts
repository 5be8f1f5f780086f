/**
 * @module What `svc backup` and `svc restore` load: the SQLite copy and its restore
 * (db/sqlite/backup-restore.ts), and restoring a scheduled backup's archive (archive.ts): it
 * is unpacked beside the data, restored like a copy with its files folder, and its
 * secret.key put in place (the one there kept beside it) unless SVC_SECRET gives the key.
 */
import { copyFileSync, chmodSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Config } from '../config.ts'
import { BackupError, restore as restoreCopy, type RestoreResult } from '../db/sqlite/backup-restore.ts'
import { syncFile } from '../db/sqlite/backup.ts'
import { isArchive, unpackArchive } from './archive.ts'

export { backup, BackupError } from '../db/sqlite/backup-restore.ts'

export interface ArchiveRestoreResult extends RestoreResult {
  /** An archive's: the secret key put in place from it; null when it held none or SVC_SECRET gives the key. */
  secretKey?: string | null
}

/** Restores `file`, a copy `svc backup` made or an archive of the schedule, in place of the configured data. */
export function restore(config: Config, file: string, now = new Date()): ArchiveRestoreResult {
  const from = resolve(file)
  if (!existsSync(from)) throw new BackupError('not_found', `No backup at ${from}`)
  if (!isArchive(from)) return restoreCopy(config, from, now)
  const unpacked = mkdtempSync(join(config.dataDir, '.restore-'))
  try {
    unpackArchive(from, unpacked)
    if (!existsSync(join(unpacked, 'svc.db')))
      throw new BackupError('invalid_backup', `${from} is an archive without svc.db: not an svc backup`)
    const restored = restoreCopy(config, join(unpacked, 'svc.db'), now)
    return { ...restored, from, secretKey: putSecretKey(config, unpacked, now) }
  } finally {
    rmSync(unpacked, { recursive: true, force: true })
  }
}

/** The archive's secret.key into the data folder (a different one there kept beside it); its path, or null. */
function putSecretKey(config: Config, unpacked: string, now: Date): string | null {
  const incoming = join(unpacked, 'secret.key')
  if (config.secret || !existsSync(incoming)) return null
  const target = join(config.dataDir, 'secret.key')
  if (existsSync(target)) {
    if (readFileSync(target).equals(readFileSync(incoming))) return target
    renameSync(target, `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`)
  }
  copyFileSync(incoming, target)
  chmodSync(target, 0o600)
  syncFile(target)
  return target
}
