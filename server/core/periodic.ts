/**
 * @module A job a process runs now and then every period (the audit log's and the records'
 * retention): a failed round is one warning and is tried again at the next period; stopping
 * waits for a round under way.
 */
import type { AppContext } from './context.ts'

/** Runs `round` now and every `everyMs`; `failure` is the warning when one throws. Returns the stop. */
export function everyPeriod(
  ctx: AppContext,
  everyMs: number,
  round: () => Promise<unknown>,
  failure: string,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve()
  const run = () => {
    running = round().catch((error: unknown) => ctx.log.warn(failure, { error: (error as Error).message }))
  }
  run()
  const timer = setInterval(run, everyMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
