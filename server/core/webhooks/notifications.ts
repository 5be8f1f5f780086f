/**
 * @module E-mail notifications to an app's owner (opt-in per app): a mail per new non-spam
 * record, at most NOTIFY_PER_HOUR an hour per app, the rest in digests. They ride on the
 * webhook outbox — a notification subscription is a subscription row whose target is
 * NOTIFY_TARGET, so its events are written in the records' transaction and survive restarts
 * like any delivery — and the worker mails instead of POSTing (worker.ts). Each mail carries
 * a link (and List-Unsubscribe headers) that switches them off without logging in.
 */
import type { Notifications } from '../../contract/api/webhooks.ts'
import type { AppContext } from '../context.ts'
import { requireApp } from '../apps/member-app.ts'
import { newId, safeEqual } from '../ids.ts'
import type { WebhookRow } from '../../db/storage/webhooks.ts'
import { NOTIFY_PER_HOUR } from '../../contract/webhooks/events.ts'
import { newWebhookSecret } from './signing.ts'

export { NOTIFY_PER_HOUR }

/** The target of a notification subscription: not a URL anyone can give (add refuses what is not http(s)). */
export const NOTIFY_TARGET = 'mailto:owner'

export const isNotification = (row: Pick<WebhookRow, 'url'>) => row.url === NOTIFY_TARGET

export type { Notifications }

const tokenMac = (ctx: Pick<AppContext, 'sealer'>, appId: string, id: string) =>
  ctx.sealer.mac(`unsubscribe:${appId}:${id}`)

/** The link in each mail that switches notifications off without logging in. */
export const unsubscribeUrl = (ctx: Pick<AppContext, 'sealer' | 'config'>, appId: string, id: string): string =>
  `${ctx.config.baseUrl}/api/v3/unsubscribe/${encodeURIComponent(`${appId}.${id}.${tokenMac(ctx, appId, id)}`)}`

const notificationOf = async (ctx: AppContext, appId: string) =>
  (await ctx.storage.webhooks.list(appId)).find(isNotification) ?? null

const view = (ctx: AppContext, enabled: boolean): Notifications => ({
  enabled,
  perHour: NOTIFY_PER_HOUR,
  smtp: ctx.config.smtpUrl !== null,
})

export async function getNotifications(ctx: AppContext, userId: string, appId: string): Promise<Notifications> {
  await requireApp(ctx, userId, appId)
  return view(ctx, (await notificationOf(ctx, appId))?.enabled ?? false)
}

/** Switches the owner's mails on or off. */
export async function setNotifications(
  ctx: AppContext,
  userId: string,
  appId: string,
  enabled: boolean,
): Promise<Notifications> {
  await requireApp(ctx, userId, appId)
  const existing = await notificationOf(ctx, appId)
  if (enabled && !existing) {
    const now = ctx.clock.now()
    await ctx.storage.webhooks.create({
      id: newId(),
      appId,
      url: NOTIFY_TARGET,
      events: JSON.stringify(['record.created']),
      // Unused (mails are not signed); a subscription row always has one.
      secretCipher: ctx.sealer.seal(newWebhookSecret()),
      enabled: true,
      disabledReason: null,
      failures: 0,
      createdAt: now,
      updatedAt: now,
    })
  } else if (enabled && existing && !existing.enabled) {
    await ctx.storage.webhooks.update(appId, existing.id, { enabled: true }, ctx.clock.now())
  } else if (!enabled && existing) {
    await ctx.storage.webhooks.remove(appId, existing.id)
  }
  return view(ctx, enabled)
}

/** Switches notifications off for the token's subscription; the app's name, or null when the token is not (or no longer) valid. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<{ appName: string } | null> {
  const [appId, id, mac] = token.split('.')
  if (!appId || !id || !mac || !safeEqual(mac, tokenMac(ctx, appId, id))) return null
  const row = await ctx.storage.webhooks.one(appId, id)
  const app = await ctx.storage.apps.byId(appId)
  if (!row || !isNotification(row) || !app) return app ? { appName: app.name } : null
  await ctx.storage.webhooks.remove(appId, id)
  return { appName: app.name }
}
