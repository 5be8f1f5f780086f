/**
 * @module The SQLite tables of webhooks both ways: subscriptions, their outbox and deliveries,
 * and the senders whose signed deliveries an endpoint verifies.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { createdAt } from './columns.ts'
import { apps } from './apps.ts'

/**
 * Webhook subscriptions of an app (core/webhooks): where to send which events, signed with
 * a secret kept sealed (the owner sees it once). `failures` counts failed attempts since the
 * last success; a subscription that failed a whole retry window is switched off
 * (`enabled` false, `disabledReason` says why) and its owner told.
 */
export const webhooks = sqliteTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** JSON array of event names. */
    events: text('events').notNull(),
    secretCipher: text('secret_cipher').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    disabledReason: text('disabled_reason'),
    failures: integer('failures').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('webhooks_app_idx').on(t.appId)],
)

/**
 * The webhook outbox: the events not yet taken up by a delivery worker, one row per event (a
 * record event: per batch of records) and subscription listening to it, appended in the
 * transaction that makes the event (records committed, deleted, an app published). Append
 * only, with no index but its order, so a commit adds one page to it. The worker moves rows
 * into `webhook_deliveries` before sending anything, merging those of one subscription and
 * record event into small batches (storage/outbox-batch.ts); `id` is the delivery id (the
 * `webhook-id`) a row becomes when not merged into another.
 */
export const webhookOutbox = sqliteTable('webhook_outbox', {
  seq: integer('seq').primaryKey(),
  id: text('id').notNull(),
  webhookId: text('webhook_id')
    .notNull()
    .references(() => webhooks.id, { onDelete: 'cascade' }),
  appId: text('app_id').notNull(),
  event: text('event').notNull(),
  /** The record (a batch's first) or app the event is about. */
  subject: text('subject').notNull(),
  /** JSON text the event carries (a record event's array of records); null for none. */
  payload: text('payload'),
  /** How many records the payload carries (0 for the app events). */
  records: integer('records').notNull(),
  createdAt: createdAt(),
})

/**
 * The deliveries and their log: one row per delivery, moved here from `webhook_outbox` by a
 * worker, its id and payload fixed from then on. `id` is the `webhook-id` header, the same on
 * every attempt. A worker claims a due row by setting `leaseUntil`; a lease that ran out
 * (the process died) makes it due again. The `last*` columns describe the latest attempt.
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    event: text('event').notNull(),
    /** The record (a batch's first) or app the event is about. */
    subject: text('subject').notNull(),
    /** JSON text the event carries (a record event's array of records, storage/outbox-batch.ts); null for none. */
    payload: text('payload'),
    /** How many records the payload carries (0 for the app events). */
    records: integer('records').notNull().default(0),
    /** pending, delivered or dead. */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAt: integer('next_at').notNull(),
    leaseUntil: integer('lease_until'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    lastLatencyMs: integer('last_latency_ms'),
    lastResponse: text('last_response'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAt),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
  ],
)

/**
 * An app's senders (core/senders): third parties whose signed webhook deliveries its
 * endpoint verifies, each with its signing secret sealed under the server's key.
 */
export const senders = sqliteTable(
  'senders',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    secretCipher: text('secret_cipher').notNull(),
    require: integer('require', { mode: 'boolean' }).notNull().default(false),
    /** JSON object of the kind's options (hmac: header, encoding, prefix). */
    options: text('options').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('senders_app_name_idx').on(t.appId, t.name)],
)
