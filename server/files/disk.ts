/**
 * @module The disk blob store, the default: one file per key under a folder of the data dir
 * (`<data dir>/files`), folders 0700 and files 0600, since the bytes are respondents' uploads.
 *
 * A write goes to a temp file beside its target (`.part-<random>`, a name no key can have),
 * chunk by chunk, each chunk written before the next is asked for, so memory never grows
 * with the file. Only once the bytes are fsynced is the temp file renamed into place and the
 * folder fsynced: a key never names half a file, even after a crash.
 */
import { randomUUID } from 'node:crypto'
import { lstat, mkdir, open, readdir, rename, rmdir, stat, unlink } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Dirent } from 'node:fs'
import { BlobMissing, type BlobStore, type Written } from '../core/files/blob-store.ts'
import { checkKey, checkRange } from './keys.ts'

const FOLDER_MODE = 0o700
const FILE_MODE = 0o600
/** Bytes gathered before one write to the file. */
const WRITE_BYTES = 1024 * 1024

const isCode = (error: unknown, ...codes: string[]) =>
  error instanceof Error && codes.includes((error as NodeJS.ErrnoException).code ?? '')

/** A blob store keeping each blob as a file under `root` (made, 0700, when missing). */
export function diskBlobStore(root: string): BlobStore {
  const pathOf = (key: string) => join(root, checkKey(key))

  return {
    kind: 'disk',
    write: async (key, source, options) => writeFile(root, pathOf(key), source, options?.keepPartial === true),

    async read(key, range) {
      const path = pathOf(key)
      checkRange(range)
      if ((await fileSize(path)) === null) throw new BlobMissing(key)
      const file = Bun.file(path)
      return (range ? file.slice(range.start, range.end + 1) : file).stream()
    },

    size: async (key) => fileSize(pathOf(key)),

    async remove(keys) {
      const paths = keys.map(pathOf)
      for (const path of paths) {
        try {
          await unlink(path)
        } catch (error) {
          if (!isCode(error, 'ENOENT')) throw error
        }
        await removeEmptyFolders(root, path)
      }
    },

    totalBytes: () => treeBytes(root),
  }
}

/** The size of the regular file at `path`, or null when there is none. */
async function fileSize(path: string): Promise<number | null> {
  try {
    const info = await stat(path)
    return info.isFile() ? info.size : null
  } catch (error) {
    if (isCode(error, 'ENOENT', 'ENOTDIR')) return null
    throw error
  }
}

/** Opens a new temp file beside `path`, making its folders (0700) first. */
async function openTemp(root: string, path: string) {
  const folder = dirname(path)
  const temp = join(folder, `.part-${randomUUID()}`)
  await mkdir(root, { recursive: true, mode: FOLDER_MODE })
  // A remove of the folder's last blob may take the folder away between mkdir and open: try once more.
  for (let attempt = 0; ; attempt++) {
    await mkdir(folder, { recursive: true, mode: FOLDER_MODE })
    try {
      return { temp, handle: await open(temp, 'wx', FILE_MODE) }
    } catch (error) {
      if (attempt > 0 || !isCode(error, 'ENOENT')) throw error
    }
  }
}

/** Writes `source` to a temp file, fsyncs it and renames it to `path`; see the module comment. */
async function writeFile(
  root: string,
  path: string,
  source: AsyncIterable<Uint8Array>,
  keepPartial: boolean,
): Promise<Written> {
  const { temp, handle } = await openTemp(root, path)
  const chunks = source[Symbol.asyncIterator]()
  let bytes = 0
  let cut = false
  // Chunks are gathered up to WRITE_BYTES and written in one call: a request body arrives in
  // 64 KiB pieces, and one write per piece costs more than the bytes do.
  let gathered: Uint8Array[] = []
  let gatheredBytes = 0
  const flush = async () => {
    if (gatheredBytes === 0) return
    bytes += await writeAll(handle, gathered, gatheredBytes)
    gathered = []
    gatheredBytes = 0
  }
  try {
    try {
      for (;;) {
        let next: IteratorResult<Uint8Array>
        try {
          next = await chunks.next()
        } catch (error) {
          if (!keepPartial) throw error
          cut = true
          break
        }
        if (next.done) break
        gathered.push(next.value)
        gatheredBytes += next.value.byteLength
        if (gatheredBytes >= WRITE_BYTES) await flush()
      }
      await flush()
    } catch (error) {
      // A failed disk write stops the source too; a failed source has stopped already.
      await chunks.return?.().catch(() => {})
      throw error
    }
    await handle.sync()
  } catch (error) {
    await handle.close().catch(() => {})
    await unlink(temp).catch(() => {})
    throw error
  }
  await handle.close()
  await rename(temp, path)
  await syncFolder(dirname(path))
  return { bytes, cut }
}

/** Writes all of `chunks` (`total` bytes) in as few calls as the system allows; resolves with `total`. */
async function writeAll(
  handle: Awaited<ReturnType<typeof open>>,
  chunks: Uint8Array[],
  total: number,
): Promise<number> {
  let pending = chunks
  let left = total
  while (left > 0) {
    const { bytesWritten } = await handle.writev(pending)
    left -= bytesWritten
    // A short write: carry on from the first byte not written.
    let skip = bytesWritten
    while (skip > 0 && pending.length > 0 && skip >= pending[0].byteLength) {
      skip -= pending[0].byteLength
      pending = pending.slice(1)
    }
    if (skip > 0) pending = [pending[0].subarray(skip), ...pending.slice(1)]
  }
  return total
}

/** Fsyncs a folder, so a rename into it survives a crash. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/**
 * Removes the folders above `path` that are empty now, up to but not including the key's
 * first folder (`uploads`, an app's folder): an upload's folder goes with its last part, while
 * the folders other writes share stay, so a write never finds its folder taken away mid-way.
 */
async function removeEmptyFolders(root: string, path: string): Promise<void> {
  const segments = path.slice(root.length + 1).split('/')
  for (let depth = segments.length - 1; depth > 1; depth--) {
    try {
      await rmdir(join(root, ...segments.slice(0, depth)))
    } catch (error) {
      if (isCode(error, 'ENOTEMPTY', 'EEXIST', 'ENOENT')) return
      throw error
    }
  }
}

/** The bytes of every file under `folder` (0 when it does not exist). */
async function treeBytes(folder: string): Promise<number> {
  let entries: Dirent[]
  try {
    entries = await readdir(folder, { withFileTypes: true })
  } catch (error) {
    if (isCode(error, 'ENOENT')) return 0
    throw error
  }
  let total = 0
  for (const entry of entries) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) total += await treeBytes(path)
    else if (entry.isFile()) total += (await lstat(path)).size
  }
  return total
}
