/**
 * Start-up says when it changed the schema: opening the storage logs one line naming the
 * migrations it applied (all of them on a new database, the newer ones after an upgrade) and
 * nothing when the schema is current. Through the real openStorage and logger, its lines
 * collected by the logger's sink; on PostgreSQL too, on every run.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from '../../server/config.ts'
import { createLogger } from '../../server/core/logger.ts'
import { openStorage } from '../../server/db/open.ts'
import { openStore } from '../../server/db/sqlite/connection.ts'
import { MIGRATIONS_FOLDER, migrateStore } from '../../server/db/sqlite/migrate.ts'
import { PG_MIGRATIONS_FOLDER } from '../../server/db/postgres/migrate.ts'
import { TEST_SECRET } from '../support/backend.ts'
import { migrationsBefore } from '../support/migrations.ts'
import { postgresDatabases, postgresUnavailable } from '../support/postgres-database.ts'
import { tempDir } from '../support/tmp.ts'

const tags = (folder: string) =>
  (
    JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] }
  ).entries.map((entry) => entry.tag)

/** Opens and closes the storage of `env` once; the info lines its start-up logged. */
async function start(env: Record<string, string>): Promise<string[]> {
  const lines: string[] = []
  const log = createLogger('info', (_level, line) => lines.push(line.replace(/^\S+ /, '')))
  const storage = await openStorage(loadConfig(env), Date.now, log)
  await storage.close()
  return lines
}

const line = (applied: string[]) =>
  `INFO  applied ${applied.length} database migration${applied.length === 1 ? '' : 's'} ${JSON.stringify({ migrations: applied, schema: applied.at(-1) })}`

describe('the migration log line (SQLite)', () => {
  test('a new database: every migration named; the next start: no line', async () => {
    const env = { SVC_DATA_DIR: tempDir('svc-migrations-log-') }
    expect(await start(env)).toEqual([line(tags(MIGRATIONS_FOLDER))])
    expect(await start(env)).toEqual([])
  })

  test("an upgrade from a release before proposals names only the migrations it ran; strangers' fields stay accepted", async () => {
    const dataDir = tempDir('svc-migrations-upgrade-')
    const store = openStore(join(dataDir, 'svc.db'))
    const before = migrationsBefore('0008_strangers_post_only')
    expect(migrateStore(store, before)).toEqual(tags(before))
    // A field a stranger's post made before proposals existed.
    const T = 1_767_225_600_000
    store.sqlite.run('INSERT INTO users (id, email, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', [
      'u1',
      'owner@example.com',
      'owner',
      T,
      T,
    ])
    store.sqlite.run('INSERT INTO apps (id, owner_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', [
      'a1',
      'u1',
      'RSVP',
      T,
      T,
    ])
    store.sqlite.run(
      'INSERT INTO fields (id, app_id, name, type, position, auto_created, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ['f1', 'a1', 'city', 'text', 0, 1, T, T],
    )
    store.close()
    const all = tags(MIGRATIONS_FOLDER)
    expect(await start({ SVC_DATA_DIR: dataDir })).toEqual([line(all.slice(all.indexOf('0008_strangers_post_only')))])
    // What the README's upgrade note promises: that field stays accepted, on the form.
    const after = openStore(join(dataDir, 'svc.db'))
    try {
      expect(after.sqlite.query('SELECT name, auto_created, proposed FROM fields').all()).toEqual([
        { name: 'city', auto_created: 1, proposed: 0 },
      ])
    } finally {
      after.close()
    }
  })
})

// On every run: the run's PostgreSQL server, else a cluster this file starts (skipped, saying
// why, only on a machine without PostgreSQL).
if (postgresUnavailable) console.warn(`skipping the migration log line on PostgreSQL: ${postgresUnavailable}`)
describe.skipIf(postgresUnavailable !== null)('the migration log line (PostgreSQL)', () => {
  const databases = postgresDatabases()
  afterAll(() => databases.stop())

  test('a new database: every migration named; the next start: no line', async () => {
    const env = { DATABASE_URL: await databases.create({ migrated: false }), SVC_SECRET: TEST_SECRET }
    expect(await start(env)).toEqual([line(tags(PG_MIGRATIONS_FOLDER))])
    expect(await start(env)).toEqual([])
  })
})
