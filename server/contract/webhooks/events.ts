/**
 * @module The webhook events, the limits of subscriptions and deliveries, and the retry
 * schedule: constants the code, the `?help` text and the skills documents share.
 *
 * Delivery unit: one delivery per event and subscription; the record events carry a small
 * batch (storage/outbox-batch.ts): the non-spam records of one app that one commit stored,
 * one edit changed or one delete removed, at most OUTBOX_BATCH.records (≈ OUTBOX_BATCH.bytes) a delivery. A
 * quiet form gets a delivery per record. Each delivery has its own stable `webhook-id`;
 * deliveries are at least once and unordered.
 */
/**
 * The most a record event's delivery carries: the stores cut and merge batches by it
 * (db/storage/outbox-batch.ts) and the help texts state it.
 */
export const OUTBOX_BATCH = {
  /** Records one delivery carries at most. */
  records: 100,
  /** Payload bytes past which a batch is closed (JSON text length): 256 KiB. */
  bytes: 262_144,
} as const

/** Events a subscription may listen to. */
export const WEBHOOK_EVENTS = [
  'record.created',
  'record.updated',
  'record.deleted',
  'app.published',
  'app.unpublished',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** What each event means, for help texts. */
export const WEBHOOK_EVENT_MEANING: Record<WebhookEvent, string> = {
  'record.created': 'non-spam records were stored (a delivery carries the records stored together, with their data)',
  'record.updated':
    'the owner corrected a non-spam record (a delivery carries the record as it is now, with the names of the fields changed)',
  'record.deleted': 'non-spam records were deleted (a delivery carries the ids deleted together)',
  'app.published': 'the endpoint was published',
  'app.unpublished': 'the endpoint was unpublished',
}

/** The event `svc-cli share webhook test` sends (never stored). */
export const TEST_EVENT = 'webhook.test'

export const WEBHOOK_LIMITS = {
  /** Subscriptions per app. */
  perApp: 10,
  maxUrlLength: 2000,
  /** An attempt not answered in this long fails. */
  timeoutMs: 10_000,
  /** Deliveries a list shows at most. */
  maxDeliveries: 200,
  /** How long a claimed delivery is held by its worker before another may take it (its process died). */
  leaseMs: 60_000,
  /** How long delivered and dead deliveries stay in the log. */
  keepMs: 7 * 24 * 3_600_000,
  /** Deliveries one worker sends at once. */
  batch: 16,
} as const

/**
 * Waits between attempts (after the 1st, 2nd… failure), each ±20% jitter: ≈ 27.6 h in all,
 * then the delivery is dead. MAX_ATTEMPTS attempts in all.
 */
export const RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1

/**
 * When to try again after `attempts` failed attempts (epoch ms), or null when the delivery
 * is dead. `random` in [0, 1) picks the jitter.
 */
export function nextAttemptAt(attempts: number, now: number, random: () => number = Math.random): number | null {
  if (attempts >= MAX_ATTEMPTS) return null
  const delay = RETRY_DELAYS_MS[attempts - 1]
  return now + Math.round(delay * (0.8 + 0.4 * random()))
}

/** Notification mails per app per hour (notifications.ts); past it, records come in digests. */
export const NOTIFY_PER_HOUR = 10
