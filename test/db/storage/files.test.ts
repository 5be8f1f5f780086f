/**
 * The file store (storage/files.ts) on either backend, through the real storage: files'
 * rows pending and attached, a record's commit claiming its pending files (or refused with
 * `file_missing`, writing nothing), the usage the quota counts, the orphans a sweep finds
 * after records and apps are deleted or pending files and uploads expire, and the tus
 * uploads' rows (a chunk appended only at the offset it was sent for).
 */
import { describe, expect, test } from 'bun:test'
import { deleteApp } from '../../../server/core/apps/apps.ts'
import { newId } from '../../../server/core/ids.ts'
import { removeRecords } from '../../../server/core/records/delete.ts'
import { LIMITS } from '../../../server/contract/limits.ts'
import type { FileRow, UploadRow } from '../../../server/db/storage/files.ts'
import type { JobResult, RecordJob } from '../../../server/db/storage/records.ts'
import { testContext } from '../../support/context.ts'
import { makeEndpoint, storedRows } from '../../support/records.ts'
import { makeUser } from '../../support/users.ts'

const HOUR = 60 * 60 * 1000

async function setup() {
  const t = testContext()
  // These tests read the orphans the storage reports; the sweeper, nudged by deletions, would remove them first.
  t.ctx.files.nudge = () => {}
  const { user } = await makeUser(t.ctx)
  const { appId } = await makeEndpoint(t.ctx, user.id)
  const { appId: otherApp } = await makeEndpoint(t.ctx, user.id, { name: 'Other' })
  return { ...t, files: t.ctx.storage.files, userId: user.id, appId, otherApp }
}

type Setup = Awaited<ReturnType<typeof setup>>

/** A pending file of `appId` stored now (the clock moves 1 ms so upload order is defined). */
async function pendingFile(t: Setup, appId: string, size = 10): Promise<FileRow> {
  const id = newId()
  const row: FileRow = {
    id,
    appId,
    recordId: null,
    blobKey: `${appId}/${id}`,
    name: `${id}.txt`,
    size,
    type: 'text/plain',
    sha256: 'ab'.repeat(32),
    uploadedBy: null,
    createdAt: t.clock.now(),
  }
  await t.files.insert(row)
  t.clock.advance(1)
  return row
}

/** A job of one record per entry of `named`, each naming those files. */
function job(t: Setup, appId: string, named: string[][], extra: Partial<RecordJob> = {}): RecordJob {
  return {
    appId,
    records: named.map((files) => ({ id: newId(), spam: false, data: '{"a":1}', meta: '{}', scores: null, files })),
    newFields: [],
    createdAt: t.clock.now(),
    ...extra,
  }
}

async function commit(t: Setup, jobs: RecordJob[]) {
  const { results, durable } = await t.ctx.storage.records.commitGroup(jobs, LIMITS.maxFields)
  expect(await durable).toBeNull()
  return results
}

const ok: JobResult = { ok: true, firstSeq: 1, firstPos: 1, generation: 0, fieldsCreated: false, uncounted: [] }

function upload(t: Setup, appId: string, length: number, expiresAt = t.clock.now() + HOUR): UploadRow {
  return {
    id: newId(),
    appId,
    length,
    offset: 0,
    chunks: [],
    name: 'scan.pdf',
    uploadedBy: 'client-1',
    createdAt: t.clock.now(),
    expiresAt,
  }
}

describe('file rows', () => {
  test('a stored file is pending; get and pending see only the app’s own', async () => {
    const t = await setup()
    const a = await pendingFile(t, t.appId)
    const b = await pendingFile(t, t.appId)
    const other = await pendingFile(t, t.otherApp)
    expect(await t.files.get(t.appId, a.id)).toEqual(a)
    expect(await t.files.get(t.appId, other.id)).toBeNull()
    expect(await t.files.pending(t.appId, [b.id, other.id, 'nope', a.id])).toEqual([a, b])
    expect(await t.files.pending(t.appId, [])).toEqual([])
    expect(await t.files.ofRecords(t.appId, [])).toEqual([])
  })

  test('discardPending deletes the app’s pending files among the ids and returns them', async () => {
    const t = await setup()
    const a = await pendingFile(t, t.appId)
    const attached = await pendingFile(t, t.appId)
    const other = await pendingFile(t, t.otherApp)
    const [result] = await commit(t, [job(t, t.appId, [[attached.id]])])
    expect(result).toEqual(ok)
    expect(await t.files.discardPending(t.appId, [a.id, attached.id, other.id])).toEqual([a])
    expect(await t.files.get(t.appId, a.id)).toBeNull()
    expect((await t.files.get(t.appId, attached.id))?.recordId).not.toBeNull()
    expect(await t.files.get(t.otherApp, other.id)).toEqual(other)
  })

  test('usage counts files, pending and attached, and the bytes uploads received', async () => {
    const t = await setup()
    expect(await t.files.usage(t.appId)).toEqual({ files: 0, bytes: 0 })
    const a = await pendingFile(t, t.appId, 100)
    await pendingFile(t, t.appId, 23)
    await pendingFile(t, t.otherApp, 1000)
    await commit(t, [job(t, t.appId, [[a.id]])])
    const up = upload(t, t.appId, 500)
    await t.files.createUpload(up)
    await t.files.appendChunk(t.appId, up.id, 0, 'chunk-1', 7)
    expect(await t.files.usage(t.appId)).toEqual({ files: 3, bytes: 130 })
    expect(await t.files.usage(t.otherApp)).toEqual({ files: 1, bytes: 1000 })
  })
})

describe('records claiming files', () => {
  test('a record’s commit attaches the pending files it names', async () => {
    const t = await setup()
    const a = await pendingFile(t, t.appId)
    const b = await pendingFile(t, t.appId)
    const c = await pendingFile(t, t.appId)
    const claiming = job(t, t.appId, [[a.id, b.id], [], [c.id]])
    expect(await commit(t, [claiming])).toEqual([ok])
    const [first, , third] = claiming.records.map((record) => record.id)
    expect(await t.files.ofRecords(t.appId, [first, third])).toEqual([
      { ...a, recordId: first },
      { ...b, recordId: first },
      { ...c, recordId: third },
    ])
    expect(await t.files.ofRecords(t.appId, [third])).toEqual([{ ...c, recordId: third }])
    expect(await t.files.ofRecords(t.otherApp, [first])).toEqual([])
    expect(await t.files.pending(t.appId, [a.id, b.id, c.id])).toEqual([])
    expect(await t.files.orphans(t.clock.now() + HOUR, t.clock.now(), 10)).toEqual({ files: [], uploads: [] })
  })

  test('a file not pending in the app refuses that job alone, and nothing of it is written', async () => {
    const t = await setup()
    const mine = await pendingFile(t, t.appId)
    const theirs = await pendingFile(t, t.otherApp)
    const taken = await pendingFile(t, t.appId)
    const good = await pendingFile(t, t.appId)
    const first = job(t, t.appId, [[taken.id]])
    expect(await commit(t, [first])).toEqual([ok])
    const owner = first.records[0].id
    const jobs = [
      job(t, t.appId, [[mine.id], ['unknown']], { newFields: [{ id: newId(), name: 'a', type: 'number' }] }),
      job(t, t.appId, [[theirs.id]]),
      job(t, t.appId, [[mine.id, taken.id]]),
      job(t, t.appId, [[good.id]]),
    ]
    expect(await commit(t, jobs)).toEqual([
      { ok: false, reason: 'file_missing', ids: ['unknown'] },
      { ok: false, reason: 'file_missing', ids: [theirs.id] },
      { ok: false, reason: 'file_missing', ids: [taken.id] },
      { ...ok, firstSeq: 2, firstPos: 2 },
    ])
    expect((await storedRows(t.ctx, t.appId)).map((row) => row.id)).toEqual([owner, jobs[3].records[0].id])
    expect(await t.ctx.storage.fields.list(t.appId)).toEqual([])
    expect(await t.files.get(t.appId, mine.id)).toEqual(mine)
    expect(await t.files.get(t.otherApp, theirs.id)).toEqual(theirs)
    expect(await t.files.get(t.appId, taken.id)).toEqual({ ...taken, recordId: owner })
    expect(await t.files.get(t.appId, good.id)).toEqual({ ...good, recordId: jobs[3].records[0].id })
  })

  test('a file named twice goes to the first job of the group; within a job, twice is refused', async () => {
    const t = await setup()
    const a = await pendingFile(t, t.appId)
    const b = await pendingFile(t, t.appId)
    const jobs = [job(t, t.appId, [[a.id, a.id]]), job(t, t.appId, [[a.id]]), job(t, t.appId, [[b.id], [b.id]])]
    expect(await commit(t, jobs)).toEqual([
      ok,
      { ok: false, reason: 'file_missing', ids: [a.id] },
      { ok: false, reason: 'file_missing', ids: [b.id] },
    ])
    expect(await t.files.get(t.appId, a.id)).toEqual({ ...a, recordId: jobs[0].records[0].id })
    expect(await t.files.get(t.appId, b.id)).toEqual(b)
  })

  test('a job refused for a file keeps its idempotency key free for the retry', async () => {
    const t = await setup()
    const a = await pendingFile(t, t.appId)
    const idempotency = { key: 'k1', fingerprint: 'f1', notBefore: 0 }
    const refused = job(t, t.appId, [['gone']], { idempotency })
    expect(await commit(t, [refused])).toEqual([{ ok: false, reason: 'file_missing', ids: ['gone'] }])
    expect(await commit(t, [job(t, t.appId, [[a.id]], { idempotency })])).toEqual([ok])
  })

  test('a job of a deleted app claims nothing', async () => {
    const t = await setup()
    const a = await pendingFile(t, t.appId)
    await deleteApp(t.ctx, t.userId, t.appId)
    expect(await commit(t, [job(t, t.appId, [[a.id]])])).toEqual([{ ok: false, reason: 'not_found' }])
    expect(await t.files.get(t.appId, a.id)).toEqual(a)
  })
})

describe('orphans', () => {
  test('files of deleted records and apps, and pending files past their time, until forgotten', async () => {
    const t = await setup()
    const kept = await pendingFile(t, t.appId)
    const ofDeleted = await pendingFile(t, t.appId)
    const ofLive = await pendingFile(t, t.appId)
    const claiming = job(t, t.appId, [[ofDeleted.id], [ofLive.id]])
    await commit(t, [claiming])
    const [gone, live] = claiming.records.map((record) => record.id)
    const otherAttached = await pendingFile(t, t.otherApp)
    const otherPending = await pendingFile(t, t.otherApp)
    await commit(t, [job(t, t.otherApp, [[otherAttached.id]])])
    const before = kept.createdAt
    expect(await t.files.orphans(before, t.clock.now(), 10)).toEqual({ files: [], uploads: [] })

    await removeRecords(t.ctx, t.appId, [gone])
    expect(await t.files.orphans(before, t.clock.now(), 10)).toEqual({
      files: [{ ...ofDeleted, recordId: gone }],
      uploads: [],
    })
    // Pending past its time: only files created before the bound.
    expect(await t.files.orphans(before + 1, t.clock.now(), 10)).toEqual({
      files: [kept, { ...ofDeleted, recordId: gone }],
      uploads: [],
    })
    await deleteApp(t.ctx, t.userId, t.otherApp)
    const otherOrphans = await t.files.orphans(before, t.clock.now(), 10)
    expect(otherOrphans.files).toEqual([
      { ...ofDeleted, recordId: gone },
      { ...otherAttached, recordId: expect.any(String) },
      otherPending,
    ])
    expect(await t.files.orphans(before, t.clock.now(), 2)).toEqual({
      files: otherOrphans.files.slice(0, 2),
      uploads: [],
    })
    await t.files.forget([ofDeleted.id, otherAttached.id, otherPending.id], [])
    expect(await t.files.orphans(before, t.clock.now(), 10)).toEqual({ files: [], uploads: [] })
    expect(await t.files.ofRecords(t.appId, [live, gone])).toEqual([{ ...ofLive, recordId: live }])
  })

  test('uploads expired or of a deleted app, within the limit left by files', async () => {
    const t = await setup()
    const now = t.clock.now()
    const expired = upload(t, t.appId, 10, now - 1)
    const current = upload(t, t.appId, 10, now + HOUR)
    const ofGoneApp = upload(t, t.otherApp, 10, now + 2 * HOUR)
    for (const row of [expired, current, ofGoneApp]) await t.files.createUpload(row)
    await t.files.appendChunk(t.appId, expired.id, 0, 'c1', 4)
    const stale = await pendingFile(t, t.appId)
    expect(await t.files.orphans(0, now, 10)).toEqual({
      files: [],
      uploads: [{ ...expired, offset: 4, chunks: ['c1'] }],
    })
    await deleteApp(t.ctx, t.userId, t.otherApp)
    expect(await t.files.orphans(0, now, 10)).toEqual({
      files: [],
      uploads: [{ ...expired, offset: 4, chunks: ['c1'] }, ofGoneApp],
    })
    expect(await t.files.orphans(stale.createdAt + 1, now, 2)).toEqual({
      files: [stale],
      uploads: [{ ...expired, offset: 4, chunks: ['c1'] }],
    })
    expect(await t.files.orphans(stale.createdAt + 1, now, 1)).toEqual({ files: [stale], uploads: [] })
    await t.files.forget([stale.id], [expired.id, ofGoneApp.id])
    expect(await t.files.orphans(stale.createdAt + 1, now, 10)).toEqual({ files: [], uploads: [] })
    expect(await t.files.getUpload(t.appId, current.id)).toEqual(current)
  })
})

describe('uploads', () => {
  test('chunks append at the offset they were sent for; a stale offset appends nothing', async () => {
    const t = await setup()
    const row = upload(t, t.appId, 10)
    await t.files.createUpload(row)
    expect(await t.files.getUpload(t.appId, row.id)).toEqual(row)
    expect(await t.files.getUpload(t.otherApp, row.id)).toBeNull()
    const once = await t.files.appendChunk(t.appId, row.id, 0, 'k1', 6)
    expect(once).toEqual({ ...row, offset: 6, chunks: ['k1'] })
    expect(await t.files.appendChunk(t.appId, row.id, 0, 'k-stale', 6)).toBeNull()
    expect(await t.files.appendChunk(t.otherApp, row.id, 6, 'k-other', 4)).toBeNull()
    expect(await t.files.appendChunk(t.appId, 'nope', 0, 'k-none', 4)).toBeNull()
    expect(await t.files.appendChunk(t.appId, row.id, 6, 'k2', 4)).toEqual({ ...row, offset: 10, chunks: ['k1', 'k2'] })
    expect(await t.files.getUpload(t.appId, row.id)).toEqual({ ...row, offset: 10, chunks: ['k1', 'k2'] })
  })

  test('two appends at the same offset at once: one moves the upload', async () => {
    const t = await setup()
    const row = upload(t, t.appId, 10)
    await t.files.createUpload(row)
    const both = await Promise.all([
      t.files.appendChunk(t.appId, row.id, 0, 'a', 5),
      t.files.appendChunk(t.appId, row.id, 0, 'b', 5),
    ])
    expect(both.filter((after) => after !== null)).toHaveLength(1)
    const stored = await t.files.getUpload(t.appId, row.id)
    expect(stored).toEqual({ ...row, offset: 5, chunks: [both[0] ? 'a' : 'b'] })
  })

  test('a finished upload becomes a pending file; finishing or removing it again finds nothing', async () => {
    const t = await setup()
    const row = upload(t, t.appId, 3)
    await t.files.createUpload(row)
    await t.files.appendChunk(t.appId, row.id, 0, 'k1', 3)
    const file = pendingRowFor(t, row)
    expect(await t.files.finishUpload(t.otherApp, row.id, file)).toBe(false)
    expect(await t.files.finishUpload(t.appId, row.id, file)).toBe(true)
    expect(await t.files.getUpload(t.appId, row.id)).toBeNull()
    expect(await t.files.pending(t.appId, [file.id])).toEqual([file])
    expect(await t.files.finishUpload(t.appId, row.id, { ...file, id: newId() })).toBe(false)
    expect(await t.files.removeUpload(t.appId, row.id)).toBeNull()
  })

  test('removing an upload returns its row', async () => {
    const t = await setup()
    const row = upload(t, t.appId, 8)
    await t.files.createUpload(row)
    await t.files.appendChunk(t.appId, row.id, 0, 'k1', 2)
    expect(await t.files.removeUpload(t.otherApp, row.id)).toBeNull()
    expect(await t.files.removeUpload(t.appId, row.id)).toEqual({ ...row, offset: 2, chunks: ['k1'] })
    expect(await t.files.getUpload(t.appId, row.id)).toBeNull()
  })
})

/** The pending file a finished upload becomes (its bytes would be assembled by core). */
function pendingRowFor(t: Setup, row: UploadRow): FileRow {
  return {
    id: newId(),
    appId: row.appId,
    recordId: null,
    blobKey: `${row.appId}/${row.id}`,
    name: row.name,
    size: row.length,
    type: 'application/pdf',
    sha256: 'cd'.repeat(32),
    uploadedBy: row.uploadedBy,
    createdAt: t.clock.now(),
  }
}
