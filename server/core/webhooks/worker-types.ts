/**
 * @module The webhook delivery worker as the context names it (`ctx.webhooks.worker`,
 * core/context.ts): its interface. The worker itself is core/webhooks/worker.ts.
 */

export interface WebhookWorker {
  /** Starts the loop (the server does; tests call runOnce). */
  start(): void
  /** Looks at the outbox now (new rows were committed). */
  nudge(): void
  /** Claims and sends what is due now; resolves with how many deliveries were attempted. */
  runOnce(): Promise<number>
  /** Stops the loop and waits for the attempts under way. */
  stop(): Promise<void>
}
