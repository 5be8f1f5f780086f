/**
 * The guard around every store method (server/db/availability.ts) and the failures each
 * backend counts as "the storage cannot write": table-driven, over stores made here.
 */
import { describe, expect, test } from 'bun:test'
import { guardStores, StorageUnavailableError, type AvailabilitySignals } from '../../server/db/availability.ts'
import { pgStorageProblem } from '../../server/db/postgres/errors.ts'
import { sqliteStorageProblem } from '../../server/db/sqlite/unavailable.ts'
import type { Stores } from '../../server/db/storage.ts'

/** An error shaped as the driver throws it, wrapped by drizzle as `cause`. */
const wrapped = (fields: Record<string, unknown>) =>
  new Error('Failed to run the query', { cause: Object.assign(new Error('driver'), fields) })

describe('which failures mean the storage cannot write', () => {
  test.each([
    [
      'SQLITE_FULL',
      sqliteStorageProblem,
      wrapped({ code: 'SQLITE_FULL', errno: 13 }),
      'the disk is full (SQLite: database or disk is full)',
    ],
    [
      'SQLITE_IOERR_WRITE',
      sqliteStorageProblem,
      wrapped({ code: 'SQLITE_IOERR_WRITE' }),
      'the disk failed a read or write (SQLite: SQLITE_IOERR_WRITE)',
    ],
    [
      'SQLITE_CONSTRAINT_UNIQUE (a bug or a race, not the disk)',
      sqliteStorageProblem,
      wrapped({ code: 'SQLITE_CONSTRAINT_UNIQUE' }),
      null,
    ],
    ['SQLITE_BUSY', sqliteStorageProblem, wrapped({ code: 'SQLITE_BUSY' }), null],
    [
      'PostgreSQL 53100 disk_full',
      pgStorageProblem,
      wrapped({ errno: '53100' }),
      "the database server's disk is full (PostgreSQL 53100 disk_full)",
    ],
    [
      'PostgreSQL 58030 io_error',
      pgStorageProblem,
      wrapped({ errno: '58030' }),
      'the database server failed a read or write (PostgreSQL 58030 io_error)',
    ],
    ['PostgreSQL 23505 unique_violation', pgStorageProblem, wrapped({ errno: '23505' }), null],
    ['a plain Error', sqliteStorageProblem, new Error('boom'), null],
  ])('%s', (_case, classify, error, reason) => {
    expect(classify(error)).toBe(reason)
  })
})

describe('the guard', () => {
  /** A users store whose `insert` fails while `full` is set, and a write counter the test moves. */
  function guarded(extra: Partial<AvailabilitySignals> = {}) {
    const state = { full: false, writes: 0, lasting: null as string | null }
    const diskFull = wrapped({ code: 'SQLITE_FULL' })
    const users = {
      insert: async () => {
        if (state.full) throw diskFull
        state.writes++
        return { ok: true }
      },
      byId: async () => null,
      broken: async () => {
        throw new Error('a bug')
      },
    }
    const { stores, availability } = guardStores({ users } as unknown as Stores, {
      classify: sqliteStorageProblem,
      writes: () => state.writes,
      lasting: () => state.lasting,
      now: () => 1000,
      ...extra,
    })
    const heard: Array<string | null> = []
    availability.subscribe((problem) => heard.push(problem))
    const store = stores.users as unknown as typeof users
    return { state, store, availability, heard, diskFull }
  }

  test('a disk failure rejects with StorageUnavailableError (the driver error as cause) and is heard once; a read does not recover; a write does', async () => {
    const { state, store, availability, heard, diskFull } = guarded()
    state.full = true
    for (let i = 0; i < 3; i++) {
      const error = await store.insert().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(StorageUnavailableError)
      expect(error).toMatchObject({
        unavailable: 'the disk is full (SQLite: database or disk is full)',
        cause: diskFull,
      })
    }
    await store.byId()
    expect([availability.problem, availability.since, heard, availability.failures]).toEqual([
      'the disk is full (SQLite: database or disk is full)',
      1000,
      ['the disk is full (SQLite: database or disk is full)'],
      3,
    ])
    state.full = false
    await store.insert()
    expect([availability.problem, availability.since, heard, availability.failures]).toEqual([
      null,
      null,
      ['the disk is full (SQLite: database or disk is full)', null],
      3,
    ])
  })

  test('other failures pass through untouched and change nothing', async () => {
    const { store, availability, heard } = guarded()
    expect(await store.broken().catch((e: unknown) => (e as Error).message)).toBe('a bug')
    expect([availability.problem, heard, availability.failures]).toEqual([null, [], 0])
  })

  test('without a write counter, any success recovers', async () => {
    const { state, store, availability } = guarded({ writes: undefined })
    state.full = true
    await store.insert().catch(() => {})
    await store.byId()
    expect(availability.problem).toBeNull()
  })

  test('a lasting failure (a failed WAL sync) holds whatever succeeds, until restart', async () => {
    const { state, store, availability, heard } = guarded()
    state.lasting =
      'syncing the write-ahead log failed (EIO); acknowledged writes are refused until the server restarts'
    await store.insert()
    expect([availability.problem, heard]).toEqual([state.lasting, [state.lasting]])
  })
})
