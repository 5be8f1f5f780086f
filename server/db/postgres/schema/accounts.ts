/**
 * @module The PostgreSQL tables of accounts and how they log in: users, sessions, access
 * tokens, e-mail codes and their sends, the log-in throttles and pause notices, alerts to the
 * owner, e-mail changes.
 */
import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { createdAt, jsonList, millis } from './columns.ts'

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  /** Lower-cased and trimmed. */
  email: text('email').notNull().unique(),
  name: text('name').notNull().default(''),
  /** argon2id via Bun.password; null for accounts that log in by code or token only. */
  passwordHash: text('password_hash'),
  createdAt: createdAt(),
  updatedAt: millis('updated_at').notNull(),
})

/** Admin-page sessions; `id` is the SHA-256 of the cookie value. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: millis('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** Personal access tokens (`svc_pat_…`); only the SHA-256 is kept. */
export const accessTokens = pgTable(
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
    lastUsedAt: millis('last_used_at'),
    /** The address of the token's last use: a use from another one goes in the audit log. */
    lastAddress: text('last_address'),
    /** JSON array of scopes (contract/access/roles.ts); null: every scope (tokens made before scopes). */
    scopes: jsonList('scopes'),
    /** JSON array of app ids the token is limited to; null: every app of its account. */
    apps: jsonList('apps'),
    /** When the token stops working; null: never. */
    expiresAt: millis('expires_at'),
    /** When the e-mail saying it expires soon went out. */
    expiryNoticeAt: millis('expiry_notice_at'),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
)

/**
 * The live e-mail login code of an address, one per client asking (the `client` column of
 * core/auth/client-key.ts): a code works only for the client that asked for it, so a
 * stranger's request or wrong tries never replace or use up the owner's code.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    email: text('email').notNull(),
    client: text('client').notNull().default(''),
    codeHash: text('code_hash').notNull(),
    expiresAt: millis('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.email, t.client] })],
)

/** When codes were sent, for the hourly cap per address and client. */
export const emailCodeSends = pgTable(
  'email_code_sends',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    client: text('client').notNull().default(''),
    sentAt: millis('sent_at').notNull(),
  },
  (t) => [index('email_code_sends_email_client_idx').on(t.email, t.client, t.sentAt)],
)

/**
 * What happened to an account's access that its owner is mailed about (core/auth/alerts.ts):
 * kept until the batched mail went out; `leaseUntil` while a process is sending it.
 */
export const accountAlerts = pgTable(
  'account_alerts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The alert as JSON (kind and what it names). */
    detail: text('detail').notNull(),
    createdAt: createdAt(),
    leaseUntil: millis('lease_until'),
  },
  (t) => [index('account_alerts_user_idx').on(t.userId, t.createdAt)],
)

/**
 * Failed password log-ins per address and client, for the throttle (core/auth/login-throttle.ts).
 * A table, not memory: every svc process sharing a database counts the same failures.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    client: text('client').notNull().default(''),
    at: millis('at').notNull(),
  },
  (t) => [index('login_failures_email_client_idx').on(t.email, t.client, t.at)],
)

/**
 * Wrong e-mail login codes per account, whatever the client: past the daily cap, code login
 * for that address pauses (password log-in and sessions go on), so no spread of client
 * addresses can guess a code.
 */
export const codeFailures = pgTable(
  'code_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    at: millis('at').notNull(),
  },
  (t) => [index('code_failures_email_idx').on(t.email, t.at)],
)

/**
 * When the owner was last told that log-in by code paused for the account (too many code
 * e-mails or wrong codes from anywhere): at most one such e-mail per account and window.
 */
export const codePauseNotices = pgTable('code_pause_notices', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sentAt: millis('sent_at').notNull(),
})

/**
 * An e-mail change waiting for its confirmation: it takes effect only when the link sent to
 * the new address comes back (`tokenHash` is the SHA-256 of that link's token).
 */
export const emailChanges = pgTable('email_changes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: millis('expires_at').notNull(),
  createdAt: createdAt(),
})
