/**
 * @module The PostgreSQL tables of the assessment modules of an app: scales, report pages, the
 * expert and their comments, and the theme of the fill-in and report pages.
 */
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, millis } from './columns.ts'
import { apps } from './apps.ts'

/**
 * Scoring dimensions of an assessment app. Items and levels are small ordered lists that
 * are always read and written with their scale, so they are JSON text (shapes in
 * server/contract/scales/model.ts). Items point at fields by id, so renaming a field keeps them.
 */
export const scales = pgTable(
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
    updatedAt: millis('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('scales_app_key_idx').on(t.appId, t.key),
    index('scales_app_position_idx').on(t.appId, t.position),
  ],
)

/** The report a respondent sees: ordered pages, each an ordered JSON list of sections. */
export const reportPages = pgTable(
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
    updatedAt: millis('updated_at').notNull(),
  },
  (t) => [index('report_pages_app_position_idx').on(t.appId, t.position)],
)

/** The author's profile shown on reports (one row per app, made on first write). */
export const experts = pgTable('experts', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  name: text('name').notNull().default(''),
  title: text('title').notNull().default(''),
  bio: text('bio').notNull().default(''),
  avatarUrl: text('avatar_url'),
  updatedAt: millis('updated_at').notNull(),
})

/** The expert's advice for one level of one scale. */
export const expertComments = pgTable(
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
    updatedAt: millis('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('expert_comments_scale_level_idx').on(t.scaleId, t.levelKey),
    index('expert_comments_app_idx').on(t.appId),
  ],
)

/** Theme of the fill-in and report pages (one row per app, made on first write); JSON text. */
export const connectThemes = pgTable('connect_themes', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  theme: text('theme').notNull(),
  updatedAt: millis('updated_at').notNull(),
})
