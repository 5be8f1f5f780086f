/**
 * `svc-cli backup` and `restore` carry the disk blob store (`<data dir>/files`) in
 * `<backup>.files/`: a file stored, backed up, its data dir wiped and restored downloads with
 * the same bytes. With SVC_FILES_URL the output says the files stay in the bucket.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { FileObject } from '../../server/contract/files/model.ts'
import { makeEndpoint } from '../support/records.ts'
import { cliInProcess, startTestServer, type TestServer } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'

/** SQLite whatever the run's backend: these commands copy the SQLite file. */
const SQLITE = { DATABASE_URL: '' }
const servers: TestServer[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
})

async function sqliteServer(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer({ ...SQLITE, ...env })
  servers.push(server)
  return server
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** A published app with a file field `cv`, and one record holding `bytes` as cv.bin. */
async function recordWithFile(server: TestServer, bytes: Uint8Array<ArrayBuffer>) {
  const { user, token } = await server.account()
  const endpoint = await makeEndpoint(server.ctx, user.id, { fields: [{ name: 'cv', type: 'file' }] })
  const body = new FormData()
  body.append('cv', new File([bytes], 'cv.bin'))
  const posted = await fetch(`${server.url}${endpoint.path('/form')}`, {
    method: 'POST',
    body,
    headers: { accept: 'application/json' },
  })
  expect(posted.status).toBe(200)
  const id = ((await posted.json()) as { data: { id: string } }).data.id
  const record = await fetch(`${server.url}/api/v3/apps/${endpoint.appId}/records/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const file = ((await record.json()) as { data: { data: { cv: FileObject } } }).data.data.cv
  return { token, appId: endpoint.appId, file }
}

describe('backup and restore of files', () => {
  test('a file stored, backed up, wiped and restored downloads with the same bytes', async () => {
    const server = await sqliteServer()
    const bytes: Uint8Array<ArrayBuffer> = new Uint8Array(randomBytes(200_000))
    const { token, appId, file } = await recordWithFile(server, bytes)
    expect(file.sha256).toBe(sha256(bytes))
    const dataDir = server.ctx.config.dataDir
    const env = { SVC_DATA_DIR: dataDir, ...SQLITE }
    const backup = join(tempDir('svc-backup-files-'), 'copy.db')

    const run = await cliInProcess(['backup', backup, '--json'], { env })
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' })
    expect((run.json() as { files: unknown }).files).toEqual({
      kind: 'disk',
      folder: `${backup}.files`,
      files: 1,
      bytes: 200_000,
    })
    const human = await cliInProcess(['backup', join(tempDir('svc-backup-files-'), 'again.db')], { env })
    expect(human.stdout).toContain('Files: 1 (200000 bytes) into ')

    // Everything but the secret key goes (kept with the backups, as the README says).
    await server.stop()
    for (const name of readdirSync(dataDir))
      if (name !== 'secret.key') rmSync(join(dataDir, name), { recursive: true, force: true })
    const restored = await cliInProcess(['restore', backup, '--yes', '--json'], { env })
    expect({ code: restored.code, stderr: restored.stderr }).toEqual({ code: 0, stderr: '' })
    expect(restored.json()).toEqual({
      database: join(dataDir, 'svc.db'),
      from: backup,
      previous: null,
      files: { kind: 'disk', folder: join(dataDir, 'files'), files: 1, bytes: 200_000, previous: null },
    })

    const again = await sqliteServer({ SVC_DATA_DIR: dataDir })
    const download = await fetch(`${again.url}/api/v3/apps/${appId}/files/${file.id}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(download.status).toBe(200)
    const back = new Uint8Array(await download.arrayBuffer())
    expect([back.length, sha256(back)]).toEqual([bytes.length, file.sha256])
  })

  test('on S3 the backup says the files are in the bucket, and copies none', async () => {
    const server = await sqliteServer()
    const env = {
      SVC_DATA_DIR: server.ctx.config.dataDir,
      SVC_FILES_URL: 's3://key:secret@svc-files?endpoint=http://127.0.0.1:9&region=us-east-1',
      ...SQLITE,
    }
    const backup = join(tempDir('svc-backup-s3-'), 'copy.db')
    const run = await cliInProcess(['backup', backup, '--json'], { env })
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' })
    expect((run.json() as { files: unknown }).files).toEqual({
      kind: 's3',
      note: 'Files live in the S3 bucket (SVC_FILES_URL) and are not in this backup: back the bucket up with its own tools (versioning, replication)',
    })
    expect(existsSync(`${backup}.files`)).toBe(false)
    const human = await cliInProcess(['backup', join(tempDir('svc-backup-s3-'), 'copy.db')], { env })
    expect(human.stdout).toContain('Files live in the S3 bucket (SVC_FILES_URL) and are not in this backup')
  })
})
