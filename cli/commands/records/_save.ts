/**
 * @module Saving a record's files on this machine, shared by `records download` and
 * `share export --files`. The names come from strangers, so each is cleaned to one plain
 * segment (no path, no control characters, no leading dot), and a name taken twice in one
 * folder gets ` (2)`, ` (3)`… before its extension. Nothing is overwritten without `force`:
 * the bytes go to a temp file beside the target, are checked against the file's SHA-256 and
 * size, and only then take the name (a hard link, which fails if the name exists; a rename
 * with `force`). Each download waits on the server at most the client's timeout per read.
 */
import { createHash } from 'node:crypto'
import { createWriteStream, existsSync, linkSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { once } from 'node:events'
import { extname, join, resolve } from 'node:path'
import { isFileObject, type FileObject } from '../../../server/contract/files/model.ts'
import type { SvcClient } from '../../client.ts'
import { CliError } from '../../errors.ts'

/** One file saved. */
export interface SavedFile {
  field: string
  id: string
  name: string
  path: string
  size: number
  sha256: string
}

/** A record's files, field by field in the record's key order (only `field` when given). */
export function recordFiles(data: Record<string, unknown>, field?: string): Array<[field: string, file: FileObject]> {
  const out: Array<[string, FileObject]> = []
  for (const key of Object.keys(data)) {
    if (field !== undefined && key !== field) continue
    const value = data[key]
    const files = Array.isArray(value) ? value.filter(isFileObject) : isFileObject(value) ? [value] : []
    for (const file of files) out.push([key, file])
  }
  return out
}

/** Each chunk of a download in turn; the download is cancelled if the loop stops early. */
export async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      yield value
    }
  } finally {
    reader.releaseLock()
    await body.cancel().catch(() => {})
  }
}

const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069/\\:*?"<>|]/g

/** `name` as one safe segment of a path; `fallback` (the file id) when nothing is left. */
export function cleanName(name: string, fallback: string): string {
  const cleaned = name
    .replace(UNSAFE, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 200)
  return cleaned === '' ? fallback : cleaned
}

/** The names of `files` in one folder, cleaned and made unique (` (2)` before the extension). */
export function uniqueNames(files: readonly FileObject[]): string[] {
  const taken = new Set<string>()
  return files.map((file) => {
    const wanted = cleanName(file.name, file.id)
    const ext = extname(wanted)
    const stem = ext ? wanted.slice(0, -ext.length) : wanted
    let name = wanted
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`
    taken.add(name.toLowerCase())
    return name
  })
}

/** Writes the download of `file` to `target` through a temp file, checked against its hash and size. */
async function saveOne(client: SvcClient, appId: string, file: FileObject, target: string, force: boolean) {
  const response = await client.callDownload('files.download', { params: { id: appId, file: file.id } })
  if (!response.body) throw new CliError('bad_response', `The server sent no bytes for file ${file.id}`)
  const temp = `${target}.part-${process.pid}`
  const out = createWriteStream(temp, { mode: 0o600 })
  const hash = createHash('sha256')
  let size = 0
  try {
    for await (const chunk of chunksOf(response.body)) {
      hash.update(chunk)
      size += chunk.byteLength
      if (!out.write(chunk)) await once(out, 'drain')
    }
    out.end()
    await once(out, 'close')
    const sha256 = hash.digest('hex')
    if (sha256 !== file.sha256 || size !== file.size)
      throw new CliError(
        'bad_response',
        `The download of ${file.name} (${file.id}) is not the stored file: ${size} bytes with SHA-256 ${sha256}, expected ${file.size} bytes with ${file.sha256}`,
      )
    if (force) renameSync(temp, target)
    else linkSync(temp, target)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw existing([target])
    throw error
  } finally {
    out.destroy()
    rmSync(temp, { force: true })
  }
}

const existing = (paths: string[]) =>
  new CliError(
    'exists',
    `${paths.join(', ')} already exist${paths.length === 1 ? 's' : ''}: files are never overwritten; pass --force to replace them, or choose another folder`,
  )

/** Where `files` go in `dir`: the folder, each file's cleaned name and its path. */
export function plan(files: ReadonlyArray<[field: string, file: FileObject]>, dir: string) {
  const folder = resolve(dir)
  const names = uniqueNames(files.map(([, file]) => file))
  return { folder, names, targets: names.map((name) => join(folder, name)) }
}

/** Refuses when any of `targets` exists (before anything is downloaded). */
export function refuseExisting(targets: readonly string[]): void {
  const taken = targets.filter((target) => existsSync(target))
  if (taken.length > 0) throw existing(taken)
}

/**
 * Saves `files` of record `recordId` into the folder `dir` (made when missing), refusing
 * before any download when a target exists and `force` is not given.
 */
export async function saveFiles(
  client: SvcClient,
  appId: string,
  files: ReadonlyArray<[field: string, file: FileObject]>,
  dir: string,
  force: boolean,
): Promise<SavedFile[]> {
  const { folder, names, targets } = plan(files, dir)
  if (!force) refuseExisting(targets)
  if (files.length > 0) mkdirSync(folder, { recursive: true })
  const saved: SavedFile[] = []
  for (let i = 0; i < files.length; i++) {
    const [field, file] = files[i]
    await saveOne(client, appId, file, targets[i], force)
    saved.push({ field, id: file.id, name: names[i], path: targets[i], size: file.size, sha256: file.sha256 })
  }
  return saved
}
