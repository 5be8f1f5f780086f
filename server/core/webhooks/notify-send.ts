/**
 * @module The worker's e-mail path: the claimed deliveries of one notification subscription
 * become one mail (a digest when several are due together), unless the app had its
 * NOTIFY_PER_HOUR mails this hour: then they are held until the oldest of those mails is an
 * hour old, and go out together. A mail is counted by its carrier delivery (status 250);
 * the other records of a digest point to it. A failed send is retried like a webhook.
 */
import type { AppContext } from '../context.ts'
import type { AttemptOutcome, ClaimedDelivery, FinishedAttempt } from '../../db/storage/webhooks.ts'
import { nextAttemptAt } from '../../contract/webhooks/events.ts'
import { type NotifiedRecord, recordMail } from './notify-mail.ts'
import { NOTIFY_PER_HOUR, unsubscribeUrl } from './notifications.ts'

const HOUR = 3_600_000
/** The SMTP reply code a sent mail is logged with. */
const SENT = 250

type MailContext = Pick<AppContext, 'storage' | 'clock' | 'sealer' | 'config' | 'mailer'>

/** The records a `record.created` delivery carries (its payload: `[{"id","createdAt","data"}…]`). */
function notifiedRecords(delivery: ClaimedDelivery): NotifiedRecord[] {
  const batch = JSON.parse(delivery.payload ?? '[]') as Array<{ id: string; createdAt: string; data: unknown }>
  return batch.map((record) => ({ id: record.id, data: record.data, createdAt: Date.parse(record.createdAt) }))
}

/** Mails (or holds) the claimed deliveries of one notification subscription; what to store about each. */
export async function sendNotifications(
  ctx: MailContext,
  group: ClaimedDelivery[],
  random: () => number,
): Promise<FinishedAttempt[]> {
  const store = ctx.storage.webhooks
  const [first] = group
  const now = ctx.clock.now()
  const outcome = (fields: Partial<AttemptOutcome>): AttemptOutcome => ({
    status: null,
    error: null,
    latencyMs: 0,
    response: null,
    ...fields,
  })
  const sent = await store.mailsSince(first.webhookId, now - HOUR)
  if (sent.count >= NOTIFY_PER_HOUR) {
    const at = (sent.oldest ?? now) + HOUR
    const held = outcome({ error: `held for a digest: ${NOTIFY_PER_HOUR} mails went out in the last hour` })
    return group.map((delivery) => ({ id: delivery.id, outcome: held, next: { status: 'pending', nextAt: at } }))
  }
  const app = await ctx.storage.apps.byId(first.appId)
  const owner = app ? await ctx.storage.users.byId(app.ownerId) : null
  if (!app || !owner) {
    return group.map((delivery) => ({
      id: delivery.id,
      outcome: outcome({ error: 'the app or its owner is gone' }),
      next: { status: 'dead', disableAfter: Infinity, reason: '' },
    }))
  }
  // In the order stored, whatever order the deliveries were claimed in.
  const records = group
    .flatMap(notifiedRecords)
    .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const started = performance.now()
  try {
    await ctx.mailer.send(
      recordMail({
        to: owner.email,
        appName: app.name,
        records,
        dataUrl: `${ctx.config.baseUrl}/admin/#/apps/${encodeURIComponent(app.id)}/data`,
        unsubscribeUrl: unsubscribeUrl(ctx, app.id, first.webhookId),
        perHour: NOTIFY_PER_HOUR,
      }),
    )
  } catch (error) {
    const failed = outcome({
      error: `mail not sent: ${(error as Error).message}`,
      latencyMs: Math.round(performance.now() - started),
    })
    return group.map((delivery) => {
      const at = nextAttemptAt(delivery.attempts + 1, ctx.clock.now(), random)
      return {
        id: delivery.id,
        outcome: failed,
        next: at === null ? { status: 'dead', disableAfter: Infinity, reason: '' } : { status: 'pending', nextAt: at },
      }
    })
  }
  const latencyMs = Math.round(performance.now() - started)
  return group.map((delivery, i) => ({
    id: delivery.id,
    outcome:
      i === 0
        ? outcome({
            status: SENT,
            latencyMs,
            response: records.length > 1 ? `digest of ${records.length} records` : 'mail sent',
          })
        : outcome({ latencyMs, response: `sent in the digest ${first.id}` }),
    next: { status: 'delivered' },
  }))
}
