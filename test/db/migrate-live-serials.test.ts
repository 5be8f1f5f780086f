/**
 * The migration that gives records their place in the live stream (drizzle/sqlite/0012_live_serials.sql,
 * with its hand-written backfill) numbers the records an older svc left: each record's serial is
 * its seq (dense, in seq order, unique per app), each app's counter starts after its last record,
 * and records committed afterwards take the next serials, whatever was deleted later.
 */
import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { openStore } from '../../server/db/sqlite/connection.ts'
import { migrateStore } from '../../server/db/sqlite/migrate.ts'
import { sqliteStorage } from '../../server/db/sqlite/index.ts'
import { migrationsBefore } from '../support/migrations.ts'
import { tempDir } from '../support/tmp.ts'

const TAG = '0012_live_serials'
const T = 1_767_225_600_000

describe(`migration ${TAG}`, () => {
  test("records take their seq as serial, each app's counter starts after its last record, new records follow", async () => {
    const store = openStore(join(tempDir('svc-migrate-'), 'svc.db'))
    try {
      migrateStore(store, migrationsBefore(TAG))
      const sqlite = store.sqlite
      sqlite.run(
        "INSERT INTO users (id, email, name, created_at, updated_at) VALUES ('u1', 'o@example.com', 'o', ?, ?)",
        [T, T],
      )
      const records = { a: ['a1', 'a2', 'a3'], b: ['b1', 'b2'], empty: [] as string[] }
      for (const [app, ids] of Object.entries(records)) {
        sqlite.run("INSERT INTO apps (id, owner_id, name, created_at, updated_at) VALUES (?, 'u1', ?, ?, ?)", [
          app,
          app,
          T,
          T,
        ])
        sqlite.run(
          "INSERT INTO app_stats (app_id, seq, kept, spam, aggregates, updated_at) VALUES (?, ?, ?, 0, '{}', ?)",
          [app, ids.length, ids.length, T],
        )
        ids.forEach((id, i) => {
          sqlite.run(
            "INSERT INTO records (id, app_id, seq, pos, spam, data, meta, created_at) VALUES (?, ?, ?, ?, 0, '{}', '{}', ?)",
            [id, app, i + 1, i + 1, T + i],
          )
        })
      }

      migrateStore(store)

      expect(sqlite.query('SELECT id, app_id AS app, seq, serial FROM records ORDER BY app_id, seq').all()).toEqual([
        { id: 'a1', app: 'a', seq: 1, serial: 1 },
        { id: 'a2', app: 'a', seq: 2, serial: 2 },
        { id: 'a3', app: 'a', seq: 3, serial: 3 },
        { id: 'b1', app: 'b', seq: 1, serial: 1 },
        { id: 'b2', app: 'b', seq: 2, serial: 2 },
      ])
      expect(sqlite.query('SELECT app_id AS app, serial FROM app_stats ORDER BY app_id').all()).toEqual([
        { app: 'a', serial: 3 },
        { app: 'b', serial: 2 },
        { app: 'empty', serial: 0 },
      ])

      // A record committed now takes the next serial of its app, and the stream starts after it.
      const storage = sqliteStorage(store)
      const job = (appId: string, id: string) => ({
        appId,
        records: [{ id, spam: false, data: '{"n":1}', meta: '{}', scores: null }],
        newFields: [],
        createdAt: T + 10,
      })
      const group = await storage.records.commitGroup([job('a', 'a4'), job('empty', 'e1')], 50)
      expect(group.results.map((result) => result.ok)).toEqual([true, true])
      await group.durable
      expect(sqlite.query("SELECT id, seq, serial FROM records WHERE id IN ('a4', 'e1') ORDER BY id").all()).toEqual([
        { id: 'a4', seq: 4, serial: 4 },
        { id: 'e1', seq: 1, serial: 1 },
      ])
      expect([await storage.records.lastSerial('a'), await storage.records.lastSerial('gone')]).toEqual([4, null])
    } finally {
      store.close()
    }
  })
})
