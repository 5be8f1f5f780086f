/**
 * Migrations never damage data: one that fails part-way leaves the database as it was (its
 * first statements undone, nothing recorded) with the failing statement named, and a start on
 * a database a newer svc migrated is refused, changing nothing, with a message saying what to
 * do. On SQLite, and on PostgreSQL on every run (the run's server, else a cluster of its own).
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { SQL } from 'bun'
import { VERSION } from '../../server/contract/version.ts'
import { openStore } from '../../server/db/sqlite/connection.ts'
import { MIGRATIONS_FOLDER, migrateStore } from '../../server/db/sqlite/migrate.ts'
import { migratePostgres, PG_MIGRATIONS_FOLDER } from '../../server/db/postgres/migrate.ts'
import { migrationsWithOneMore } from '../support/migrations.ts'
import { postgresDatabases, postgresUnavailable } from '../support/postgres-database.ts'
import { tempDir } from '../support/tmp.ts'

const T = 1_767_225_600_000
const BROKEN = [
  'CREATE TABLE "later_notes" ("id" text PRIMARY KEY NOT NULL)',
  'INSERT INTO "no_such_table" ("id") VALUES (\'x\')',
]
const LATER = ['CREATE TABLE "later_notes" ("id" text PRIMARY KEY NOT NULL)']

/** The message a start on a newer database fails with, for the folder it knows. */
const newer = (applied: number, known: number) =>
  `the database was migrated by a newer svc (its schema is of ${new Date(applied).toISOString()}; svc ${VERSION} knows migrations up to ${new Date(known).toISOString()}). Nothing was changed: run that newer svc again, or restore a backup made before the upgrade with this one`

const journalWhen = async (folder: string) => {
  const journal = (await Bun.file(join(folder, 'meta', '_journal.json')).json()) as { entries: { when: number }[] }
  return journal.entries.at(-1)!.when
}

describe('SQLite', () => {
  const migrated = () => {
    const store = openStore(join(tempDir('svc-migrate-safety-'), 'svc.db'))
    migrateStore(store)
    store.sqlite.run('INSERT INTO users (id, email, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', [
      'u1',
      'owner@example.com',
      'owner',
      T,
      T,
    ])
    return store
  }
  const state = (store: ReturnType<typeof openStore>) => ({
    migrations: store.sqlite.query('SELECT hash, created_at FROM "__drizzle_migrations" ORDER BY id').all(),
    tables: store.sqlite.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all(),
    users: store.sqlite.query('SELECT id, email FROM users').all(),
  })

  test('a migration that fails part-way leaves the database as it was', () => {
    const store = migrated()
    const before = state(store)
    const folder = migrationsWithOneMore(MIGRATIONS_FOLDER, '9999_broken', BROKEN)
    expect(() => migrateStore(store, folder)).toThrow(`Failed to run the query '${BROKEN[1]}'`)
    expect(state(store)).toEqual(before)
    expect(migrateStore(store)).toEqual([])
    store.sqlite.close()
  })

  test('a database a newer svc migrated is refused, and left as it was', async () => {
    const store = migrated()
    const later = migrationsWithOneMore(MIGRATIONS_FOLDER, '9999_later', LATER)
    expect(migrateStore(store, later)).toEqual(['9999_later'])
    const before = state(store)
    expect(() => migrateStore(store)).toThrow(newer(await journalWhen(later), await journalWhen(MIGRATIONS_FOLDER)))
    expect(state(store)).toEqual(before)
    store.sqlite.close()
  })
})

if (postgresUnavailable) console.warn(`skipping the migration safety tests on PostgreSQL: ${postgresUnavailable}`)
describe.skipIf(postgresUnavailable !== null)('PostgreSQL', () => {
  const databases = postgresDatabases()
  afterAll(() => databases.stop())
  const migrated = async () => {
    const client = new SQL({ url: await databases.create({ migrated: false }), max: 2 })
    await migratePostgres(client)
    await client`INSERT INTO users (id, email, name, created_at, updated_at) VALUES ('u1', 'owner@example.com', 'owner', ${T}, ${T})`
    return client
  }
  const state = async (client: SQL) => ({
    migrations: await client`SELECT hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY id`,
    tables:
      await client`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    users: await client`SELECT id, email FROM users`,
  })

  test('a migration that fails part-way leaves the database as it was', async () => {
    const client = await migrated()
    try {
      const before = await state(client)
      const folder = migrationsWithOneMore(PG_MIGRATIONS_FOLDER, '9999_broken', BROKEN)
      await expect(migratePostgres(client, folder)).rejects.toThrow(`Failed query: ${BROKEN[1]}\nparams: `)
      expect(await state(client)).toEqual(before)
      expect(await migratePostgres(client)).toEqual([])
    } finally {
      await client.close()
    }
  })

  test('a database a newer svc migrated is refused, and left as it was', async () => {
    const client = await migrated()
    try {
      const later = migrationsWithOneMore(PG_MIGRATIONS_FOLDER, '9999_later', LATER)
      expect(await migratePostgres(client, later)).toEqual(['9999_later'])
      const before = await state(client)
      const message = newer(await journalWhen(later), await journalWhen(PG_MIGRATIONS_FOLDER))
      await expect(migratePostgres(client)).rejects.toThrow(message)
      expect(await state(client)).toEqual(before)
    } finally {
      await client.close()
    }
  })
})
