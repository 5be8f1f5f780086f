/**
 * @module The metrics of one server, kept with prom-client and written in the Prometheus
 * text format. Counters are bumped as things happen, the request counter and latency
 * histogram as plain numbers read at the scrape (request-series.ts) (core's
 * `Metrics`); gauges are read when scraped: open live streams, whether the database takes
 * writes, its size on disk (SQLite), free disk space under the data folder. The process's
 * own figures (memory, CPU, event-loop delay, open files) come from prom-client's default
 * collectors, kept once per process since they describe it, not a server.
 *
 * Labels are route names, statuses and error types only: no app or user ids (a label per
 * app would grow without bound).
 */
import { statSync, statfsSync } from 'node:fs'
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client'
import type { Config } from '../config.ts'
import type { Storage } from '../db/storage.ts'
import type { Metrics } from '../core/metrics.ts'
import { requestSeries } from './request-series.ts'

/** What the gauges read at a scrape. */
export interface MetricSources {
  config: Config
  storage: Storage
  /** Live record streams open in this process. */
  openStreams(): number
  /** Seconds since the newest scheduled backup was made; null when none is scheduled or made yet. */
  backupAgeSeconds(): number | null
}

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8'

/** Latency buckets in seconds: an ingest is a few ms, an export can take many seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

let processRegistry: Registry | null = null

/** The process's figures, registered once however many servers the process runs (tests run many). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 })
    // Gauges named like counters (promtool refuses the `_total`), and of little use to an operator.
    for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
      processRegistry.removeSingleMetric(name)
  }
  return processRegistry
}

/** Bytes of the SQLite database with its WAL; null on PostgreSQL (ask PostgreSQL for its size). */
function databaseBytes(config: Config): number | null {
  if (config.postgresUrl) return null
  let total = 0
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      total += statSync(config.databasePath + suffix).size
    } catch {
      // A WAL that is not there (checkpointed and removed) counts nothing.
    }
  }
  return total
}

/** Free bytes for svc under its data folder, or null when it cannot be read. */
function diskFree(config: Config): number | null {
  try {
    const stats = statfsSync(config.dataDir)
    return stats.bavail * stats.bsize
  } catch {
    return null
  }
}

/** The gauges, each read when scraped. */
function readAtScrape(registers: Registry[], sources: MetricSources): void {
  new Gauge({
    name: 'svc_streams_open',
    help: 'Live record streams open in this process',
    registers,
    collect() {
      this.set(sources.openStreams())
    },
  })
  new Gauge({
    name: 'svc_backup_age_seconds',
    help: 'Seconds since the newest scheduled backup was made (absent until one is, or when none are scheduled)',
    registers,
    collect() {
      const age = sources.backupAgeSeconds()
      if (age === null) this.reset()
      else this.set(age)
    },
  })
  new Gauge({
    name: 'svc_storage_available',
    help: '1 while the database takes writes, 0 while it refuses them (disk full, database down)',
    registers,
    collect() {
      this.set(sources.storage.availability.problem === null ? 1 : 0)
    },
  })
  new Gauge({
    name: 'svc_database_bytes',
    help: 'Size of the SQLite database and its write-ahead log (absent on PostgreSQL)',
    registers,
    collect() {
      const bytes = databaseBytes(sources.config)
      if (bytes === null) this.reset()
      else this.set(bytes)
    },
  })
  new Gauge({
    name: 'svc_disk_free_bytes',
    help: 'Bytes free for svc on the file system of its data folder',
    registers,
    collect() {
      const bytes = diskFree(sources.config)
      if (bytes === null) this.reset()
      else this.set(bytes)
    },
  })
}

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry()
  const registers = [registry]
  const requests = requestSeries(
    registers,
    {
      counter: 'svc_http_requests_total',
      counterHelp: 'Requests answered, by operation (route table name, or other) and status',
      histogram: 'svc_http_request_duration_seconds',
      histogramHelp: 'Time from a request to the start of its answer, by operation',
    },
    LATENCY_BUCKETS,
  )
  const stored = new Counter({
    name: 'svc_records_stored_total',
    help: 'Records committed, spam included',
    registers,
  })
  const storedSpam = new Counter({
    name: 'svc_records_spam_total',
    help: 'Records committed as spam',
    registers,
  })
  const refused = new Counter({
    name: 'svc_records_refused_total',
    help: 'Posts to an endpoint refused, by the error type of the answer',
    labelNames: ['reason'] as const,
    registers,
  })
  const mails = new Counter({
    name: 'svc_mail_total',
    help: 'E-mails handed to the mail server (result="sent") or that failed (result="failed")',
    labelNames: ['result'] as const,
    registers,
  })
  const webhooks = new Counter({
    name: 'svc_webhook_attempts_total',
    help: 'Webhook delivery attempts, by result (ok: a 2xx answer; failed: anything else)',
    labelNames: ['result'] as const,
    registers,
  })
  readAtScrape(registers, sources)
  const outcome = (ok: boolean) => (ok ? 'ok' : 'failed')
  return {
    enabled: true,
    request(route, status, seconds) {
      requests.note(route, status, seconds)
    },
    stored(count, spam) {
      stored.inc(count)
      if (spam > 0) storedSpam.inc(spam)
    },
    refused(reason) {
      refused.inc({ reason })
    },
    mail(sent) {
      mails.inc({ result: sent ? 'sent' : 'failed' })
    },
    webhookAttempt(ok) {
      webhooks.inc({ result: outcome(ok) })
    },
    async scrape() {
      const [own, process] = await Promise.all([registry.metrics(), processMetrics().metrics()])
      return `${own}\n${process}`
    },
  }
}
