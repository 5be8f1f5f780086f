/**
 * @module Blob stores in tests: each test context's own disk store (a fresh folder of the
 * run's temp root, made on the first write: most contexts never store a file), and sources
 * and sinks for the file tests: deterministic bytes made chunk by chunk (never the whole
 * file at once), their SHA-256, and a source that fails part-way.
 */
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { BlobStore } from '../../server/core/files/blob-store.ts'
import { diskBlobStore } from '../../server/files/disk.ts'
import { sharedTempPath } from './tmp.ts'

/** A disk blob store in a fresh folder of this run's temp root. */
export const testBlobStore = (): BlobStore => diskBlobStore(join(sharedTempPath('blobs'), randomUUID()))

/** The bytes of a deterministic stream (xorshift32 from `seed`), `total` long, in chunks of about `chunk`. */
export async function* deterministicBytes(
  total: number,
  options: { seed?: number; chunk?: number; failAfter?: number; onChunk?: () => void } = {},
): AsyncGenerator<Uint8Array> {
  let state = options.seed ?? 0x9e3779b9
  let sent = 0
  let round = 0
  const chunk = options.chunk ?? 64 * 1024
  while (sent < total) {
    if (options.failAfter !== undefined && sent >= options.failAfter) throw new Error('the source broke off')
    options.onChunk?.()
    // Chunk sizes vary (odd ones too), so no write lines up with a part or a page.
    const size = Math.min(total - sent, chunk + ((round++ * 7919) % 1021) - 510)
    const bytes = new Uint8Array(size)
    for (let i = 0; i < size; i++) {
      state ^= state << 13
      state ^= state >>> 17
      state ^= state << 5
      bytes[i] = state & 0xff
    }
    sent += size
    yield bytes
  }
  if (options.failAfter !== undefined) throw new Error('the source broke off')
}

/** Every byte of `source` in one array (for the small checks only). */
export async function collect(
  source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
): Promise<Uint8Array<ArrayBuffer>> {
  const parts: Uint8Array[] = []
  for await (const part of source as AsyncIterable<Uint8Array>) parts.push(part)
  return new Uint8Array(await new Blob(parts as BlobPart[]).arrayBuffer())
}

/** The SHA-256 (hex) of everything `source` gives, hashed as it streams. */
export async function sha256(source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>): Promise<string> {
  const hasher = new Bun.CryptoHasher('sha256')
  for await (const part of source as AsyncIterable<Uint8Array>) hasher.update(part)
  return hasher.digest('hex')
}
