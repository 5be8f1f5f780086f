/**
 * @module The schedule of backups svc makes itself: `SVC_BACKUP_EVERY` (a period such as
 * 24h, 30m or 7d), `SVC_BACKUP_KEEP` (how many to keep, 7) and where they go, a folder
 * (`SVC_BACKUP_DIR`) or an S3 bucket (`SVC_BACKUP_URL`, the form of SVC_FILES_URL). SQLite
 * only: a PostgreSQL database is backed up with its own tools, which the refusal says.
 */
import { resolve } from 'node:path'
import { parseFilesUrl } from '../files/s3-url.ts'

export interface BackupSchedule {
  everyMs: number
  keep: number
  /** The folder the backups go into, absolute; null when they go to `url`. */
  dir: string | null
  /** The S3 location (SVC_BACKUP_URL's text), when they go to a bucket. */
  url: string | null
}

type Env = Record<string, string | undefined>

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const

/** The schedule the environment asks for, or null for none; throws a message naming what to fix. */
export function backupSchedule(env: Env, postgres: boolean, fail: (message: string) => Error): BackupSchedule | null {
  const every = env.SVC_BACKUP_EVERY?.trim()
  const dir = env.SVC_BACKUP_DIR?.trim() || null
  const url = env.SVC_BACKUP_URL?.trim() || null
  if (!every) {
    if (dir || url) throw fail('SVC_BACKUP_DIR and SVC_BACKUP_URL need SVC_BACKUP_EVERY (e.g. 24h) to say how often')
    return null
  }
  if (postgres)
    throw fail(
      'SVC_BACKUP_EVERY backs up the embedded SQLite database; with PostgreSQL (DATABASE_URL) use pg_dump or point-in-time recovery instead (README, "Scaling out" → "Backups")',
    )
  const period = /^(\d{1,5})([mhd])$/.exec(every)
  const everyMs = period ? Number(period[1]) * UNIT_MS[period[2] as keyof typeof UNIT_MS] : 0
  if (everyMs < UNIT_MS.m) throw fail(`SVC_BACKUP_EVERY must be a period such as 30m, 24h or 7d, got "${every}"`)
  const keepText = env.SVC_BACKUP_KEEP?.trim() || '7'
  const keep = /^\d{1,4}$/.test(keepText) ? Number(keepText) : 0
  if (keep < 1) throw fail(`SVC_BACKUP_KEEP must be a whole number of backups from 1 to 9999, got "${keepText}"`)
  if (dir && url) throw fail('Set SVC_BACKUP_DIR or SVC_BACKUP_URL, not both')
  if (!dir && !url)
    throw fail('SVC_BACKUP_EVERY needs SVC_BACKUP_DIR (a folder) or SVC_BACKUP_URL (s3://…) to say where')
  if (url) {
    try {
      parseFilesUrl(url, env, 'SVC_BACKUP_URL')
    } catch (error) {
      throw fail((error as Error).message)
    }
  }
  return { everyMs, keep, dir: dir ? resolve(dir) : null, url }
}
