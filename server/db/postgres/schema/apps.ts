/**
 * @module The PostgreSQL tables of apps and what defines one: the app, its fields, the
 * catalogue of its unlisted keys, and its endpoint and share settings.
 */
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { ReadAccess } from '../../../contract/share/reads.ts'
import { type ChallengeMode, DEFAULT_CHALLENGE_DIFFICULTY } from '../../../contract/share/challenge.ts'
import { createdAt, millis } from './columns.ts'
import { users } from './accounts.ts'

/** An app is a form: defined fields, an endpoint, records, and the assessment modules. */
export const apps = pgTable(
  'apps',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: millis('updated_at').notNull(),
  },
  (t) => [index('apps_owner_idx').on(t.ownerId, t.createdAt, t.id)],
)

export const fields = pgTable(
  'fields',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    label: text('label').notNull().default(''),
    required: boolean('required').notNull().default(false),
    /** JSON array of strings for choice types, else null. */
    options: text('options'),
    /** JSON object of the type's own settings (a file field's `{maxFiles, maxSize, accept}`), else null. */
    settings: text('settings'),
    /**
     * JSON object of how the field is asked (help, placeholder, rules, showIf, hidden,
     * prefill, page, translations), keys left out when unset; null when it has none.
     */
    form: text('form'),
    position: integer('position').notNull(),
    /** True when the field was created by a submission rather than by the owner. */
    autoCreated: boolean('auto_created').notNull().default(false),
    /**
     * True while a field made by an anonymous submission waits for the owner to accept it:
     * proposed fields are stored and read back, but never shown on hosted pages or snippets.
     */
    proposed: boolean('proposed').notNull().default(false),
    /** The client (address, /64 for IPv6) whose submission proposed the field, for the hourly budget. */
    proposedBy: text('proposed_by'),
    createdAt: createdAt(),
    updatedAt: millis('updated_at').notNull(),
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
export const unlistedKeys = pgTable(
  'unlisted_keys',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    firstSeen: millis('first_seen').notNull(),
    lastSeen: millis('last_seen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.name] })],
)

/**
 * Share settings and the collection endpoint of an app (one row per app, made with it).
 * The endpoint token is looked up by hash; `tokenCipher` lets the owner see the URL again.
 */
export const endpoints = pgTable('endpoints', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').unique(),
  tokenCipher: text('token_cipher'),
  published: boolean('published').notNull().default(false),
  /** Writes (POST) switch. */
  service: boolean('service').notNull().default(true),
  /** Who reads /query and /summary with the token alone: `off` (the owner only), `summary` or `records`. */
  reads: text('reads').$type<ReadAccess>().notNull().default('off'),
  autoCreate: boolean('auto_create').notNull().default(true),
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
  submitAnother: boolean('submit_another').notNull().default(true),
  /** The public summary leaves out values fewer respondents than this gave (never below 3). */
  summaryMinRespondents: integer('summary_min_respondents').notNull().default(5),
  /** Closed by hand: the page shows the closed text and every ingest route answers 403 `closed`. */
  closed: boolean('closed').notNull().default(false),
  /** Closes once the app holds this many records (spam not counted); null for no limit. */
  closeAfter: integer('close_after'),
  /** Closes at this moment (epoch milliseconds); null for never. */
  closesAt: millis('closes_at'),
  /** What the hosted page says while closed; '' for the default sentence. */
  closedMessage: text('closed_message').notNull().default(''),
  /** One response per browser (a cookie the form post sets). */
  onePerBrowser: boolean('one_per_browser').notNull().default(false),
  /** One response per value of this field (e.g. an e-mail); null for no such limit. */
  uniqueField: text('unique_field'),
  /** The language the form's own texts are in (a tag such as en or pt-BR). */
  language: text('language').notNull().default('en'),
  /** JSON object: the thank-you and closed texts in other languages, by language tag. */
  translations: text('translations').notNull().default('{}'),
  /** JSON object of the form's layout: page titles, languages and translated texts; null when none. */
  formLayout: text('form_layout'),
  /** Records (not spam) older than this many days are deleted, with their files; null keeps them. */
  keepRecordsDays: integer('keep_records_days'),
  /** Spam older than this many days is deleted; null keeps it. */
  keepSpamDays: integer('keep_spam_days'),
  /** JSON object of the content rules a stranger's post is checked against (core/spam/rules.ts); null for none. */
  spamRules: text('spam_rules'),
  /** The same data from the same client within this many seconds is stored once (0: off). */
  dedupeSeconds: integer('dedupe_seconds').notNull().default(600),
  /** JSON posts are deduplicated too (form posts always are while dedupeSeconds is on). */
  dedupeJson: boolean('dedupe_json').notNull().default(false),
  /** Proof-of-work challenge: `off`, `flag` (stored as spam without a solution) or `require` (refused). */
  challenge: text('challenge').$type<ChallengeMode>().notNull().default('off'),
  /** The challenge's difficulty (altcha's maxnumber). */
  challengeDifficulty: integer('challenge_difficulty').notNull().default(DEFAULT_CHALLENGE_DIFFICULTY),
  publishedAt: millis('published_at'),
  createdAt: createdAt(),
  updatedAt: millis('updated_at').notNull(),
})
