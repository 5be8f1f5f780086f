/**
 * @module The storage's figures an operator watches (server/metrics): how much is waiting to
 * be delivered, how much the files and the database take, and, for the opt-in per-app
 * metrics, each app's record counts. Read at a scrape, never on a request's path.
 */

/** What a scrape reads from the database. */
export interface StorageGauges {
  /** Webhook events not yet delivered: outbox rows not taken up yet, and deliveries still pending. */
  outboxDepth: number
  /** Files kept (pending ones included). */
  files: number
  /** Their bytes, as uploaded. */
  fileBytes: number
  /** The database's size on disk: SQLite's file with its write-ahead log, or PostgreSQL's `pg_database_size`. */
  databaseBytes: number
}

/** One app's record counts as its counters hold them (exact, kept at every commit and delete). */
export interface AppTotals {
  appId: string
  /** Records that are not spam. */
  records: number
  spam: number
}

export interface GaugeStore {
  read(): Promise<StorageGauges>
  /** The counts of up to `limit` apps, in app id order. */
  perApp(limit: number): Promise<AppTotals[]>
}
