/**
 * @module Removing files nothing needs any more (`ctx.files`): files whose record or app was
 * deleted, pending uploads no record named within FILE_LIMITS.pendingMs, and resumable
 * uploads past their expiry. Deleting a record or an app only deletes rows; the bytes are
 * removed here, soon after (each deletion nudges the sweeper) and every SWEEP_MS anyway, so
 * a crash between the two leaves nothing behind for long. Bytes go first, then the rows:
 * a row is never left pointing at nothing while anything can still name it. A pending file
 * is taken out of the pending set before its bytes go (discardPending), so a record
 * committing at that moment either claims it or is refused, never left naming lost bytes.
 * With several processes on PostgreSQL each sweeps; removing a blob twice is no error.
 */
import { FILE_LIMITS } from '../contract/files/model.ts'
import type { FileRow, UploadRow } from '../db/storage/files.ts'
import type { AppContext } from '../core/context.ts'
import type { FileSweeper } from '../core/files/sweeper-types.ts'

/** How often the sweeper runs without being nudged. */
export const SWEEP_MS = 10 * 60 * 1000

/** Orphans handled per round. */
const BATCH = 200

/** The blob keys of an upload: its chunks, and the final key an interrupted finish may have written. */
const uploadKeys = (upload: UploadRow): string[] => [...upload.chunks, `${upload.appId}/${upload.id}`]

export function createFileSweeper(ctx: AppContext): FileSweeper {
  let running: Promise<number> | null = null
  let again = false

  /** Removes one batch; the count removed (0: nothing left). */
  async function round(): Promise<number> {
    const now = ctx.clock.now()
    const { files, uploads } = await ctx.storage.files.orphans(now - FILE_LIMITS.pendingMs, now, BATCH)
    if (files.length === 0 && uploads.length === 0) return 0
    const pending = files.filter((file) => file.recordId === null)
    const attached = files.filter((file) => file.recordId !== null)
    // Pending files leave the pending set first; only the rows that were still pending lose their bytes.
    const byApp = new Map<string, string[]>()
    for (const file of pending) byApp.set(file.appId, [...(byApp.get(file.appId) ?? []), file.id])
    const discarded: FileRow[] = []
    for (const [appId, ids] of byApp) discarded.push(...(await ctx.storage.files.discardPending(appId, ids)))
    await ctx.blobs.remove([
      ...discarded.map((file) => file.blobKey),
      ...attached.map((file) => file.blobKey),
      ...uploads.flatMap(uploadKeys),
    ])
    await ctx.storage.files.forget(
      attached.map((file) => file.id),
      uploads.map((upload) => upload.id),
    )
    return discarded.length + attached.length + uploads.length
  }

  async function sweepAll(): Promise<number> {
    let removed = 0
    for (;;) {
      const count = await round()
      removed += count
      if (count < BATCH && !again) return removed
      again = false
    }
  }

  function sweep(): Promise<number> {
    if (running) {
      again = true
      return running
    }
    running = sweepAll().finally(() => {
      running = null
    })
    return running
  }

  return {
    nudge() {
      ctx.background(
        sweep().catch((error) => ctx.log.warn('file sweep failed; it runs again later', { error: String(error) })),
      )
    },
    sweep,
    start() {
      const timer = setInterval(() => this.nudge(), SWEEP_MS)
      timer.unref()
      this.nudge()
      return () => clearInterval(timer)
    },
  }
}
