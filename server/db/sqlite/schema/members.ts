/**
 * @module The SQLite tables of working together: an app's members and their roles, the
 * invitations that make them, and the append-only audit log of who did what.
 */
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { createdAt } from './columns.ts'
import { users } from './accounts.ts'
import { apps } from './apps.ts'

/** A person who works on an app beside its owner (`apps.owner_id`), with their role. */
export const appMembers = sqliteTable(
  'app_members',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `viewer`, `editor` or `admin` (contract/access/roles.ts). */
    role: text('role').notNull(),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.userId] }), index('app_members_user_idx').on(t.userId)],
)

/** An invitation to an app: a single-use link whose token is kept as its SHA-256 only. */
export const invitations = sqliteTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    /** Lower-cased and trimmed: only an account with this address may accept. */
    email: text('email').notNull(),
    /** The role accepting gives; `owner` hands the app over. */
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at').notNull(),
    acceptedAt: integer('accepted_at'),
  },
  (t) => [index('invitations_app_idx').on(t.appId, t.createdAt)],
)

/**
 * What was done, by whom, from where: append-only. `account_id` is the account the entry
 * belongs to (the actor, or the account a failed log-in tried); `app_id` the app it touched,
 * kept after the app is gone. `before`/`after` are JSON text of settings, never secrets or
 * record values.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: integer('at').notNull(),
    accountId: text('account_id'),
    appId: text('app_id'),
    /** The acting user; null for a stranger (a failed log-in). */
    actorId: text('actor_id'),
    /** The acting user's e-mail address when it was done. */
    actorEmail: text('actor_email'),
    /** `session`, the access token's name, or `invitation`. */
    via: text('via').notNull(),
    address: text('address').notNull().default(''),
    /** The operation of the route table (`share.update`), or an event (`auth.loginFailed`). */
    action: text('action').notNull(),
    /** What it acted on: a field, a webhook, a member's e-mail address… */
    target: text('target'),
    before: text('before'),
    after: text('after'),
  },
  (t) => [
    index('audit_log_app_idx').on(t.appId, t.at),
    index('audit_log_account_idx').on(t.accountId, t.at),
    index('audit_log_at_idx').on(t.at),
  ],
)
