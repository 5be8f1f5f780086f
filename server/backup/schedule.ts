/**
 * @module Backups svc makes itself (SVC_BACKUP_EVERY): every period an archive of the
 * database, its files and its key (archive.ts) is written on a thread of its own, so
 * requests keep being answered and records kept while it is made; it goes into the place
 * (places.ts), and all but the newest SVC_BACKUP_KEEP are removed. The first one is made
 * when the newest in the place is a period old (at once when there is none). A failed
 * backup is one warning and is tried again at the next period; the newest backup's time is
 * what health and the metrics show.
 */
import type { Config } from '../config.ts'
import type { Backups } from '../core/backups.ts'
import type { Clock } from '../core/clock.ts'
import type { Logger } from '../core/logger.ts'
import { embeddedPath } from '../embedded.ts'
import { archiveName, archiveTime, type ArchiveConfig, type ArchiveResult } from './archive.ts'
import type { BackupSchedule } from './config.ts'
import { folderPlace, s3Place, type BackupPlace } from './places.ts'

export interface ScheduledBackups extends Backups {
  /** Makes one backup now (and removes the old ones); resolves with it. */
  runOnce(): Promise<ArchiveResult>
  /** Stops the timer and waits for a backup under way. */
  stop(): Promise<void>
}

const workerUrl = (): URL => {
  const embedded = embeddedPath('server/backup/worker.js')
  return embedded ? new URL(`file://${embedded}`) : new URL('./worker.ts', import.meta.url)
}

/** Writes one archive on the backup thread. */
function archiveOnThread(config: ArchiveConfig, target: string): Promise<ArchiveResult> {
  const worker = new Worker(workerUrl())
  return new Promise<ArchiveResult>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ ok: true; result: ArchiveResult } | { ok: false; message: string }>) =>
      event.data.ok ? resolve(event.data.result) : reject(new Error(event.data.message))
    worker.onerror = (event) => reject(new Error(event.message))
    worker.postMessage({ config, target })
  }).finally(() => worker.terminate())
}

/** Starts the schedule of `config.backup` (which must be set). */
export async function startBackups(
  config: Config,
  schedule: BackupSchedule,
  clock: Clock,
  log: Logger,
  options: { env?: Record<string, string | undefined>; timer?: boolean } = {},
): Promise<ScheduledBackups> {
  const env = options.env ?? process.env
  const place: BackupPlace = schedule.dir ? folderPlace(schedule.dir) : s3Place(schedule.url!, config.dataDir, env)
  const archiveConfig: ArchiveConfig = {
    databasePath: config.databasePath,
    dataDir: config.dataDir,
    filesUrl: config.filesUrl,
    secret: config.secret,
    postgresUrl: config.postgresUrl,
  }
  // A place that cannot be listed now (a bucket down) holds no backup as far as start-up knows.
  const existing = await place.list().catch((error: unknown) => {
    log.warn('could not list the backups already made', { place: place.description, error: (error as Error).message })
    return [] as string[]
  })
  let newestAt = existing.length ? archiveTime(existing.at(-1)!) : null
  let round: Promise<unknown> = Promise.resolve()
  let timer: ReturnType<typeof setTimeout> | null = null
  let stopped = false

  async function makeOne(): Promise<ArchiveResult> {
    const name = archiveName(clock.now())
    const result = await archiveOnThread(archiveConfig, place.localPath(name))
    await place.keep(name)
    newestAt = archiveTime(name)
    const names = await place.list()
    const old = names.slice(0, Math.max(0, names.length - schedule.keep))
    if (old.length) await place.remove(old)
    log.info('backup made', { backup: name, bytes: result.bytes, place: place.description, removed: old.length })
    return result
  }

  // One backup at a time: a call while one is made waits for it.
  const runOnce = (): Promise<ArchiveResult> => {
    const run = round.then(makeOne, makeOne)
    round = run.catch(() => {})
    return run
  }

  const next = (delayMs: number) => {
    if (stopped) return
    timer = setTimeout(() => {
      void runOnce()
        .catch((error: unknown) =>
          log.warn('backup failed; trying again at the next period', { error: (error as Error).message }),
        )
        .finally(() => next(schedule.everyMs))
    }, delayMs)
    timer.unref()
  }
  // Tests make each backup themselves (`timer: false`).
  if (options.timer !== false) next(newestAt === null ? 0 : Math.max(0, newestAt + schedule.everyMs - clock.now()))

  return {
    scheduled: true,
    newestAt: () => newestAt,
    runOnce,
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await round
    },
  }
}
