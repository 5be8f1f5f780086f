/**
 * @module The SQLite schema. `npm run db:generate` turns it into SQL migrations in
 * drizzle/sqlite/ (and the PostgreSQL twin, server/db/postgres/schema.ts, into
 * drizzle/postgres/; test/db/schema-parity.test.ts holds the two together), which the
 * server applies at start-up. Times are epoch milliseconds; JSON columns hold JSON text.
 */
import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import type { ReadAccess } from '../../contract/share/reads.ts'

const createdAt = () => integer('created_at').notNull()

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  /** Lower-cased and trimmed. */
  email: text('email').notNull().unique(),
  name: text('name').notNull().default(''),
  /** argon2id via Bun.password; null for accounts that log in by code or token only. */
  passwordHash: text('password_hash'),
  createdAt: createdAt(),
  updatedAt: integer('updated_at').notNull(),
})

/** Admin-page sessions; `id` is the SHA-256 of the cookie value. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** Personal access tokens (`svc_pat_…`); only the SHA-256 is kept. */
export const accessTokens = sqliteTable(
  'access_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** First characters of the token, shown in lists so a person can tell tokens apart. */
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at'),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
)

/**
 * The live e-mail login code of an address, one per client asking (the `client` column of
 * core/auth/client-key.ts): a code works only for the client that asked for it, so a
 * stranger's request or wrong tries never replace or use up the owner's code.
 */
export const emailCodes = sqliteTable(
  'email_codes',
  {
    email: text('email').notNull(),
    client: text('client').notNull().default(''),
    codeHash: text('code_hash').notNull(),
    expiresAt: integer('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.email, t.client] })],
)

/** When codes were sent, for the hourly cap per address and client. */
export const emailCodeSends = sqliteTable(
  'email_code_sends',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    client: text('client').notNull().default(''),
    sentAt: integer('sent_at').notNull(),
  },
  (t) => [index('email_code_sends_email_client_idx').on(t.email, t.client, t.sentAt)],
)

/**
 * Failed password log-ins per address and client, for the throttle (core/auth/login-throttle.ts).
 * A table, not memory: every svc process sharing a database counts the same failures.
 */
/**
 * What happened to an account's access that its owner is mailed about (core/auth/alerts.ts):
 * kept until the batched mail went out; `leaseUntil` while a process is sending it.
 */
export const accountAlerts = sqliteTable(
  'account_alerts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The alert as JSON (kind and what it names). */
    detail: text('detail').notNull(),
    createdAt: createdAt(),
    leaseUntil: integer('lease_until'),
  },
  (t) => [index('account_alerts_user_idx').on(t.userId, t.createdAt)],
)

export const loginFailures = sqliteTable(
  'login_failures',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    client: text('client').notNull().default(''),
    at: integer('at').notNull(),
  },
  (t) => [index('login_failures_email_client_idx').on(t.email, t.client, t.at)],
)

/**
 * Wrong e-mail login codes per account, whatever the client: past the daily cap, code login
 * for that address pauses (password log-in and sessions go on), so no spread of client
 * addresses can guess a code.
 */
export const codeFailures = sqliteTable(
  'code_failures',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [index('code_failures_email_idx').on(t.email, t.at)],
)

/**
 * When the owner was last told that log-in by code paused for the account (too many code
 * e-mails or wrong codes from anywhere): at most one such e-mail per account and window.
 */
export const codePauseNotices = sqliteTable('code_pause_notices', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sentAt: integer('sent_at').notNull(),
})

/**
 * An e-mail change waiting for its confirmation: it takes effect only when the link sent to
 * the new address comes back (`tokenHash` is the SHA-256 of that link's token).
 */
export const emailChanges = sqliteTable('email_changes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: integer('expires_at').notNull(),
  createdAt: createdAt(),
})

/** An app is a form: defined fields, an endpoint, records, and the assessment modules. */
export const apps = sqliteTable(
  'apps',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('apps_owner_idx').on(t.ownerId, t.createdAt, t.id)],
)

export const fields = sqliteTable(
  'fields',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    label: text('label').notNull().default(''),
    required: integer('required', { mode: 'boolean' }).notNull().default(false),
    /** JSON array of strings for choice types, else null. */
    options: text('options'),
    position: integer('position').notNull(),
    /** True when the field was created by a submission rather than by the owner. */
    autoCreated: integer('auto_created', { mode: 'boolean' }).notNull().default(false),
    /**
     * True while a field made by an anonymous submission waits for the owner to accept it:
     * proposed fields are stored and read back, but never shown on hosted pages or snippets.
     */
    proposed: integer('proposed', { mode: 'boolean' }).notNull().default(false),
    /** The client (address, /64 for IPv6) whose submission proposed the field, for the hourly budget. */
    proposedBy: text('proposed_by'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('fields_app_name_idx').on(t.appId, t.name),
    index('fields_app_proposer_idx').on(t.appId, t.proposedBy, t.createdAt),
    index('fields_app_position_idx').on(t.appId, t.position),
  ],
)

/**
 * The catalogue of an app's *unlisted keys*: keys strangers' records hold that became no
 * field (past the proposal budgets), with when they were first and last posted. Bounded per
 * app (LIMITS.maxUnlistedKeys); keys past it are still stored in their records. Not a
 * field: on no public surface; the owner sees and may accept them (core/fields/unlisted.ts).
 */
export const unlistedKeys = sqliteTable(
  'unlisted_keys',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    firstSeen: integer('first_seen').notNull(),
    lastSeen: integer('last_seen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.name] })],
)

/**
 * Share settings and the collection endpoint of an app (one row per app, made with it).
 * The endpoint token is looked up by hash; `tokenCipher` lets the owner see the URL again.
 */
export const endpoints = sqliteTable('endpoints', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').unique(),
  tokenCipher: text('token_cipher'),
  published: integer('published', { mode: 'boolean' }).notNull().default(false),
  /** Writes (POST) switch. */
  service: integer('service', { mode: 'boolean' }).notNull().default(true),
  /** Who reads /query and /summary with the token alone: `off` (the owner only), `summary` or `records`. */
  reads: text('reads').$type<ReadAccess>().notNull().default('off'),
  autoCreate: integer('auto_create', { mode: 'boolean' }).notNull().default(true),
  honeypot: text('honeypot').notNull().default('_gotcha'),
  /** `20/s,100`, `off`, or null for the server default. */
  rateLimit: text('rate_limit'),
  /** JSON array of origins `_redirect` may point to. */
  redirectOrigins: text('redirect_origins').notNull().default('[]'),
  /** What the hosted thank-you page says after a form post; '' for the default sentence. */
  thankYouMessage: text('thank_you_message').notNull().default(''),
  /** Where a browser goes after a form post instead of the hosted thank-you page; null for that page. */
  thankYouUrl: text('thank_you_url'),
  /** The hosted thank-you page offers "Submit another response". */
  submitAnother: integer('submit_another', { mode: 'boolean' }).notNull().default(true),
  /** The public summary leaves out values fewer respondents than this gave (never below 3). */
  summaryMinRespondents: integer('summary_min_respondents').notNull().default(5),
  publishedAt: integer('published_at'),
  createdAt: createdAt(),
  updatedAt: integer('updated_at').notNull(),
})

/**
 * Records. `seq` numbers an app's records 1, 2, 3… in insertion order and `pos` numbers
 * its non-spam records the same way (null for spam), so page N is a key range, not an
 * OFFSET scan. Deleting records renumbers the app's later rows. `serial` is the record's
 * place in its app's live stream (server/live): handed out at commit from `app_stats.serial`,
 * it only grows, and is never renumbered or used again. It has no index of its own (one
 * cost a tenth of ingest): serials and seqs of an app rise together, so a live read walks
 * the seq index (storage/records.ts `live`).
 */
export const records = sqliteTable(
  'records',
  {
    rowid: integer('rowid').primaryKey(),
    id: text('id').notNull().unique(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    pos: integer('pos'),
    serial: integer('serial').notNull().default(0),
    spam: integer('spam', { mode: 'boolean' }).notNull().default(false),
    /** The record's data object as JSON text, exactly as stored. */
    data: text('data').notNull(),
    /** `{source?, timestamp?}` as JSON text. */
    meta: text('meta').notNull().default('{}'),
    /** Scores per scale as JSON text, computed at submission (assessment apps). */
    scores: text('scores'),
    /** SHA-256 of the respondent's report key (assessment apps). */
    reportKeyHash: text('report_key_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('records_app_seq_idx').on(t.appId, t.seq),
    uniqueIndex('records_app_pos_idx').on(t.appId, t.pos).where(sql`${t.pos} is not null`),
    // Pages of spam only (`?spam=only`) walk this small index instead of every record.
    uniqueIndex('records_app_spam_seq_idx').on(t.appId, t.seq).where(sql`${t.spam} = 1`),
  ],
)

/**
 * The history of the owner's edits of a record (core/records/history.ts): one row per edit,
 * numbered 1, 2, 3… per record; an edit drops the rows older than the newest
 * `LIMITS.recordHistoryKept`. Deleting the record deletes its history.
 */
export const recordEdits = sqliteTable(
  'record_edits',
  {
    recordId: text('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    /** The account that made the edit, and its e-mail address at the time. */
    userId: text('user_id').notNull(),
    author: text('author').notNull(),
    /** The fields changed, from what to what, as JSON text. */
    changes: text('changes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.recordId, t.n] })],
)

/**
 * The answers of ingest requests sent with an `Idempotency-Key` (core/collect/idempotency.ts):
 * written in the transaction that commits the records, so a retry after a lost answer gets
 * the same ids and never a duplicate. Kept 24 hours.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of what was submitted: the same key with other records is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** The record ids the first request was answered with, as a JSON array. */
    ids: text('ids').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
)

/**
 * Aggregates per app, kept current at insert so /summary never rescans records:
 * counters plus a JSON document of per-field and per-day aggregates.
 */
export const appStats = sqliteTable('app_stats', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  /** Last `seq` handed out. */
  seq: integer('seq').notNull().default(0),
  /** Last `serial` handed out: it only grows (deleting records never lowers it). */
  serial: integer('serial').notNull().default(0),
  /**
   * Bumped whenever records are renumbered or rescored (deletion, rescore): a summary kept by
   * a process for an older generation must be reloaded, not extended.
   */
  generation: integer('generation').notNull().default(0),
  /** Non-spam records (= last `pos`). */
  kept: integer('kept').notNull().default(0),
  spam: integer('spam').notNull().default(0),
  firstAt: integer('first_at'),
  lastAt: integer('last_at'),
  /** JSON aggregates (per field, per day); shape owned by server/core/records/stats. */
  aggregates: text('aggregates').notNull().default('{}'),
  updatedAt: integer('updated_at').notNull(),
})

/**
 * Scoring dimensions of an assessment app. Items and levels are small ordered lists that
 * are always read and written with their scale, so they are JSON text (shapes in
 * server/contract/scales/model.ts). Items point at fields by id, so renaming a field keeps them.
 */
export const scales = sqliteTable(
  'scales',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    /** Slug used in placeholders, score objects and CSV columns; unique per app. */
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** `sum` or `mean`. */
    method: text('method').notNull().default('sum'),
    items: text('items').notNull().default('[]'),
    levels: text('levels').notNull().default('[]'),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('scales_app_key_idx').on(t.appId, t.key),
    index('scales_app_position_idx').on(t.appId, t.position),
  ],
)

/** The report a respondent sees: ordered pages, each an ordered JSON list of sections. */
export const reportPages = sqliteTable(
  'report_pages',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    sections: text('sections').notNull().default('[]'),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('report_pages_app_position_idx').on(t.appId, t.position)],
)

/** The author's profile shown on reports (one row per app, made on first write). */
export const experts = sqliteTable('experts', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  name: text('name').notNull().default(''),
  title: text('title').notNull().default(''),
  bio: text('bio').notNull().default(''),
  avatarUrl: text('avatar_url'),
  updatedAt: integer('updated_at').notNull(),
})

/** The expert's advice for one level of one scale. */
export const expertComments = sqliteTable(
  'expert_comments',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    scaleId: text('scale_id')
      .notNull()
      .references(() => scales.id, { onDelete: 'cascade' }),
    levelKey: text('level_key').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('expert_comments_scale_level_idx').on(t.scaleId, t.levelKey),
    index('expert_comments_app_idx').on(t.appId),
  ],
)

/** Theme of the fill-in and report pages (one row per app, made on first write); JSON text. */
export const connectThemes = sqliteTable('connect_themes', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  theme: text('theme').notNull(),
  updatedAt: integer('updated_at').notNull(),
})

/**
 * Plans made by smart generation (server/smart). `plan` is the validated plan
 * document; `execution` records what executing it has done so far per module (JSON), so
 * a re-run after a failure resumes instead of duplicating.
 */
export const smartPlans = sqliteTable(
  'smart_plans',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who wrote the plan (PLAN_AUTHORS): `builtin`, `llm` (builtin when it fell back), `instrument` or `caller`. */
    planner: text('planner').notNull(),
    plan: text('plan').notNull(),
    execution: text('execution'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('smart_plans_owner_idx').on(t.ownerId, t.createdAt)],
)

/** Planning jobs: status and progress of turning an instruction into a plan. */
export const smartJobs = sqliteTable(
  'smart_jobs',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instruction: text('instruction').notNull(),
    planner: text('planner').notNull(),
    /** queued, running, succeeded, failed or cancelled. */
    status: text('status').notNull(),
    stage: text('stage').notNull(),
    percent: integer('percent').notNull().default(0),
    /** JSON array of progress messages, oldest first. */
    messages: text('messages').notNull().default('[]'),
    planId: text('plan_id').references(() => smartPlans.id, { onDelete: 'set null' }),
    /** JSON `{type, message}` when the job failed. */
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
    finishedAt: integer('finished_at'),
    /** The svc process running the job (random per process start); null when none runs it. */
    runner: text('runner'),
    /** When the runner last said it is alive; a job whose heartbeat is stale is taken over by another process. */
    heartbeatAt: integer('heartbeat_at'),
  },
  (t) => [index('smart_jobs_owner_idx').on(t.ownerId)],
)

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
    /** The record or app the event is about. */
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
