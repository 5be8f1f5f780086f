/**
 * svc-cli and files against a real server: `share post --file` posts multipart with the
 * other values as text parts; `records download` saves a record's files (names cleaned, a
 * clash numbered, never overwriting without --force); `share export --files` saves every
 * file of the exported records as <dir>/<record id>/<name>. Files on disk are checked by
 * their SHA-256.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FileObject } from '../../server/contract/files/model.ts'
import { callServer } from '../support/call.ts'
import { cliAccount, expectOk } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'

const { server, env, cli } = await cliAccount()
const ok = expectOk
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex')
const onDisk = (path: string) => sha256(readFileSync(path))

const local = tempDir('svc-cli-files-')
const cvBytes = new Uint8Array(randomBytes(70_000))
const cvPath = join(local, 'cv.pdf')
mkdirSync(join(local, 'one'))
mkdirSync(join(local, 'two'))
writeFileSync(cvPath, cvBytes)
writeFileSync(join(local, 'one', 'same.txt'), 'first photo')
writeFileSync(join(local, 'two', 'same.txt'), 'second photo')

let app: string
let recordId: string
let stored: Record<string, unknown>

beforeAll(async () => {
  app = ok(await cli('app', 'create', '--name', 'Applications', '--json')).json().id as string
  ok(await cli('share', 'publish', '--app', app, '--json'))
  for (const body of [
    { name: 'cv', type: 'file' as const },
    { name: 'photos', type: 'file' as const, maxFiles: 3 },
  ]) {
    const added = await callServer(server.url, 'fields.add', { params: { id: app }, body }, { token: env.SVC_TOKEN })
    expect(added.status).toBe(200)
  }
  const posted = await cli(
    'share',
    'post',
    '--app',
    app,
    '--data',
    '{"age": 37, "tags": ["a", "b"]}',
    '--set',
    'name=Ada Lovelace',
    '--file',
    `cv=${cvPath}`,
    '--file',
    `photos=${join(local, 'one', 'same.txt')}`,
    '--file',
    `photos=${join(local, 'two', 'same.txt')}`,
    '--source',
    'cli',
    '--json',
  )
  recordId = ok(posted).json().id as string
  const record = await callServer(
    server.url,
    'records.get',
    { params: { id: app, recordId } },
    { token: env.SVC_TOKEN },
  )
  stored = (record.body as unknown as { data: { data: Record<string, unknown> } }).data.data
})

describe('share post --file', () => {
  test('files become the file fields, the other values text parts read as a form is', () => {
    const { cv: storedCv, photos: storedPhotos, ...texts } = stored
    const cv = storedCv as FileObject
    const photos = storedPhotos as FileObject[]
    expect(texts).toEqual({ age: 37, tags: ['a', 'b'], name: 'Ada Lovelace' })
    expect([cv.name, cv.size, cv.sha256]).toEqual(['cv.pdf', cvBytes.length, sha256(cvBytes)])
    expect(photos.map((file) => [file.name, file.sha256]).sort((a, b) => (a[1] < b[1] ? -1 : 1))).toEqual(
      [
        ['same.txt', sha256('first photo')],
        ['same.txt', sha256('second photo')],
      ].sort((a, b) => (a[1] < b[1] ? -1 : 1)),
    )
  })

  test('a path that is not a file is a usage error naming --file; nothing is sent', async () => {
    const run = await cli('share', 'post', '--app', app, '--file', `cv=${join(local, 'missing.pdf')}`, '--json')
    expect(run.code).toBe(2)
    expect(JSON.parse(run.stderr).error.type).toBe('usage')
    expect(run.stderr).toContain('missing.pdf is not a file')
  })
})

describe('share summary', () => {
  test('a file field counts its files and their bytes', async () => {
    const summary = ok(await cli('share', 'summary', '--app', app, '--json')).json() as {
      fields: Record<string, unknown>
    }
    const photos = stored.photos as FileObject[]
    expect([summary.fields.cv, summary.fields.photos]).toEqual([
      { type: 'file', count: 1, missing: 0, files: { answers: 1, files: 1, bytes: cvBytes.length } },
      { type: 'file', count: 1, missing: 0, files: { answers: 1, files: 2, bytes: photos[0].size + photos[1].size } },
    ])
    const table = ok(await cli('share', 'summary', '--app', app)).stdout
    expect(table).toMatch(/cv\s+file\s+1\s+0\s+1 file · 68\.4 KiB/)
    expect(table).toMatch(/photos\s+file\s+1\s+0\s+2 files · 23 bytes/)
  })
})

describe('records download', () => {
  test('saves every file, a clash numbered, prints what it wrote; never overwrites without --force', async () => {
    const out = join(tempDir('svc-cli-download-'), 'files')
    const photos = stored.photos as FileObject[]
    const run = ok(await cli('records', 'download', recordId, '--app', app, '--out', out, '--json'))
    const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : 1)
    const result = run.json() as { record: string; files: Array<{ path: string }> }
    expect({ ...result, files: [...result.files].sort(byPath) }).toEqual({
      record: recordId,
      files: [
        {
          field: 'cv',
          id: (stored.cv as FileObject).id,
          name: 'cv.pdf',
          path: join(out, 'cv.pdf'),
          size: cvBytes.length,
          sha256: sha256(cvBytes),
        },
        {
          field: 'photos',
          id: photos[0].id,
          name: 'same.txt',
          path: join(out, 'same.txt'),
          size: photos[0].size,
          sha256: photos[0].sha256,
        },
        {
          field: 'photos',
          id: photos[1].id,
          name: 'same (2).txt',
          path: join(out, 'same (2).txt'),
          size: photos[1].size,
          sha256: photos[1].sha256,
        },
      ].sort(byPath),
    })
    expect(readdirSync(out).sort()).toEqual(['cv.pdf', 'same (2).txt', 'same.txt'])
    expect([onDisk(join(out, 'cv.pdf')), onDisk(join(out, 'same.txt')), onDisk(join(out, 'same (2).txt'))]).toEqual([
      sha256(cvBytes),
      photos[0].sha256,
      photos[1].sha256,
    ])

    writeFileSync(join(out, 'cv.pdf'), 'changed by hand')
    const again = await cli('records', 'download', recordId, '--app', app, '--out', out, '--field', 'cv', '--json')
    expect(again.code).toBe(1)
    expect(JSON.parse(again.stderr)).toEqual({
      error: {
        type: 'exists',
        message: `${join(out, 'cv.pdf')} already exists: files are never overwritten; pass --force to replace them, or choose another folder`,
      },
    })
    expect(readFileSync(join(out, 'cv.pdf'), 'utf8')).toBe('changed by hand')
    const forced = ok(
      await cli('records', 'download', recordId, '--app', app, '--out', out, '--field', 'cv', '--force'),
    )
    expect(forced.stdout).toBe(
      `Wrote ${join(out, 'cv.pdf')} (${cvBytes.length} bytes, cv, sha256 ${sha256(cvBytes)})\n`,
    )
    expect(onDisk(join(out, 'cv.pdf'))).toBe(sha256(cvBytes))
    expect(readdirSync(out).filter((name) => name.includes('.part-'))).toEqual([])
  })

  test('a field without files is said so', async () => {
    const run = await cli('records', 'download', recordId, '--app', app, '--field', 'name', '--json')
    expect(run.code).toBe(1)
    expect(JSON.parse(run.stderr).error.type).toBe('not_found')
  })
})

describe('share export --files', () => {
  test('every file of the exported records into <dir>/<record id>/<name>', async () => {
    const base = tempDir('svc-cli-export-files-')
    const dir = join(base, 'files')
    const run = ok(
      await cli('share', 'export', '--app', app, '--out', join(base, 'records.csv'), '--files', dir, '--json'),
    )
    const data = run.json() as {
      rows: number
      files: { dir: string; records: number; files: unknown[]; bytes: number }
    }
    const photos = stored.photos as FileObject[]
    expect({ rows: data.rows, ...data.files, files: data.files.files.length }).toEqual({
      rows: 1,
      dir,
      records: 1,
      files: 3,
      bytes: cvBytes.length + photos[0].size + photos[1].size,
    })
    expect(readdirSync(dir)).toEqual([recordId])
    const folder = join(dir, recordId)
    expect(readdirSync(folder).sort()).toEqual(['cv.pdf', 'same (2).txt', 'same.txt'])
    expect(onDisk(join(folder, 'cv.pdf'))).toBe(sha256(cvBytes))
    expect(onDisk(join(folder, 'same (2).txt'))).toBe(photos[1].sha256)

    const csv = readFileSync(join(base, 'records.csv'), 'utf8')
    expect(csv).toContain(`cv.pdf (${cvBytes.length} bytes, `)
    // Again into the same folder: refused before anything is written, unless --force.
    const again = await cli(
      'share',
      'export',
      '--app',
      app,
      '--format',
      'jsonl',
      '--out',
      join(base, 'r.jsonl'),
      '--files',
      dir,
    )
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('already exist')
    // To stdout, the export is the data; what the files took goes to stderr.
    const stdout = await cli('share', 'export', '--app', app, '--format', 'jsonl', '--files', dir, '--force')
    expect({ code: stdout.code, stderr: stdout.stderr, lines: stdout.stdout.trim().split('\n').length }).toEqual({
      code: 0,
      stderr: `Saved 3 files (${data.files.bytes} bytes) of 1 record into ${dir}\n`,
      lines: 1,
    })
  })
})
