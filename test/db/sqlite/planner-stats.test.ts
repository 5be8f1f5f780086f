/**
 * Planner statistics that cannot go stale (issue 17 row 8): statistics taken while the
 * tables were tiny (as `PRAGMA optimize` at a shutdown once recorded them) are refreshed
 * when the database opens, and the app list reads a key range of its index in list order.
 */
import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { openStore } from '../../../server/db/sqlite/connection.ts'
import { migrateStore } from '../../../server/db/sqlite/migrate.ts'
import { sqliteStorage } from '../../../server/db/sqlite/index.ts'
import { tempDir } from '../../support/tmp.ts'

const APPS = 10_000

/** The row count sqlite_stat1 holds for the apps owner index (its first number), or null without statistics. */
function statRows(store: ReturnType<typeof openStore>): number | null {
  const row = store.sqlite
    .query("SELECT stat FROM sqlite_stat1 WHERE tbl = 'apps' AND idx = 'apps_owner_idx'")
    .get() as { stat: string } | null
  return row ? Number(row.stat.split(' ')[0]) : null
}

describe('planner statistics', () => {
  test('statistics taken at 3 apps are brought up to date at 10,000 when the database opens', () => {
    const path = join(tempDir('planner-'), 'svc.db')
    const first = openStore(path, { synchronous: 'normal' })
    migrateStore(first)
    const sqlite = first.sqlite
    sqlite.run("INSERT INTO users (id, email, created_at, updated_at) VALUES ('u1', 'owner@example.com', 0, 0)")
    const insert = sqlite.prepare(
      'INSERT INTO apps (id, owner_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    )
    for (let i = 0; i < 3; i++) insert.run(`app-${i}`, 'u1', `App ${i}`, i, i)
    sqlite.run('ANALYZE')
    expect(statRows(first)).toBe(3)
    sqlite.run('BEGIN')
    for (let i = 3; i < APPS; i++) insert.run(`app-${String(i).padStart(5, '0')}`, 'u1', `App ${i}`, i, i)
    sqlite.run('COMMIT')
    // Closing no longer records statistics; the stale ones stay until the next open.
    first.close()
    const second = openStore(path, { synchronous: 'normal' })
    try {
      expect(statRows(second)).toBe(APPS)
    } finally {
      second.close()
    }
  })

  test('a page of the app list is a range of the (owner_id, created_at, id) index, in its order', () => {
    const store = openStore(':memory:')
    migrateStore(store)
    sqliteStorage(store, () => 0)
    const plan = (sql: string) =>
      (store.sqlite.query(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail)
    const list = plan(
      "SELECT id FROM apps WHERE owner_id = 'u1' AND (created_at, id) < (5, 'x') ORDER BY created_at DESC, id DESC LIMIT 101",
    )
    expect(list).toEqual(['SEARCH apps USING COVERING INDEX apps_owner_idx (owner_id=? AND (created_at,id)<(?,?))'])
    store.close()
  })
})
