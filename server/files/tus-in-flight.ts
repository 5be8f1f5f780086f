/**
 * @module The PATCHes of this process still reading their body, by upload. A client whose
 * connection broke asks HEAD on a new one at once (tus-js-client retries after 0 ms), often
 * before the server has noticed the old connection is gone: the old PATCH has not yet kept
 * its bytes, and HEAD would answer the offset before them. So, as tusd does, a request on an
 * upload stops the PATCH still under way on it and waits for it to settle before it reads the
 * upload. A stopped PATCH still takes what has arrived (each read gets STOP_GRACE_MS, and
 * bytes already received come at once); only a body that stalls then is cut there, the bytes
 * before kept. Another process's PATCH is not seen here; the offset check of appendChunk
 * still keeps the upload whole then.
 */
import { AppError } from '../contract/errors.ts'
import type { AppContext } from '../core/context.ts'

/** How long a request waits for the PATCH it stopped (it only has to store what it read). */
const SETTLE_MS = 10_000
/** How long each read of a stopped PATCH's body may take: bytes already received come at once. */
const STOP_GRACE_MS = 1000

/** The stop of one PATCH, as its body reads see it. */
export interface StopSignal {
  /** `read`, unless this PATCH was stopped and `read` then takes longer than the grace: 409 `conflict`. */
  within<T>(read: Promise<T>): Promise<T>
}

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

const stoppedError = () =>
  new AppError(
    'conflict',
    'Another request on this upload came while this PATCH was under way; its bytes so far were kept',
  )

/** A stop signal and the function that pulls it. */
function stopSignal(): { signal: StopSignal; stop: () => void } {
  let stopped = false
  const waiting = new Set<() => void>()
  const stop = () => {
    stopped = true
    for (const arm of waiting) arm()
    waiting.clear()
  }
  const within = <T>(read: Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined
      const arm = () => {
        timer = setTimeout(() => reject(stoppedError()), STOP_GRACE_MS)
      }
      const done = () => {
        waiting.delete(arm)
        clearTimeout(timer)
      }
      if (stopped) arm()
      else waiting.add(arm)
      void read.then(
        (value) => {
          done()
          resolve(value)
        },
        (error: unknown) => {
          done()
          reject(error)
        },
      )
    })
  return { signal: { within }, stop }
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

/** Runs `patch` as the PATCH under way on upload `id`, its body reads under `signal`; the entry goes when it settles. */
export async function runInFlight<T>(
  ctx: AppContext,
  id: string,
  patch: (signal: StopSignal) => Promise<T>,
): Promise<T> {
  const { signal, stop } = stopSignal()
  let settle = () => {}
  const entry: InFlight = { stop, settled: new Promise<void>((resolve) => (settle = resolve)) }
  const uploads = registry(ctx)
  uploads.set(id, entry)
  try {
    return await patch(signal)
  } finally {
    if (uploads.get(id) === entry) uploads.delete(id)
    settle()
  }
}
