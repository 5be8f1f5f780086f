/**
 * What only the disk blob store promises, beyond the shared cases of blob-store.test.ts: its
 * folders are 0700 and its files 0600, no temp file outlives a write, and an upload's folder goes
 * with its last part.
 */
import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { diskBlobStore } from '../../server/files/disk.ts'
import { collect, deterministicBytes } from '../support/blobs.ts'
import { tempDir } from '../support/tmp.ts'

const modeOf = (path: string) => statSync(path).mode & 0o777

/** Every path under `root`, relative, sorted (folders end with a slash). */
function tree(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .map((entry) => {
      const path = join(entry.parentPath, entry.name).slice(root.length + 1)
      return entry.isDirectory() ? `${path}/` : path
    })
    .sort()
}

describe('disk blob store', () => {
  test('makes its folders 0700 and its files 0600, with no temp file left', async () => {
    const root = join(tempDir('disk-'), 'files')
    const store = diskBlobStore(root)
    await store.write('app1/f1', deterministicBytes(5000))
    await store.write('uploads/u1/0', deterministicBytes(10))
    await store.write('uploads/u1/1', deterministicBytes(10), { keepPartial: true })
    expect(tree(root)).toEqual(['app1/', 'app1/f1', 'uploads/', 'uploads/u1/', 'uploads/u1/0', 'uploads/u1/1'])
    for (const folder of [root, join(root, 'app1'), join(root, 'uploads'), join(root, 'uploads', 'u1')]) {
      expect(modeOf(folder)).toBe(0o700)
    }
    for (const file of ['app1/f1', 'uploads/u1/0', 'uploads/u1/1']) expect(modeOf(join(root, file))).toBe(0o600)
    expect(new Uint8Array(readFileSync(join(root, 'app1', 'f1')))).toEqual(await collect(deterministicBytes(5000)))
  })

  test('a failed write leaves no temp file; a cut one keeps its bytes in place', async () => {
    const root = tempDir('disk-')
    const store = diskBlobStore(root)
    await expect(store.write('app1/f1', deterministicBytes(100_000, { failAfter: 70_000 }))).rejects.toThrow(
      'the source broke off',
    )
    expect(tree(root)).toEqual(['app1/'])
    const written = await store.write('app1/f2', deterministicBytes(100_000, { failAfter: 70_000 }), {
      keepPartial: true,
    })
    expect(tree(root)).toEqual(['app1/', 'app1/f2'])
    expect(statSync(join(root, 'app1', 'f2')).size).toBe(written.bytes)
  })

  test("an upload's folder goes with its last part; the shared folders stay", async () => {
    const root = tempDir('disk-')
    const store = diskBlobStore(root)
    for (const key of ['uploads/u1/0', 'uploads/u1/1', 'uploads/u2/0', 'app1/f1']) {
      await store.write(key, deterministicBytes(10))
    }
    await store.remove(['uploads/u1/0'])
    expect(tree(root)).toEqual([
      'app1/',
      'app1/f1',
      'uploads/',
      'uploads/u1/',
      'uploads/u1/1',
      'uploads/u2/',
      'uploads/u2/0',
    ])
    await store.remove(['uploads/u1/1', 'uploads/u2/0', 'app1/f1'])
    expect(tree(root)).toEqual(['app1/', 'uploads/'])
    // A write into a folder a remove just emptied makes it again.
    await store.write('uploads/u1/2', deterministicBytes(10))
    expect(await store.size('uploads/u1/2')).toBe(10)
  })

  test('totalBytes counts every file under the root, and a missing root is 0', async () => {
    const store = diskBlobStore(join(tempDir('disk-'), 'not-yet'))
    expect(await store.totalBytes()).toBe(0)
    await store.write('app1/a', deterministicBytes(1234))
    await store.write('uploads/u1/0', deterministicBytes(766))
    expect(await store.totalBytes()).toBe(2000)
  })

  test('a key naming a folder is no blob', async () => {
    const store = diskBlobStore(tempDir('disk-'))
    await store.write('uploads/u1/0', deterministicBytes(10))
    expect(await store.size('uploads/u1')).toBeNull()
    await expect(store.read('uploads/u1')).rejects.toThrow('no blob under uploads/u1')
    expect(await store.size('uploads/u1/0/deeper')).toBeNull()
  })
})
