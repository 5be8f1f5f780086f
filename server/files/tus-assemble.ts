/**
 * @module A tus upload made a file once its last byte is in: its chunk blobs are streamed in
 * order through the same checks as any file taken in (receive.ts: SHA-256, sniffed type,
 * virus scan, quota) into the file's blob `<app id>/<upload id>`, and the upload row is swapped
 * for the pending file's in one transaction (FileStore.finishUpload), so the file keeps the
 * upload's id: the last segment of its Location is what a record names. Then the chunks go.
 * When the file is refused (a virus, the scanner away, the quota), nothing of the upload
 * stays: it could never be finished anyway.
 */
import { AppError } from '../contract/errors.ts'
import type { FileObject } from '../contract/files/model.ts'
import type { AppContext } from '../core/context.ts'
import { fileObject } from '../core/files/references.ts'
import type { UploadRow } from '../db/storage/files.ts'
import { receiveFile } from './receive.ts'

/** The bytes of the chunk blobs under `keys`, in order, one read at a time. */
async function* chunksOf(ctx: AppContext, keys: readonly string[]): AsyncGenerator<Uint8Array> {
  for (const key of keys) yield* (await ctx.blobs.read(key)) as unknown as AsyncIterable<Uint8Array>
}

/** Deletes an upload's row and its chunks (expired, refused, terminated). */
export async function discardUpload(ctx: AppContext, row: UploadRow): Promise<void> {
  await ctx.storage.files.removeUpload(row.appId, row.id)
  await ctx.blobs.remove(row.chunks)
}

/** Makes the complete upload `row` a pending file of the same id; throws what receiving the file throws, the upload deleted then. */
export async function assembleUpload(ctx: AppContext, row: UploadRow): Promise<FileObject> {
  let file: FileObject
  try {
    const stored = await receiveFile(
      ctx,
      {
        appId: row.appId,
        name: row.name || null,
        what: row.name ? `The file ${JSON.stringify(row.name)}` : 'The upload',
        maxBytes: row.length,
        // Its bytes were charged to the client's budget as they arrived.
        client: null,
        uploadedBy: row.uploadedBy,
        id: row.id,
        counted: row.offset,
      },
      chunksOf(ctx, row.chunks),
      async (fileRow) => {
        if (!(await ctx.storage.files.finishUpload(row.appId, row.id, fileRow)))
          throw new AppError('not_found', 'This upload was deleted while its file was being stored; nothing was kept')
      },
    )
    file = fileObject(stored)
  } catch (error) {
    await discardUpload(ctx, row).catch(() => {})
    throw error
  }
  // The file is stored: chunks left behind by a failed remove cost space, not the answer.
  await ctx.blobs
    .remove(row.chunks)
    .catch((error: unknown) =>
      ctx.log.warn('could not remove the chunks of a finished upload', { upload: row.id, error: String(error) }),
    )
  return file
}
