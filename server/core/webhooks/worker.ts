/**
 * @module The delivery worker, one per process: claims due outbox rows (leased, so several
 * processes on one PostgreSQL database do not send the same row while the lease lasts),
 * sends each signed attempt (send.ts) and stores what came back with what follows —
 * delivered; pending with the next try after exponential backoff with jitter (events.ts);
 * or dead after the last try. A subscription that failed every attempt of a whole retry
 * window (no success in ≈ 1 day) is switched off and its owner told: the admin shows it,
 * and an e-mail goes out when SMTP is configured.
 *
 * At least once: a row is marked delivered only after its 2xx; a process killed between
 * the 2xx and that write sends it again once the lease ran out (the receiver dedupes by
 * `webhook-id`). Rows live in the database, so pending deliveries survive restarts.
 * Delivered and dead rows stay in the log for WEBHOOK_LIMITS.keepMs, then are deleted.
 * Time comes from the injected clock: tests move it and call `runOnce`. Deliveries of the
 * owner's e-mail notifications (notifications.ts) are mailed instead (notify-send.ts).
 */
import type { AppContext } from '../context.ts'
import type { AttemptNext, ClaimedDelivery, FinishedAttempt } from '../../db/storage/webhooks.ts'
import { envelopeBody } from './envelope.ts'
import { MAX_ATTEMPTS, nextAttemptAt, WEBHOOK_LIMITS } from '../../contract/webhooks/events.ts'
import { isNotification } from './notifications.ts'
import { sendNotifications } from './notify-send.ts'
import { sendAttempt } from './send.ts'
import type { TargetNet } from './target.ts'
import type { WebhookWorker } from './worker-types.ts'

/** Why a subscription is switched off, as the admin and the API show it. */
export const DISABLED_REASON = `every attempt failed for ${MAX_ATTEMPTS} tries in a row over about a day`

/** Longest the worker sleeps between looks at the outbox (other processes' rows, expired leases). */
const POLL_MS = 1_000
/** How often the delivery log loses what is older than WEBHOOK_LIMITS.keepMs. */
const PRUNE_EVERY_MS = 3_600_000
/** Shortest sleep, so rows another process is claiming at this instant do not spin the loop. */
const MIN_WAIT_MS = 50
/**
 * After a round that sent something without filling its claim, how long new rows gather
 * before the next look: under a steady stream the worker then claims many rows a round
 * instead of chasing every commit (its reads, lease and log writes are per round). A quiet
 * form's first record still goes at once: an idle worker wakes on the commit's nudge.
 */
const LINGER_MS = 50

export interface WorkerOptions {
  /** DNS and address ranges for the SSRF check. */
  net: TargetNet
  random?: () => number
}

type WorkerContext = Pick<
  AppContext,
  'storage' | 'clock' | 'sealer' | 'config' | 'log' | 'mailer' | 'background' | 'metrics'
>

/** The worker of `ctx`. */
export function createWebhookWorker(ctx: WorkerContext, options: WorkerOptions): WebhookWorker {
  // Long: the loop, its timer and its wake-up are state every step shares.
  let running = false
  let timer: ReturnType<typeof setTimeout> | null = null
  let wake: (() => void) | null = null
  /** Whether a nudge ends the current sleep (the idle one does, the linger does not). */
  let nudgeable = false
  let loop: Promise<void> | null = null
  const random = options.random ?? Math.random

  async function tellOwner(delivery: ClaimedDelivery): Promise<void> {
    ctx.log.warn('webhook switched off after failing for a whole retry window', {
      appId: delivery.appId,
      webhookId: delivery.webhookId,
      url: delivery.url,
    })
    if (!ctx.config.smtpUrl) return
    const app = await ctx.storage.apps.byId(delivery.appId)
    const owner = app ? await ctx.storage.users.byId(app.ownerId) : null
    if (!app || !owner) return
    await ctx.mailer.send({
      to: owner.email,
      subject: 'svc: a webhook was switched off',
      text: [
        `The webhook ${delivery.webhookId} of your app "${app.name}" (${app.id}) was switched off:`,
        `${DISABLED_REASON}.`,
        '',
        `URL: ${delivery.url}`,
        `Last error: ${delivery.lastError ?? 'none'}`,
        '',
        'Fix the receiver, then switch it on again (svc-cli share webhook update --enable, or the admin page)',
        'and retry the dead deliveries (svc-cli share webhook retry).',
      ].join('\n'),
    })
  }

  /** Sends one attempt; what to store about it. */
  async function deliver(delivery: ClaimedDelivery): Promise<FinishedAttempt & { error: string | null }> {
    const outcome = await sendAttempt(
      {
        url: delivery.url,
        secret: ctx.sealer.open(delivery.secretCipher),
        id: delivery.id,
        body: envelopeBody(delivery),
        now: ctx.clock.now(),
      },
      { allowPrivate: ctx.config.webhookAllowPrivate, net: options.net },
    )
    const { ok, ...stored } = outcome
    if (ok) return { id: delivery.id, outcome: stored, next: { status: 'delivered' }, error: null }
    const at = nextAttemptAt(delivery.attempts + 1, ctx.clock.now(), random)
    const next: AttemptNext =
      at === null
        ? { status: 'dead', disableAfter: MAX_ATTEMPTS, reason: DISABLED_REASON }
        : { status: 'pending', nextAt: at }
    return { id: delivery.id, outcome: stored, next, error: outcome.error }
  }

  /** Notification deliveries by subscription: each subscription's are mailed together. */
  function mailGroups(claimed: ClaimedDelivery[]): ClaimedDelivery[][] {
    const groups = new Map<string, ClaimedDelivery[]>()
    for (const delivery of claimed) {
      if (!isNotification(delivery)) continue
      const group = groups.get(delivery.webhookId)
      if (group) group.push(delivery)
      else groups.set(delivery.webhookId, [delivery])
    }
    return [...groups.values()]
  }

  /** When the log was last pruned (epoch ms by the clock); once an hour is plenty. */
  let prunedAt = -Infinity

  async function runOnce(): Promise<number> {
    const now = ctx.clock.now()
    if (now - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = now
      await ctx.storage.webhooks.prune(now - WEBHOOK_LIMITS.keepMs)
    }
    const claimed = await ctx.storage.webhooks.claim(now, now + WEBHOOK_LIMITS.leaseMs, WEBHOOK_LIMITS.batch)
    if (claimed.length === 0) return 0
    const sent = await Promise.all([
      ...claimed
        .filter((delivery) => !isNotification(delivery))
        .map((delivery) => deliver(delivery).then((attempt) => [counted(attempt)])),
      ...mailGroups(claimed).map((group) => sendNotifications(ctx, group, random)),
    ])
    const attempts = sent.flat()
    // The batch's outcomes in one write.
    const { disabled } = await ctx.storage.webhooks.finish(attempts, ctx.clock.now())
    for (const webhookId of disabled) {
      const delivery = claimed.find((d) => d.webhookId === webhookId)!
      const lastError = attempts.find((a) => a.id === delivery.id)?.outcome.error ?? null
      ctx.background(
        tellOwner({ ...delivery, lastError }).catch((error: Error) =>
          ctx.log.warn('could not tell the owner of a switched-off webhook', { error: error.message }),
        ),
      )
    }
    return claimed.length
  }

  /** `attempt`, counted by the metrics as ok (a 2xx) or failed. */
  function counted<A extends { outcome: { status: number | null; error: string | null } }>(attempt: A): A {
    const { status, error } = attempt.outcome
    ctx.metrics.webhookAttempt(error === null && status !== null && status >= 200 && status < 300)
    return attempt
  }

  function sleep(ms: number, byNudge: boolean): Promise<void> {
    return new Promise<void>((resolve) => {
      wake = () => resolve()
      nudgeable = byNudge
      timer = setTimeout(resolve, ms)
    }).finally(() => {
      if (timer) clearTimeout(timer)
      timer = null
      wake = null
      nudgeable = false
    })
  }

  async function run(): Promise<void> {
    while (running) {
      let sent = 0
      try {
        sent = await runOnce()
      } catch (error) {
        ctx.log.warn('the webhook worker could not read the outbox; trying again', { error: (error as Error).message })
      }
      if (!running || sent >= WEBHOOK_LIMITS.batch) continue
      if (sent > 0) {
        await sleep(LINGER_MS, false)
        continue
      }
      let wait = POLL_MS
      try {
        const due = await ctx.storage.webhooks.nextDue()
        if (due !== null) wait = Math.max(MIN_WAIT_MS, Math.min(POLL_MS, due - ctx.clock.now()))
      } catch {
        // The next runOnce says what is wrong.
      }
      if (running) await sleep(wait, true)
    }
  }

  return {
    start() {
      if (running) return
      running = true
      loop = run()
    },
    nudge: () => {
      if (nudgeable) wake?.()
    },
    runOnce,
    async stop() {
      running = false
      wake?.()
      await loop
      loop = null
    },
  }
}
