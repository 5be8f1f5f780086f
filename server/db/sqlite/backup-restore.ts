/**
 * @module `svc backup <file>` and `svc restore <file>` on the machine svc runs on: the
 * configured SQLite database (SVC_DATA_DIR) copied online into a new file, with the files
 * folder beside it (`<file>.files/`, backup-files.ts), and such a copy checked and swapped
 * in while svc is stopped. PostgreSQL has its own tools (pg_dump), which
 * the error says. Loaded only by those two commands (cli/commands/backup.ts, restore.ts).
 */
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import type { Config } from '../../config.ts'
import {
  appliedMigrations,
  checkpointFully,
  copyDatabase,
  databaseInUse,
  integrityProblems,
  knownMigrations,
  syncFile,
} from './backup.ts'
import { migrationsFolder } from './migrate.ts'
import { backupFiles, filesFolderFree, restoreFiles, type FilesCopy } from './backup-files.ts'

export type { FilesCopy }

export type BackupErrorType = 'unsupported' | 'not_found' | 'exists' | 'in_use' | 'invalid_backup'

/** Why a backup or restore was refused; the message says what to do instead. */
export class BackupError extends Error {
  override name = 'BackupError'
  constructor(
    readonly type: BackupErrorType,
    message: string,
  ) {
    super(message)
  }
}

export interface BackupResult {
  /** The copy, as an absolute path. */
  file: string
  bytes: number
  /** The database it copies. */
  database: string
  integrity: 'ok'
  /** The key the endpoint tokens are sealed with: keep it with the copy (null when SVC_SECRET gives it). */
  secretKey: string | null
  /** The files, copied into `<file>.files/` beside it, or where they are when not in the backup (S3). */
  files: FilesCopy
}

export interface RestoreResult {
  /** The database now in place. */
  database: string
  /** The copy it came from. */
  from: string
  /** Where the database that was there before now is (null when there was none). */
  previous: string | null
  /** The files put back (the folder that was there kept in `previous`); null when the backup holds none. */
  files: FilesCopy | null
}

const PG_DUMP =
  'This svc keeps its data in PostgreSQL (DATABASE_URL): back it up with `pg_dump -Fc` and restore with `pg_restore` (README, "Scaling out" → "Backups")'

function sqliteOnly(config: Config): void {
  if (config.postgresUrl) throw new BackupError('unsupported', PG_DUMP)
}

/** Checks that `file` is a sound svc database this svc can run; throws `invalid_backup` saying what is wrong. */
export function checkBackup(file: string): void {
  let problems: string[]
  let applied: number[] | null
  try {
    problems = integrityProblems(file)
    applied = appliedMigrations(file)
  } catch (error) {
    throw new BackupError(
      'invalid_backup',
      `${file} is not an SQLite database (${error instanceof Error ? error.message : String(error)})`,
    )
  }
  if (problems.length)
    throw new BackupError(
      'invalid_backup',
      `${file} fails SQLite's integrity check: ${problems.slice(0, 3).join('; ')}`,
    )
  if (!applied)
    throw new BackupError(
      'invalid_backup',
      `${file} is an SQLite database but not an svc one (it has no migrations table)`,
    )
  const known = knownMigrations(migrationsFolder())
  if (applied.some((when) => !known.includes(when)))
    throw new BackupError('invalid_backup', `${file} was made by a newer svc than this one: upgrade svc, then restore`)
}

/** Writes a consistent copy of the running (or stopped) svc's SQLite database into the new file `file`. */
export function backup(config: Config, file: string): BackupResult {
  sqliteOnly(config)
  const database = config.databasePath
  const target = resolve(file)
  if (!existsSync(database))
    throw new BackupError(
      'not_found',
      `No svc database at ${database}: set SVC_DATA_DIR (or --data-dir) to the server's data folder`,
    )
  if (existsSync(target))
    throw new BackupError('exists', `${target} already exists: backups never overwrite a file; choose a new name`)
  const taken = filesFolderFree(target, config.filesUrl)
  if (taken)
    throw new BackupError('exists', `${taken} already exists: backups never overwrite a file; choose a new name`)
  if (!existsSync(dirname(target)))
    throw new BackupError('not_found', `No folder ${dirname(target)} to write the backup into`)
  // Written under a temporary name, checked, then renamed: a file with the asked-for name is a whole, sound copy.
  const partial = join(dirname(target), `.${basename(target)}.partial-${process.pid}`)
  try {
    copyDatabase(database, partial)
    const problems = integrityProblems(partial)
    if (problems.length)
      throw new BackupError(
        'invalid_backup',
        `The copy fails SQLite's integrity check: ${problems.slice(0, 3).join('; ')}`,
      )
    renameSync(partial, target)
    syncFile(target)
  } finally {
    rmSync(partial, { force: true })
  }
  return {
    file: target,
    bytes: statSync(target).size,
    database,
    integrity: 'ok',
    secretKey: config.secret ? null : join(config.dataDir, 'secret.key'),
    // After the database: every file the copy names is in place by then (backup-files.ts).
    files: backupFiles(config.dataDir, config.filesUrl, target),
  }
}

/**
 * Puts the backup `file` in place of the configured database while nothing has it open. The
 * database that was there is kept beside it (`svc.db.before-restore-<time>`), never deleted.
 */
export function restore(config: Config, file: string, now = new Date()): RestoreResult {
  sqliteOnly(config)
  const from = resolve(file)
  const database = config.databasePath
  if (!existsSync(from)) throw new BackupError('not_found', `No backup at ${from}`)
  checkBackup(from)
  let previous: string | null = null
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  if (existsSync(database) && databaseInUse(database))
    throw new BackupError(
      'in_use',
      `${database} is open in another process (a running svc?): stop svc first (e.g. \`systemctl stop svc\`), then restore`,
    )
  // The files first: if copying them fails, the database in place is untouched.
  const files = restoreFiles(config.dataDir, config.filesUrl, from, stamp)
  if (existsSync(database)) {
    // The WAL belongs to the old file: fold it in, so the file moved aside is that whole database.
    checkpointFully(database)
    previous = `${database}.before-restore-${stamp}`
    renameSync(database, previous)
    for (const suffix of ['-wal', '-shm']) rmSync(`${database}${suffix}`, { force: true })
  }
  mkdirSync(dirname(database), { recursive: true })
  const incoming = join(dirname(database), `.${basename(database)}.restoring-${process.pid}`)
  try {
    copyFileSync(from, incoming)
    chmodSync(incoming, 0o600)
    // Restored by root for a service running as its own user: the file must be that user's,
    // as the folder is (systemd's DynamicUser does not re-own files under an unchanged folder).
    const owner = statSync(dirname(database))
    if (process.getuid?.() === 0) chownSync(incoming, owner.uid, owner.gid)
    syncFile(incoming)
    renameSync(incoming, database)
    syncFile(database)
  } finally {
    rmSync(incoming, { force: true })
  }
  return { database, from, previous, files }
}
