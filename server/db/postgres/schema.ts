/**
 * @module The PostgreSQL schema, one file per table group under schema/: the same tables,
 * columns and JS types as the SQLite schema (server/db/sqlite/schema.ts;
 * test/db/schema-parity.test.ts holds the two together). `npm run db:generate` reads this
 * file and turns it into migrations in drizzle/postgres/, which the server applies at
 * start-up under an advisory lock. Times are epoch milliseconds in bigint columns; JSON
 * columns hold JSON text, as on SQLite, so stored JSON goes into responses without a parse.
 */
export * from './schema/accounts.ts'
export * from './schema/apps.ts'
export * from './schema/records.ts'
export * from './schema/assessment.ts'
export * from './schema/smart.ts'
export * from './schema/webhooks.ts'
export * from './schema/files.ts'
export * from './schema/members.ts'
export * from './schema/schedule.ts'
export * from './schema/challenges.ts'
