/**
 * @module The storage of webhook subscriptions and their outbox (core/webhooks): the
 * interface core calls (sqlite/webhooks.ts, postgres/webhooks.ts) and its plain row types.
 * Outbox rows of `record.created` are written by the group commit itself (RecordJob's
 * `webhooks` flag), those of `record.deleted` by the delete unit and those of
 * `app.published`/`app.unpublished` by the share store, each in the transaction that makes
 * the event: an event is in the outbox exactly when its change committed. A claim moves
 * them into deliveries before anything is sent.
 */

/** A subscription as stored; the secret stays sealed. */
export interface WebhookRow {
  id: string
  appId: string
  url: string
  /** JSON text: an array of event names. */
  events: string
  secretCipher: string
  enabled: boolean
  disabledReason: string | null
  /** Failed attempts since the last success. */
  failures: number
  createdAt: number
  updatedAt: number
}

export type DeliveryStatus = 'pending' | 'delivered' | 'dead'

/** One event for one subscription: the outbox row and what its latest attempt got. */
export interface DeliveryRow {
  id: string
  webhookId: string
  appId: string
  event: string
  subject: string
  payload: string | null
  /** Records the payload carries (0 for the app events). */
  records: number
  status: DeliveryStatus
  attempts: number
  nextAt: number
  leaseUntil: number | null
  lastStatus: number | null
  lastError: string | null
  lastLatencyMs: number | null
  lastResponse: string | null
  createdAt: number
  updatedAt: number
}

/** A claimed delivery with where and how to send it. */
export interface ClaimedDelivery extends DeliveryRow {
  url: string
  secretCipher: string
}

/** What an attempt got (null status: no HTTP answer). */
export interface AttemptOutcome {
  status: number | null
  error: string | null
  latencyMs: number
  response: string | null
}

/** What to do with a delivery after an attempt. */
export type AttemptNext =
  | { status: 'delivered' }
  | { status: 'pending'; nextAt: number }
  /** Given up. `disableAfter`: switch the subscription off when it has failed this many attempts since its last success. */
  | { status: 'dead'; disableAfter: number; reason: string }

/** One attempt to store. */
export interface FinishedAttempt {
  id: string
  outcome: AttemptOutcome
  next: AttemptNext
}

/** Subscription fields to change; those left out stay. */
export interface WebhookChanges {
  url?: string
  events?: string
  enabled?: boolean
  secretCipher?: string
}

export interface WebhookStore {
  /** The app's subscriptions, oldest first. */
  list(appId: string): Promise<WebhookRow[]>
  one(appId: string, id: string): Promise<WebhookRow | null>
  /** Whether the app has an enabled subscription (the group commit writes outbox rows only then). */
  anyEnabled(appId: string): Promise<boolean>
  /** Stores a subscription; tells caches (`webhooks`). */
  create(row: WebhookRow): Promise<void>
  /** Changes a subscription (enabling it again clears its failures); the row after, or null when there is none. Tells caches. */
  update(appId: string, id: string, changes: WebhookChanges, now: number): Promise<WebhookRow | null>
  /** Deletes a subscription with its deliveries; whether there was one. Tells caches. */
  remove(appId: string, id: string): Promise<boolean>
  /**
   * Moves the outbox into deliveries (merged, outbox-batch.ts: from then on each delivery's
   * id and payload are fixed), then takes up to `limit` due deliveries (pending, `nextAt` ≤
   * now, no live lease, their subscription enabled) and leases them until `leaseUntil`, so
   * no other worker takes them meanwhile. Resolves only once the rows are durable (SQLite's
   * deferred WAL sync): nothing is sent that a crash could still take back.
   */
  claim(now: number, leaseUntil: number, limit: number): Promise<ClaimedDelivery[]>
  /**
   * Stores attempts and what follows each, in one transaction; for `dead`, may switch the
   * subscription off. Resolves with the subscriptions this switched off.
   */
  finish(attempts: FinishedAttempt[], now: number): Promise<{ disabled: string[] }>
  /** The subscription's deliveries, newest first (the outbox moved into deliveries first, so every event shows). */
  deliveries(webhookId: string, limit: number): Promise<DeliveryRow[]>
  /**
   * Makes a delivery of the subscription due now; a dead one gets `attemptsLeft` more
   * attempts. The row after, or null when there is none.
   */
  retry(webhookId: string, id: string, attempts: number, now: number): Promise<DeliveryRow | null>
  /**
   * Notification mails of an e-mail subscription sent since `since` (deliveries delivered
   * with status 250: one per mail, a digest's carrier only) and when the oldest of them went.
   */
  mailsSince(webhookId: string, since: number): Promise<{ count: number; oldest: number | null }>
  /** Deletes delivered and dead deliveries last touched before `before` (the log's retention). */
  prune(before: number): Promise<void>
  /** The soonest `nextAt` (or lease end) of a pending delivery, for the worker's sleep (0 while the outbox holds events); null when none. */
  nextDue(): Promise<number | null>
}
