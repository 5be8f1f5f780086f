/**
 * @module The metrics of one server, kept with prom-client and written in the Prometheus
 * text format. Counters are bumped as things happen (core's `Metrics`), the request counter
 * and latency histogram as plain numbers read at the scrape (request-series.ts); gauges are
 * read when scraped (scrape-gauges.ts). The process's
 * own figures (memory, CPU, event-loop delay, open files) come from prom-client's default
 * collectors, kept once per process since they describe it, not a server.
 *
 * Labels are route names, statuses and error types only: no app or user ids by default (a
 * label per app grows with the apps). The operator who wants them turns on the per-app
 * gauges (SVC_METRICS_PER_APP), capped at PER_APP_LIMIT apps.
 */
import { Counter, collectDefaultMetrics, Registry } from 'prom-client'
import type { Metrics } from '../core/metrics.ts'
import { requestSeries } from './request-series.ts'
import { type MetricSources, scrapeGauges } from './scrape-gauges.ts'

export type { MetricSources } from './scrape-gauges.ts'

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
  const gauges = scrapeGauges(registers, sources)
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
      await gauges.read()
      const [own, process] = await Promise.all([registry.metrics(), processMetrics().metrics()])
      return `${own}\n${process}`
    },
  }
}
