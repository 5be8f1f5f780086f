/**
 * With SVC_SYNC=full the writer commits its group with synchronous=NORMAL and answers only
 * after fdatasync of the WAL returns (server/db/sqlite/wal-sync.ts). These tests hold and fail
 * that sync through the store's file operations and check what a client would see: no
 * acknowledgement before the sync, one sync for the groups that waited, a clear 503 and
 * nothing more written after a failed sync.
 */
import { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import { join } from 'node:path'
import type { PreparedRecord } from '../../../server/core/collect/prepare.ts'
import { AppError } from '../../../server/contract/errors.ts'
import { checkHealth } from '../../../server/core/health.ts'
import { openStore } from '../../../server/db/sqlite/connection.ts'
import type { SyncFiles } from '../../../server/db/sqlite/wal-sync.ts'
import { VERSION } from '../../../server/contract/version.ts'
import { testContext } from '../../support/context.ts'
import { tempDir } from '../../support/tmp.ts'
import { makeEndpoint } from '../../core/collect/fixtures.ts'

const record = (data: Record<string, unknown>): PreparedRecord => ({
  data,
  meta: {},
  spam: false,
  spamReasons: [],
  newFields: [],
})

/** File operations whose asynchronous syncs wait until the test releases them. */
function heldSyncs() {
  const held: Array<(error: Error | null) => void> = []
  const opened: string[] = []
  const log = { opened, held, syncsNow: 0 }
  const files: SyncFiles = {
    open: (path) => {
      opened.push(path)
      return fs.openSync(path, 'r')
    },
    fdatasync: (_fd, callback) => void held.push(callback),
    fdatasyncSync: () => void log.syncsNow++,
    close: (fd) => fs.closeSync(fd),
  }
  return { files, log }
}

/** Lets the writer's queued flush (setImmediate) run. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

async function fileContext(synchronous: 'full' | 'normal' = 'full') {
  const path = join(tempDir('wal-sync-'), 'svc.db')
  const { files, log } = heldSyncs()
  const store = openStore(path, { synchronous, syncFiles: files })
  const test = testContext({}, store)
  const endpoint = await makeEndpoint(test.ctx)
  const countOnDisk = () => {
    const reader = new Database(path, { readonly: true })
    try {
      return (reader.query('SELECT count(*) AS n FROM records').get() as { n: number }).n
    } finally {
      reader.close()
    }
  }
  return { ...test, path, log, store, endpoint, writer: test.ctx.writer, countOnDisk }
}

/** Records whether a promise has settled, without awaiting it. */
function watch<T>(promise: Promise<T>) {
  const state = { settled: false }
  void promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  )
  return state
}

describe('acknowledged writes wait for the WAL sync (SVC_SYNC=full)', () => {
  test('a record is committed first, synced second, and only then acknowledged', async () => {
    const { path, log, writer, endpoint, countOnDisk } = await fileContext()
    const write = writer.write(endpoint.appId, [record({ n: 1 })])
    const state = watch(write)
    await nextTurn()
    expect(countOnDisk()).toBe(1)
    expect(log.opened).toEqual([`${path}-wal`])
    expect(log.held).toHaveLength(1)
    await nextTurn()
    expect(state.settled).toBe(false)
    log.held.shift()!(null)
    expect(await write).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)])
  })

  test('writes arriving while a sync runs are committed together when it returns, and share the next sync', async () => {
    const { log, writer, endpoint, countOnDisk } = await fileContext()
    const first = writer.write(endpoint.appId, [record({ n: 1 })])
    await nextTurn()
    const second = writer.write(endpoint.appId, [record({ n: 2 })])
    await nextTurn()
    const third = writer.write(endpoint.appId, [record({ n: 3 })])
    await nextTurn()
    expect(log.held).toHaveLength(1)
    expect(countOnDisk()).toBe(1)
    const [laterA, laterB] = [watch(second), watch(third)]
    log.held.shift()!(null)
    await first
    expect(countOnDisk()).toBe(3)
    expect(log.held).toHaveLength(1)
    expect([laterA.settled, laterB.settled]).toEqual([false, false])
    log.held.shift()!(null)
    expect((await Promise.all([second, third])).flat()).toHaveLength(2)
    expect(log.held).toHaveLength(0)
  })

  test('live streams hear of a group only once it is synced: until then the last serial is the one before it', async () => {
    const { log, writer, endpoint, ctx } = await fileContext()
    const heard: Array<[string, number]> = []
    ctx.storage.appends.subscribe((appId, serial) => void heard.push([appId, serial]))
    const first = writer.write(endpoint.appId, [record({ n: 1 }), record({ n: 2 })])
    await nextTurn()
    expect(log.held).toHaveLength(1)
    // Committed, readable by a page, but not on disk: a stream starting now begins before it, and none is told.
    expect([heard, await ctx.storage.records.lastSerial(endpoint.appId)]).toEqual([[], 0])
    log.held.shift()!(null)
    await first
    expect([heard, await ctx.storage.records.lastSerial(endpoint.appId)]).toEqual([[[endpoint.appId, 2]], 2])
    // A failed sync tells nobody: those records are not acknowledged.
    const second = writer.write(endpoint.appId, [record({ n: 3 })])
    await nextTurn()
    log.held.shift()!(new Error('EIO: i/o error, fdatasync'))
    await expect(second).rejects.toThrow(AppError)
    expect([heard, await ctx.storage.records.lastSerial(endpoint.appId)]).toEqual([[[endpoint.appId, 2]], 2])
  })

  test('a failed sync answers 503 storage_unavailable, and later writes are refused before anything is written', async () => {
    const { log, logs, writer, endpoint, countOnDisk, ctx } = await fileContext()
    const write = writer.write(endpoint.appId, [record({ n: 1 })])
    await nextTurn()
    log.held.shift()!(new Error('EIO: i/o error, fdatasync'))
    const failure = await write.catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AppError)
    expect([(failure as AppError).status, (failure as AppError).type]).toEqual([503, 'storage_unavailable'])
    expect((failure as AppError).message).toContain('EIO: i/o error, fdatasync')
    expect(logs.some((line) => line.includes('could not be synced to disk'))).toBe(true)

    const before = countOnDisk()
    const refused = await writer.write(endpoint.appId, [record({ n: 2 })]).catch((error: unknown) => error)
    expect((refused as AppError).type).toBe('storage_unavailable')
    expect(countOnDisk()).toBe(before)
    expect(log.held).toHaveLength(0)
    // /health says why until the restart, and the log says it once.
    const reason =
      'syncing the write-ahead log failed (EIO: i/o error, fdatasync); acknowledged writes are refused until the server restarts'
    expect(await checkHealth(ctx)).toEqual({
      status: 'degraded',
      version: VERSION,
      reason,
      since: '2026-01-01T00:00:00.000Z',
    })
    expect(logs.filter((line) => line.includes('storage unavailable'))).toEqual([
      expect.stringContaining(`{"reason":"${reason}"}`),
    ])
  })

  test('other writes keep synchronous=FULL; only the group commit is relaxed', async () => {
    const { store, log, writer, endpoint } = await fileContext()
    const write = writer.write(endpoint.appId, [record({ n: 1 })])
    await nextTurn()
    expect(store.sqlite.query('PRAGMA synchronous').get()).toEqual({ synchronous: 2 })
    log.held.shift()!(null)
    await write
  })

  test('shutting down commits what is queued, syncs on the spot and answers it', async () => {
    const { ctx, store, log, writer, endpoint } = await fileContext()
    const write = writer.write(endpoint.appId, [record({ n: 1 })])
    await nextTurn()
    expect(log.held).toHaveLength(1)
    const second = writer.write(endpoint.appId, [record({ n: 2 })])
    await nextTurn()
    await ctx.shutdown()
    store.close()
    expect(log.syncsNow).toBe(1)
    expect(await second).toHaveLength(1)
    log.held.shift()!(null)
    expect(await write).toHaveLength(1)
  })

  test('with SVC_SYNC=normal nothing waits for a sync', async () => {
    const { store, log, writer, endpoint } = await fileContext('normal')
    expect(await writer.write(endpoint.appId, [record({ n: 1 })])).toHaveLength(1)
    expect(log.held).toHaveLength(0)
    expect(log.opened).toEqual([])
    expect(store.sqlite.query('PRAGMA synchronous').get()).toEqual({ synchronous: 1 })
  })

  test('only a file database in WAL mode defers its syncs', () => {
    const memory = openStore(':memory:', { synchronous: 'full' })
    const file = openStore(join(tempDir('wal-mode-'), 'svc.db'), { synchronous: 'full' })
    expect([memory.wal.deferred, file.wal.deferred]).toEqual([false, true])
    memory.close()
    file.close()
  })
})
