/**
 * WAL checkpoints on a worker thread (server/db/sqlite/checkpoints.ts): the worker copies
 * committed frames into the database file while the writer goes on, the WAL stays bounded
 * under steady writes, every row is there after a reopen, a worker that cannot start
 * leaves the store checkpointing as SQLite does by itself, and a store closed while its
 * worker starts or reports an error closes cleanly.
 *
 * Sizes are small and commits are not synced (NORMAL) where only the checkpoint logic is
 * under test, so the file takes the same few hundred milliseconds on any disk; the
 * assertions count pages and rows, never time. How large the WAL grows under steady
 * writes depends on how the threads are scheduled, so it is measured in bench/, not here.
 */
import { describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { rmSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { DEFAULT_PAGES, FALLBACK_PAGES } from '../../../server/db/sqlite/checkpoints.ts'
import { openStore, type Store } from '../../../server/db/sqlite/connection.ts'
import { tempDir } from '../../support/tmp.ts'

const ROW = 'x'.repeat(2000)
const FAILING_WORKER = new URL('./failing-checkpoint-worker.ts', import.meta.url)

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

const autocheckpoint = (store: Store) =>
  (store.sqlite.query('PRAGMA wal_autocheckpoint').get() as { wal_autocheckpoint: number }).wal_autocheckpoint

/** Waits for `check` however long the machine takes; the test's timeout is the only deadline. */
async function until(check: () => boolean): Promise<true> {
  while (!check()) await Bun.sleep(10)
  return true
}

describe('WAL checkpoints on a worker thread', () => {
  test('the worker copies committed frames into the database file without the writer checkpointing', async () => {
    const { store, path } = fileStore()
    expect(autocheckpoint(store)).toBe(FALLBACK_PAGES)
    // ≈ 2.5 MB: far below the writer's own checkpoint at FALLBACK_PAGES, so only the worker copies.
    await writeGroups(store, 250)
    expect(await until(() => statSync(path).size > 2_500_000)).toBe(true)
    expect(autocheckpoint(store)).toBe(FALLBACK_PAGES)
    store.close()
  })

  test('once the worker has copied everything, the next write starts the WAL over instead of growing it, and every row is kept', async () => {
    const fallbackPages = 100
    const { store, path } = fileStore({ synchronous: 'normal', checkpoints: { fallbackPages } })
    expect(autocheckpoint(store)).toBe(fallbackPages)
    const walSize = () => statSync(`${path}-wal`).size
    // ≈ 3 MB of rows, several times the fallback size.
    await writeGroups(store, 300)
    await store.checkpoints.copied()
    const extent = walSize()
    expect(statSync(path).size).toBeGreaterThan(3_000_000)
    // One more group (a few pages) is written at the start of the log, not after its end.
    await writeGroups(store, 1)
    expect(walSize()).toBe(extent)
    store.close()
    // The worker closes its own connection on its thread: until then it may hold a lock.
    await store.checkpoints.stopped()
    const reopened = new Database(path)
    expect(reopened.query('SELECT count(*) AS n, sum(n) AS total FROM t').get()).toEqual({
      n: 1505,
      total: (1500 * 1499) / 2 + (0 + 1 + 2 + 3 + 4),
    })
    reopened.close()
  })

  test('a worker that cannot start leaves SQLite checkpointing by itself', async () => {
    const { store, path } = fileStore({
      synchronous: 'normal',
      checkpoints: { workerUrl: new URL('./no-such-worker.ts', import.meta.url) },
    })
    await writeGroups(store, 1)
    expect(await until(() => autocheckpoint(store) === DEFAULT_PAGES)).toBe(true)
    await writeGroups(store, 200)
    store.close()
    await store.checkpoints.stopped()
    const reopened = new Database(path)
    expect(reopened.query('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1005 })
    reopened.close()
  })

  test('a worker that fails only after the store closed changes nothing (no write to the closed database)', async () => {
    const { store, path } = fileStore({ checkpoints: { workerUrl: FAILING_WORKER } })
    await writeGroups(store, 1)
    store.close()
    // The worker's error arrives now, after close: before the fix this threw "Database has closed".
    await store.checkpoints.stopped()
    const reopened = new Database(path)
    expect(reopened.query('SELECT count(*) AS n FROM t').get()).toEqual({ n: 5 })
    reopened.close()
  })

  test('closing the store while its worker starts, then deleting the folder, ends cleanly every time', async () => {
    for (let round = 0; round < 20; round++) {
      const { store, path } = fileStore()
      await writeGroups(store, 1)
      store.close()
      rmSync(dirname(path), { recursive: true, force: true })
      // The worker finds no database (or a closed store) and says so; the closed store must not act on it.
      await store.checkpoints.stopped()
    }
  })

  test('in-memory stores have no checkpoint thread', async () => {
    const store = openStore(':memory:')
    store.checkpoints.afterWrite()
    expect(autocheckpoint(store)).toBe(DEFAULT_PAGES)
    store.close()
    await store.checkpoints.stopped()
  })
})
