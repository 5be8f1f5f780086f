/**
 * Files with several svc processes: two processes on one PostgreSQL database with their
 * files in S3-compatible object storage (s3rver, started by the test). A file posted through
 * one process is downloaded through the other with the same bytes; a file uploaded to one is
 * named by a record posted to the other; deleting the record through the second removes the
 * object from the bucket.
 *
 * Runs on PostgreSQL (the server of a DATABASE_URL run, else a throwaway cluster from
 * Debian's postgresql package). Without PostgreSQL or Node (for s3rver) it skips, saying so.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { TEST_SECRET } from '../support/backend.ts'
import { boundCaller } from '../support/bound-call.ts'
import { callServer } from '../support/call.ts'
import { postgresDatabases, postgresUnavailable } from '../support/postgres-database.ts'
import { spawnServer, type ServerProcess } from '../support/process.ts'
import { type S3Server, startS3rver } from '../support/s3.ts'

const s3 = postgresUnavailable ? null : await startS3rver()
const why = postgresUnavailable ?? (s3 && 'failed' in s3 ? s3.failed : null)
if (why) console.warn(`⚠ files on S3 with two processes: skipped — ${why}`)

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
/** 3 MiB that are not all the same byte. */
const BYTES = Uint8Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 2654435761) >>> 24)

describe.skipIf(why !== null)('two svc processes on PostgreSQL with files in S3', () => {
  const databases = postgresDatabases()
  const bucket = s3 as S3Server
  let one: ServerProcess
  let two: ServerProcess
  let token: string
  let appId: string
  let share: { token: string }

  beforeAll(async () => {
    const url = await databases.create({ migrated: false })
    const env = {
      DATABASE_URL: url,
      SVC_SECRET: TEST_SECRET,
      SVC_RATE_LIMIT: 'off',
      SVC_SIGNUP: 'open',
      SVC_FILES_URL: bucket.filesUrl('two-processes'),
    }
    ;[one, two] = await Promise.all([spawnServer(env, 30_000), spawnServer(env, 30_000)])
    const signup = await callServer(one.url, 'auth.signup', {
      body: { email: 'owner@example.com', password: 'a long password', tokenName: 'files test' },
    })
    token = signup.body.data.token!.token
    const api = boundCaller(one.url, token)
    appId = (await api('apps.create', { body: { name: 'Applications' } })).body.data.id
    await api('fields.add', { params: { id: appId }, body: { name: 'cv', type: 'file' } })
    share = { token: (await api('share.publish', { params: { id: appId } })).body.data.token! }
  }, 90_000)

  afterAll(async () => {
    for (const p of [one, two]) p?.proc.kill('SIGKILL')
    await Promise.all([one, two].map((p) => p?.proc.exited))
    databases.stop()
    await bucket.stop()
  }, 60_000)

  test('posted through one, downloaded through the other, deleted through the other', async () => {
    const body = new FormData()
    body.append('name', 'Ada')
    body.append('cv', new Blob([BYTES]), 'cv.bin')
    const posted = await fetch(`${one.url}/api/v3/share/${share.token}/form`, { method: 'POST', body })
    expect(posted.status).toBe(200)
    const id = ((await posted.json()) as { data: { id: string } }).data.id
    const record = await boundCaller(two.url, token)('records.get', { params: { id: appId, recordId: id } })
    const file = (record.body.data.data as { cv: { id: string; sha256: string; size: number } }).cv
    expect(file).toMatchObject({
      name: 'cv.bin',
      size: BYTES.length,
      type: 'application/octet-stream',
      sha256: sha(BYTES),
    })
    const download = await fetch(`${two.url}/api/v3/apps/${appId}/files/${file.id}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(download.status).toBe(200)
    expect(sha(new Uint8Array(await download.arrayBuffer()))).toBe(sha(BYTES))
    const objects = async () => (await fetch(`${bucket.endpoint}/svc?list-type=2&prefix=two-processes/`)).text()
    expect(await objects()).toContain(file.id)
    const deleted = await boundCaller(two.url, token)('records.delete', { params: { id: appId, recordId: id } })
    expect(deleted.status).toBe(200)
    // The sweeper of the process that deleted it removes the object soon after.
    for (let i = 0; i < 100 && (await objects()).includes(file.id); i++) await Bun.sleep(50)
    expect(await objects()).not.toContain(file.id)
  }, 60_000)

  test('uploaded to one, named by a record posted to the other', async () => {
    const up = await fetch(`${one.url}/api/v3/share/${share.token}/files?name=photo.bin`, {
      method: 'POST',
      body: BYTES.subarray(0, 1000),
      headers: { 'content-type': 'application/octet-stream' },
    })
    expect(up.status).toBe(200)
    const pending = ((await up.json()) as { data: { id: string } }).data
    const posted = await callServer(two.url, 'ingest.post', { params: share, body: { cv: { file: pending.id } } })
    expect(posted.status).toBe(200)
    const record = await boundCaller(one.url, token)('records.get', {
      params: { id: appId, recordId: posted.body.data.id },
    })
    expect((record.body.data.data as { cv: unknown }).cv).toEqual(pending)
  }, 60_000)
})
