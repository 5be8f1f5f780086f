/**
 * @module Dropping the files a refused submission had stored: their rows first (so no record
 * can claim them any more), then their bytes. A crash in between leaves bytes without a row,
 * which nothing can name; the rows of files whose bytes are gone never exist.
 */
import type { AppContext } from '../context.ts'

/** Deletes the app's pending files among `ids`, rows and bytes. */
export async function discardFiles(ctx: AppContext, appId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  const rows = await ctx.storage.files.discardPending(appId, ids)
  await ctx.blobs.remove(rows.map((row) => row.blobKey))
}
