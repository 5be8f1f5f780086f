/**
 * WAL checkpoints on a worker thread (server/db/checkpoints.ts): the worker copies
 * committed frames into the database file while the writer goes on, the WAL stays bounded
 * under steady writes, every row is there after a reopen, and a worker that cannot start
 * leaves the store checkpointing as SQLite does by itself.
 */
import { expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { DEFAULT_PAGES, FALLBACK_PAGES } from '../../../server/db/checkpoints.ts'
import { openStore, type Store } from '../../../server/db/connection.ts'
import { tempDir } from '../../support/tmp.ts'

const ROW = 'x'.repeat(2000)

function fileStore(options: Parameters<typeof openStore>[1] = {}): { store: Store; path: string } {
  const path = join(tempDir('checkpoints-'), 'svc.db')
  const store = openStore(path, options)
  store.sqlite.run('CREATE TABLE t (n INTEGER, body TEXT)')
  return { store, path }
}

/** `groups` write transactions of 5 rows, each followed by afterWrite as the record writer does. */
async function writeGroups(store: Store, groups: number, onGroup: () => void = () => {}): Promise<void> {
  const insert = store.sqlite.prepare('INSERT INTO t VALUES (?, ?)')
  for (let g = 0; g < groups; g++) {
    store.sqlite.run('BEGIN IMMEDIATE')
    for (let i = 0; i < 5; i++) insert.run(g * 5 + i, ROW)
    store.sqlite.run('COMMIT')
    store.checkpoints.afterWrite()
    onGroup()
    // Let the worker's messages in, as a server between event-loop turns does.
    if (g % 50 === 0) await Bun.sleep(0)
  }
}

const autocheckpoint = (store: Store) => (store.sqlite.query('PRAGMA wal_autocheckpoint').get() as { wal_autocheckpoint: number }).wal_autocheckpoint

async function until(check: () => boolean, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) return false
    await Bun.sleep(10)
  }
  return true
}

test('the worker copies committed frames into the database file without the writer checkpointing', async () => {
  const { store, path } = fileStore()
  expect(autocheckpoint(store)).toBe(FALLBACK_PAGES)
  // ≈ 2.5 MB: far below the writer's own checkpoint at FALLBACK_PAGES, so only the worker copies.
  await writeGroups(store, 250)
  expect(await until(() => statSync(path).size > 2_500_000)).toBe(true)
  expect(autocheckpoint(store)).toBe(FALLBACK_PAGES)
  store.close()
})

test('under steady writes the WAL stays near FALLBACK_PAGES and every row is kept', async () => {
  const { store, path } = fileStore()
  const pageSize = (store.sqlite.query('PRAGMA page_size').get() as { page_size: number }).page_size
  let largestWal = 0
  // ≈ 100 MB of rows: the log must start over instead of growing with them.
  await writeGroups(store, 10_000, () => (largestWal = Math.max(largestWal, statSync(`${path}-wal`).size)))
  expect(largestWal).toBeLessThan(FALLBACK_PAGES * 1.2 * (pageSize + 24))
  store.close()
  const reopened = new Database(path)
  expect(reopened.query('SELECT count(*) AS n, sum(n) AS total FROM t').get()).toEqual({ n: 50_000, total: (50_000 * 49_999) / 2 })
  reopened.close()
})

test('a worker that cannot start leaves SQLite checkpointing by itself', async () => {
  const { store, path } = fileStore({ checkpoints: { workerUrl: new URL('./no-such-worker.ts', import.meta.url) } })
  await writeGroups(store, 1)
  expect(await until(() => autocheckpoint(store) === DEFAULT_PAGES)).toBe(true)
  await writeGroups(store, 2000)
  store.close()
  const reopened = new Database(path)
  expect(reopened.query('SELECT count(*) AS n FROM t').get()).toEqual({ n: 10_005 })
  reopened.close()
})

test('in-memory stores have no checkpoint thread', () => {
  const store = openStore(':memory:')
  store.checkpoints.afterWrite()
  expect(autocheckpoint(store)).toBe(DEFAULT_PAGES)
  store.close()
})
