/**
 * @module The PostgreSQL tables of webhooks both ways: subscriptions, their outbox and
 * deliveries, and the senders whose signed deliveries an endpoint verifies.
 */
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, millis } from './columns.ts'
import { apps } from './apps.ts'

/** Webhook subscriptions of an app (see the SQLite schema). */
export const webhooks = pgTable(
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
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    failures: integer('failures').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: millis('updated_at').notNull(),
  },
  (t) => [index('webhooks_app_idx').on(t.appId)],
)

/** The events not yet taken up by a delivery worker (see the SQLite schema). */
export const webhookOutbox = pgTable('webhook_outbox', {
  seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  id: text('id').notNull(),
  webhookId: text('webhook_id')
    .notNull()
    .references(() => webhooks.id, { onDelete: 'cascade' }),
  appId: text('app_id').notNull(),
  event: text('event').notNull(),
  subject: text('subject').notNull(),
  payload: text('payload'),
  records: integer('records').notNull(),
  createdAt: createdAt(),
})

/** The deliveries and their log (see the SQLite schema). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    event: text('event').notNull(),
    subject: text('subject').notNull(),
    payload: text('payload'),
    records: integer('records').notNull().default(0),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAt: millis('next_at').notNull(),
    leaseUntil: millis('lease_until'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    lastLatencyMs: integer('last_latency_ms'),
    lastResponse: text('last_response'),
    createdAt: createdAt(),
    updatedAt: millis('updated_at').notNull(),
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
export const senders = pgTable(
  'senders',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    secretCipher: text('secret_cipher').notNull(),
    require: boolean('require').notNull().default(false),
    /** JSON object of the kind's options (hmac: header, encoding, prefix). */
    options: text('options').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('senders_app_name_idx').on(t.appId, t.name)],
)
