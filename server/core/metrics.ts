/**
 * @module What the server counts for its metrics (server/metrics/ keeps them and answers
 * GET /metrics). Core and HTTP call these; when no metrics are configured (neither
 * SVC_METRICS_TOKEN nor SVC_METRICS_ADDR) the context holds `NO_METRICS`, whose calls do
 * nothing, so the ingest path pays nothing for a feature that is off.
 */

/** The events the metrics count, labelled only by bounded sets (route names, statuses, error types). */
export interface Metrics {
  /** True when something scrapes them: callers may skip work (a clock read) otherwise. */
  readonly enabled: boolean
  /** A request answered: its operation (or `other`), its status and how long until its answer began. */
  request(route: string, status: number, seconds: number): void
  /** Records committed (acknowledged) by the writer; `spam` marks those stored as spam. */
  stored(count: number, spam: number): void
  /** A post refused, by the error type of its answer. */
  refused(reason: string): void
  /** An e-mail handed to the mail server, or one that failed. */
  mail(sent: boolean): void
  /** A webhook delivery attempt and whether it got a 2xx. */
  webhookAttempt(ok: boolean): void
  /** The exposition text (the Prometheus text format); '' when none are kept. */
  scrape(): Promise<string>
}

/** The metrics of a server that keeps none. */
export const NO_METRICS: Metrics = {
  enabled: false,
  request() {},
  stored() {},
  refused() {},
  mail() {},
  webhookAttempt() {},
  scrape: async () => '',
}
