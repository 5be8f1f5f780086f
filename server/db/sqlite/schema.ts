/**
 * @module The SQLite schema, one file per table group under schema/. `npm run db:generate`
 * reads this file and turns it into SQL migrations in drizzle/sqlite/ (and the PostgreSQL
 * twin, server/db/postgres/schema.ts, into drizzle/postgres/; test/db/schema-parity.test.ts
 * holds the two together), which the server applies at start-up. Times are epoch
 * milliseconds; JSON columns hold JSON text.
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
