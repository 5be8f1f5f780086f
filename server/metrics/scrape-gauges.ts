/**
 * @module The gauges read when Prometheus scrapes, set together before the registry writes
 * its text: this process's open streams, whether the database takes writes and how often it
 * refused, the newest backup's age, free disk space, and from the database in one read
 * (storage/gauges.ts) the webhook events waiting, the files and their bytes, the database's
 * size, and (SVC_METRICS_PER_APP) each app's record counts. A figure that cannot be read is
 * left out of the scrape rather than shown as 0.
 */
import { statfsSync } from 'node:fs'
import type { Registry } from 'prom-client'
import type { Config } from '../config.ts'
import type { Storage } from '../db/storage.ts'
import { expose, heldGauge } from './held-gauge.ts'

/** What the gauges read at a scrape. */
export interface MetricSources {
  config: Config
  storage: Storage
  /** Live record streams open in this process. */
  openStreams(): number
  /** Seconds since the newest scheduled backup was made; null when none is scheduled or made yet. */
  backupAgeSeconds(): number | null
}

/** Most apps the per-app gauges list (in app id order): past it a scrape would grow without bound. */
export const PER_APP_LIMIT = 10_000

/** Free bytes for svc under its data folder, or null when it cannot be read. */
function diskFree(config: Config): number | null {
  try {
    const stats = statfsSync(config.dataDir)
    return stats.bavail * stats.bsize
  } catch {
    return null
  }
}

/** Registers the gauges in `registers`; `read()` sets them all for the scrape about to be written. */
export function scrapeGauges(registers: Registry[], sources: MetricSources): { read(): Promise<void> } {
  const gauge = (name: string, help: string) => heldGauge(registers, name, help)
  const streams = gauge('svc_streams_open', 'Live record streams open in this process')
  const backupAge = gauge(
    'svc_backup_age_seconds',
    'Seconds since the newest scheduled backup was made (absent until one is, or when none are scheduled)',
  )
  const available = gauge(
    'svc_storage_available',
    '1 while the database takes writes, 0 while it refuses them (disk full, database down)',
  )
  expose(
    registers,
    {
      name: 'svc_storage_errors_total',
      help: 'Store calls that failed because the database could not write (disk full, I/O error, database down)',
      type: 'counter',
    },
    () => [{ value: sources.storage.availability.failures, labels: {} }],
  )
  const diskFreeBytes = gauge('svc_disk_free_bytes', 'Bytes free for svc on the file system of its data folder')
  const outbox = gauge('svc_webhook_outbox_depth', 'Webhook events not yet delivered (waiting or being retried)')
  const files = gauge('svc_files', 'Files kept, pending uploads included')
  const fileBytes = gauge('svc_file_bytes', 'Bytes of the files kept, as uploaded')
  const database = gauge('svc_database_bytes', "The database's size on disk (SQLite: the file and its write-ahead log)")
  const perApp = sources.config.metricsPerApp
  const appRecords = perApp ? gauge('svc_app_records', 'Records an app keeps (spam not counted), by app id') : null
  const appSpam = perApp ? gauge('svc_app_spam_records', 'Spam records an app keeps, by app id') : null
  const fromDatabase = [outbox, files, fileBytes, database, appRecords, appSpam]

  return {
    async read() {
      streams.set(sources.openStreams())
      backupAge.set(sources.backupAgeSeconds())
      available.set(sources.storage.availability.problem === null ? 1 : 0)
      diskFreeBytes.set(diskFree(sources.config))
      const { gauges } = sources.storage
      try {
        const [read, apps] = await Promise.all([gauges.read(), perApp ? gauges.perApp(PER_APP_LIMIT) : []])
        outbox.set(read.outboxDepth)
        files.set(read.files)
        fileBytes.set(read.fileBytes)
        database.set(read.databaseBytes)
        appRecords?.setAll(apps.map((app) => ({ labels: { app: app.appId }, value: app.records })))
        appSpam?.setAll(apps.map((app) => ({ labels: { app: app.appId }, value: app.spam })))
      } catch {
        // The database does not answer: its figures are left out, and svc_storage_available says why.
        for (const metric of fromDatabase) metric?.setAll([])
      }
    },
  }
}
