/**
 * @module The PATCHes of this process still reading their body, by upload. A client whose
 * connection broke asks HEAD on a new one at once (tus-js-client retries after 0 ms), often
 * before the server has noticed the old connection is gone: the old PATCH has not yet kept
 * its bytes, and HEAD would answer the offset before them. So, as tusd does, a request on an
 * upload stops the PATCH still under way on it (its body read ends there, the bytes that
 * arrived are kept) and waits for it to settle before it reads the upload. Another process's
 * PATCH is not seen here; the offset check of appendChunk still keeps the upload whole then.
 */
import { AppError } from '../contract/errors.ts'
import type { AppContext } from '../core/context.ts'

/** How long a request waits for the PATCH it stopped (it only has to store what it read). */
const SETTLE_MS = 10_000

interface InFlight {
  stop(): void
  settled: Promise<void>
}

const byContext = new WeakMap<AppContext, Map<string, InFlight>>()

const registry = (ctx: AppContext): Map<string, InFlight> => {
  const found = byContext.get(ctx)
  if (found) return found
  const made = new Map<string, InFlight>()
  byContext.set(ctx, made)
  return made
}

/** Stops the PATCH under way on upload `id` in this process, if any, and waits for it to settle. */
export async function stopInFlight(ctx: AppContext, id: string): Promise<void> {
  const running = registry(ctx).get(id)
  if (!running) return
  running.stop()
  let timer: ReturnType<typeof setTimeout> | undefined
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, SETTLE_MS)
  })
  await Promise.race([running.settled, waited])
  clearTimeout(timer)
}

/**
 * Runs `patch` as the PATCH under way on upload `id`: `stopped` rejects once another request
 * on the upload stops it (the body read races it). The entry goes when `patch` settles.
 */
export async function runInFlight<T>(
  ctx: AppContext,
  id: string,
  patch: (stopped: Promise<never>) => Promise<T>,
): Promise<T> {
  let stop = () => {}
  const stopped = new Promise<never>((_, reject) => {
    stop = () =>
      reject(
        new AppError(
          'conflict',
          'Another request on this upload came while this PATCH was under way; its bytes so far were kept',
        ),
      )
  })
  // Nobody may be waiting on `stopped` when it rejects (the body was read already).
  void stopped.catch(() => {})
  let settle = () => {}
  const entry: InFlight = { stop, settled: new Promise<void>((resolve) => (settle = resolve)) }
  const uploads = registry(ctx)
  uploads.set(id, entry)
  try {
    return await patch(stopped)
  } finally {
    if (uploads.get(id) === entry) uploads.delete(id)
    settle()
  }
}
