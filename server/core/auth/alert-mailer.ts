/**
 * @module This process's alert mailer: each round it queues the notices of tokens about to
 * expire (token-expiry.ts), then mails the batches that are due (alerts.ts).
 */
import { queueExpiryNotices } from './token-expiry.ts'
import { type SendContext, sendAccountAlerts } from './alerts.ts'

/** How often a process looks for due batches (a mail goes out within ALERT_BATCH_MS + this). */
const POLL_MS = 5_000

/**
 * Starts this process's alert mailer: every POLL_MS, the due batches go out (other
 * processes on the same PostgreSQL database do the same; claims keep them apart).
 * Returns the stop, which waits for a round under way.
 */
export function startAlertMailer(ctx: SendContext): () => Promise<void> {
  let running = true
  let wake: (() => void) | null = null
  const loop = (async () => {
    while (running) {
      try {
        await queueExpiryNotices(ctx)
        await sendAccountAlerts(ctx)
      } catch (error) {
        ctx.log.warn('could not read the account alerts; trying again', { error: (error as Error).message })
      }
      if (!running) break
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
    }
  })()
  return async () => {
    running = false
    wake?.()
    await loop
  }
}
