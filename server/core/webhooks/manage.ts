/**
 * @module The owner's webhook operations: add (the secret shown once), list, update (switch
 * on/off, new URL or events, a new secret), remove, send a test event, list deliveries and
 * retry one. Every operation checks the app is the caller's first.
 */
import { auditChange } from '../audit/record.ts'
import { alertOwner, tokenRef } from '../auth/alerts.ts'
import type { TestResult } from '../../contract/api/webhooks.ts'
import type { AppContext } from '../context.ts'
import { parseInput } from '../../contract/apps/input.ts'
import { requireApp } from '../apps/member-app.ts'
import { AppError, notFound } from '../../contract/errors.ts'
import { newId } from '../ids.ts'
import { envelopeBody } from './envelope.ts'
import { MAX_ATTEMPTS, TEST_EVENT, WEBHOOK_EVENTS, WEBHOOK_LIMITS } from '../../contract/webhooks/events.ts'
import {
  addWebhookSchema,
  deliveriesQuerySchema,
  updateWebhookSchema,
  type AddWebhookInput,
  type UpdateWebhookInput,
} from '../../contract/webhooks/schemas.ts'
import { sendAttempt } from './send.ts'
import { isNotification } from './notifications.ts'
import { newWebhookSecret } from './signing.ts'
import { targetProblem } from './target.ts'
import { toDelivery, toWebhook, type Delivery, type Webhook, type WebhookWithSecret } from './view.ts'

/** What a test send got. */
export type { TestResult }

/** Each event once, in the order first given. */
const unique = (events: readonly string[]) => [...new Set(events)]

/** 422 naming what is wrong with a target, refused before it is stored. */
async function checkTarget(ctx: AppContext, url: string): Promise<void> {
  const problem = await targetProblem(url, ctx.config.webhookAllowPrivate, ctx.webhooks.net)
  // A name that does not resolve now may later; only addresses known to be private are refused here.
  if (problem && !problem.includes('could not be resolved'))
    throw new AppError('validation', `url: ${problem}`, { problems: [{ path: 'url', message: problem }] })
}

async function ownedWebhook(ctx: AppContext, userId: string, appId: string, id: string) {
  await requireApp(ctx, userId, appId)
  const row = await ctx.storage.webhooks.one(appId, id)
  // The owner's e-mail notifications are managed apart (notifications.ts).
  if (!row || isNotification(row)) throw notFound('Webhook')
  return row
}

/** Tells the owner a webhook was added or changed (account alerts: a stolen token could send every record elsewhere). */
async function alertWebhook(
  ctx: AppContext,
  userId: string,
  kind: 'webhook.added' | 'webhook.changed',
  app: { id: string; name: string },
  url: string,
  byTokenId: string | null,
): Promise<void> {
  const by = await tokenRef(ctx, userId, byTokenId)
  await alertOwner(ctx, userId, { kind, appId: app.id, appName: app.name, url, by })
}

/** Adds a subscription (the owner is alerted); the answer carries its secret, which is never shown again. */
export async function addWebhook(
  ctx: AppContext,
  userId: string,
  appId: string,
  input: AddWebhookInput,
  byTokenId: string | null = null,
): Promise<WebhookWithSecret> {
  const body = parseInput(addWebhookSchema, input)
  const app = await requireApp(ctx, userId, appId)
  await checkTarget(ctx, body.url)
  if ((await ctx.storage.webhooks.list(appId)).filter((row) => !isNotification(row)).length >= WEBHOOK_LIMITS.perApp) {
    throw new AppError(
      'conflict',
      `An app can have at most ${WEBHOOK_LIMITS.perApp} webhooks; remove one first (svc-cli share webhook remove)`,
    )
  }
  const secret = newWebhookSecret()
  const now = ctx.clock.now()
  const row = {
    id: newId(),
    appId,
    url: body.url,
    events: JSON.stringify(unique(body.events ?? WEBHOOK_EVENTS)),
    secretCipher: ctx.sealer.seal(secret),
    enabled: true,
    disabledReason: null,
    failures: 0,
    createdAt: now,
    updatedAt: now,
  }
  // A webhook's URL may carry its receiver's secret (chat hooks do): the log names its host.
  auditChange(ctx, {
    target: row.id,
    after: { host: new URL(row.url).host, events: unique(body.events ?? WEBHOOK_EVENTS) },
  })
  await ctx.storage.webhooks.create(row)
  await alertWebhook(ctx, userId, 'webhook.added', app, row.url, byTokenId)
  return { ...toWebhook(row), secret }
}

export async function listWebhooks(ctx: AppContext, userId: string, appId: string): Promise<Webhook[]> {
  await requireApp(ctx, userId, appId)
  return (await ctx.storage.webhooks.list(appId)).filter((row) => !isNotification(row)).map(toWebhook)
}

/** Changes a subscription (the owner is alerted); with `rotateSecret` the answer carries the new secret. */
export async function updateWebhook(
  ctx: AppContext,
  userId: string,
  appId: string,
  id: string,
  input: UpdateWebhookInput,
  byTokenId: string | null = null,
): Promise<Webhook | WebhookWithSecret> {
  const body = parseInput(updateWebhookSchema, input)
  await ownedWebhook(ctx, userId, appId, id)
  if (body.url !== undefined) await checkTarget(ctx, body.url)
  const secret = body.rotateSecret ? newWebhookSecret() : null
  auditChange(ctx, {
    after: {
      ...(body.url !== undefined ? { host: new URL(body.url).host } : {}),
      ...(body.events !== undefined ? { events: unique(body.events) } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      ...(secret ? { newSecret: true } : {}),
    },
  })
  const row = await ctx.storage.webhooks.update(
    appId,
    id,
    {
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.events !== undefined ? { events: JSON.stringify(unique(body.events)) } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      ...(secret ? { secretCipher: ctx.sealer.seal(secret) } : {}),
    },
    ctx.clock.now(),
  )
  if (!row) throw notFound('Webhook')
  const app = await requireApp(ctx, userId, appId)
  await alertWebhook(ctx, userId, 'webhook.changed', app, row.url, byTokenId)
  return secret ? { ...toWebhook(row), secret } : toWebhook(row)
}

/** Removes a subscription and its deliveries (pending ones are not sent). */
export async function removeWebhook(
  ctx: AppContext,
  userId: string,
  appId: string,
  id: string,
): Promise<{ id: string; removed: true }> {
  await ownedWebhook(ctx, userId, appId, id)
  if (!(await ctx.storage.webhooks.remove(appId, id))) throw notFound('Webhook')
  return { id, removed: true }
}

/** Sends a `webhook.test` event now, signed like any other, and says what came back; nothing is stored. */
export async function testWebhook(ctx: AppContext, userId: string, appId: string, id: string): Promise<TestResult> {
  const row = await ownedWebhook(ctx, userId, appId, id)
  const now = ctx.clock.now()
  const deliveryId = `msg_test_${newId()}`
  const body = envelopeBody({ event: TEST_EVENT, appId, payload: null, createdAt: now })
  const { ok, ...outcome } = await sendAttempt(
    { url: row.url, secret: ctx.sealer.open(row.secretCipher), id: deliveryId, body, now },
    { allowPrivate: ctx.config.webhookAllowPrivate, net: ctx.webhooks.net },
  )
  return { delivered: ok, id: deliveryId, ...outcome }
}

/** The subscription's deliveries, newest first. */
export async function listDeliveries(
  ctx: AppContext,
  userId: string,
  appId: string,
  id: string,
  query: { limit?: unknown } = {},
): Promise<Delivery[]> {
  const { limit } = parseInput(deliveriesQuerySchema, query)
  await ownedWebhook(ctx, userId, appId, id)
  return (await ctx.storage.webhooks.deliveries(id, limit ?? 50)).map(toDelivery)
}

/** Makes a delivery due now; a dead or delivered one gets one more attempt. */
export async function retryDelivery(
  ctx: AppContext,
  userId: string,
  appId: string,
  id: string,
  deliveryId: string,
): Promise<Delivery> {
  await ownedWebhook(ctx, userId, appId, id)
  const row = await ctx.storage.webhooks.retry(id, deliveryId, MAX_ATTEMPTS - 1, ctx.clock.now())
  if (!row) throw notFound('Delivery')
  ctx.webhooks.worker.nudge()
  return toDelivery(row)
}
