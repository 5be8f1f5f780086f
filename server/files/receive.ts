/**
 * @module Taking one file in, from any of the three ways (a multipart part, `files.upload`,
 * a finished tus upload): its bytes stream to the blob store while they are counted against
 * the limit, hashed (SHA-256), their start kept for sniffing, sent to the virus scanner when
 * there is one, and charged to the client's upload budget. Only once all of that passed is
 * the file's row stored, as a pending file a record may then name. Whatever fails on the way
 * (too large, the quota, the budget, a virus, the scanner away, the client gone), nothing
 * stays: the blob store drops what it had written and no row is made.
 *
 * Memory holds one chunk at a time and the sniffed start: it never grows with the file.
 */
import { createHash } from 'node:crypto'
import { AppError } from '../contract/errors.ts'
import { formatBytes } from '../contract/files/model.ts'
import type { AppContext } from '../core/context.ts'
import type { ScanSession } from '../core/files/scanner.ts'
import { newId } from '../core/ids.ts'
import type { FileRow } from '../db/storage/files.ts'
import { cleanFileName } from './names.ts'
import { countFileBytes, uploadStarted } from './upload-garbage.ts'
import { SNIFF_BYTES, sniffType } from './sniff.ts'

/** One file to take in. */
export interface Incoming {
  appId: string
  /** The name the client gave (cleaned here). */
  name: string | null
  /** What the file is, for messages: `Field "cv"`, `The upload`. */
  what: string
  /** Largest size in bytes (the field's `maxSize`, else the server's ceiling). */
  maxBytes: number
  /** The client's address, whose upload budget is charged; null for the owner's own (no budget). */
  client: string | null
  /** The client key stored as the uploader (null: the owner). */
  uploadedBy: string | null
  /** Bytes the client said the file has (tus Upload-Length, a part's Content-Length), checked against the quota before any is read. */
  declaredBytes?: number
  /** The file's id: a finished tus upload keeps its upload's id; a new one when absent. */
  id?: string
  /** Bytes the quota already counts for this file (a tus upload's chunks, which the file replaces). */
  counted?: number
}

/** Stores the row of a file taken in; throws to refuse it (its blob is then removed). */
export type CommitFile = (row: FileRow) => Promise<void>

/** 413 `too_large` for a file past `maxBytes`. */
export const fileTooLarge = (what: string, maxBytes: number): AppError =>
  new AppError(
    'too_large',
    `${what} is larger than ${formatBytes(maxBytes)}, the most this form takes for one file; nothing was stored. Send a smaller file`,
    { limit: 'maxSize', max: maxBytes },
  )

/** 413 `quota_exceeded`: the app's files would pass its storage quota. */
const quotaExceeded = (what: string, quota: number, used: number): AppError =>
  new AppError(
    'quota_exceeded',
    `${what} does not fit: this form's files may take ${formatBytes(quota)} in all (SVC_FILES_QUOTA) and ${formatBytes(used)} are taken; nothing was stored. The owner can delete records with files or raise the quota`,
    { limit: 'quota', max: quota, used },
  )

/** 422 `infected`: the scanner found a virus. */
const infected = (what: string, signature: string): AppError =>
  new AppError(
    'infected',
    `${what} holds a virus (${signature}), so it was not stored and nothing of the submission was kept`,
    { signature },
  )

/** Refuses when the app's files, with `more` bytes, would pass its quota. */
export async function checkQuota(ctx: AppContext, appId: string, what: string, more: number): Promise<void> {
  const quota = ctx.config.filesQuotaBytes
  const { bytes } = await ctx.storage.files.usage(appId)
  if (bytes + more > quota) throw quotaExceeded(what, quota, bytes)
}

/** The upload budget's key of a client. */
const budgetKey = (client: string) => `upload:${client}`

/** Charges `bytes` to the client's hourly upload budget; 429 past it. */
export function chargeUpload(ctx: AppContext, client: string | null, bytes: number): void {
  if (client === null || bytes === 0) return
  const perHour = ctx.config.uploadBytesPerHour
  const taken = ctx.limiter.take(budgetKey(client), { rate: perHour / 3600, burst: perHour }, bytes)
  if (!taken.ok) {
    throw new AppError(
      'rate_limited',
      `This client uploaded more than ${formatBytes(perHour)} in the last hour; try again in ${taken.retryAfterSeconds} seconds`,
      { retryAfter: taken.retryAfterSeconds },
    )
  }
}

/** What the stream of a file saw on its way to the store. */
interface Seen {
  size: number
  head: Uint8Array
  sha256: string
}

/**
 * The chunks of `source`, counted, hashed, sampled, scanned and charged on their way: throws
 * as soon as a limit is passed, so the store stops writing and drops the blob.
 */
async function* watched(
  ctx: AppContext,
  incoming: Incoming,
  source: AsyncIterable<Uint8Array>,
  scan: ScanSession | null,
  seen: Seen,
): AsyncGenerator<Uint8Array> {
  const hash = createHash('sha256')
  const head = new Uint8Array(SNIFF_BYTES)
  let headLength = 0
  for await (const chunk of source) {
    if (chunk.length === 0) continue
    seen.size += chunk.length
    if (seen.size > incoming.maxBytes) throw fileTooLarge(incoming.what, incoming.maxBytes)
    chargeUpload(ctx, incoming.client, chunk.length)
    hash.update(chunk)
    countFileBytes(chunk.length)
    if (headLength < SNIFF_BYTES) {
      const take = Math.min(SNIFF_BYTES - headLength, chunk.length)
      head.set(chunk.subarray(0, take), headLength)
      headLength += take
    }
    if (scan) await scan.write(chunk)
    yield chunk
  }
  seen.head = head.subarray(0, headLength)
  seen.sha256 = hash.digest('hex')
}

/**
 * Takes in `source` as a new pending file of the app and resolves with its row, stored by
 * `commit` (by default inserted as a pending file; a finished tus upload swaps its upload row
 * for it). Throws 413 `too_large` or `quota_exceeded`, 422 `infected`, 429 `rate_limited`,
 * 503 `scan_unavailable`, what `commit` throws, or the source's own error (the client went
 * away); nothing is kept then.
 */
export async function receiveFile(
  ctx: AppContext,
  incoming: Incoming,
  source: AsyncIterable<Uint8Array>,
  commit: CommitFile = (row) => ctx.storage.files.insert(row),
): Promise<FileRow> {
  const maxBytes = Math.min(incoming.maxBytes, ctx.config.maxFileBytes)
  const file = { ...incoming, maxBytes }
  if (file.declaredBytes !== undefined && file.declaredBytes > maxBytes) throw fileTooLarge(file.what, maxBytes)
  await checkQuota(ctx, file.appId, file.what, file.declaredBytes ?? 0)
  const id = file.id ?? newId()
  const blobKey = `${file.appId}/${id}`
  const scan = ctx.scanner ? await ctx.scanner.open() : null
  const seen: Seen = { size: 0, head: new Uint8Array(0), sha256: '' }
  const ended = uploadStarted()
  try {
    await ctx.blobs.write(blobKey, watched(ctx, file, source, scan, seen))
  } catch (error) {
    scan?.abort()
    throw error
  } finally {
    ended()
  }
  try {
    if (scan) {
      const verdict = await scan.finish()
      if (!verdict.clean) throw infected(file.what, verdict.signature)
    }
    // Concurrent uploads each passed the first check: the quota is counted again with this file's bytes.
    await checkQuota(ctx, file.appId, file.what, seen.size - (file.counted ?? 0))
    const row: FileRow = {
      id,
      appId: file.appId,
      recordId: null,
      blobKey,
      name: cleanFileName(file.name),
      size: seen.size,
      type: await sniffType(seen.head, seen.size <= SNIFF_BYTES),
      sha256: seen.sha256,
      uploadedBy: file.uploadedBy,
      createdAt: ctx.clock.now(),
    }
    await commit(row)
    return row
  } catch (error) {
    await ctx.blobs.remove([blobKey]).catch(() => {})
    throw error
  }
}
