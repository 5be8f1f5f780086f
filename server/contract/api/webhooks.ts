/**
 * @module The webhooks operations (an app's signed webhook subscriptions and their delivery
 * log), the notifications operations (the owner's e-mail per new record) and the
 * unsubscribe link every such mail carries, with their answers.
 */
import { z } from 'zod'
import { MAX_ATTEMPTS, NOTIFY_PER_HOUR, TEST_EVENT, WEBHOOK_EVENTS, WEBHOOK_LIMITS } from '../webhooks/events.ts'
import {
  addWebhookSchema,
  deliveriesQuerySchema,
  notificationsSchema,
  updateWebhookSchema,
} from '../webhooks/schemas.ts'
import { content, data, type OperationsOf, lazyAnswers } from './operation.ts'
import { named, onFirstUse } from './named.ts'
import { isoTime } from './shapes.ts'

const webhookShape = onFirstUse(() => ({
  id: z.string(),
  appId: z.string(),
  url: z.string(),
  events: z.array(z.string()).meta({ description: `The events sent: ${WEBHOOK_EVENTS.join(', ')}` }),
  enabled: z.boolean(),
  disabledReason: z
    .string()
    .nullable()
    .meta({ description: 'Why svc switched it off; null when on, or switched off by the owner' }),
  failures: z.number().int().meta({ description: 'Failed attempts since the last success' }),
  createdAt: isoTime,
  updatedAt: isoTime,
}))

export const webhookSchema = named('Webhook', () => z.object(webhookShape()))
export type Webhook = z.output<ReturnType<typeof webhookSchema>>

/** A new or rotated subscription: the secret appears here and nowhere else. */
export const webhookWithSecretSchema = named('WebhookWithSecret', () =>
  z.object({
    ...webhookShape(),
    secret: z.string().meta({ description: 'The signing secret (whsec_…), shown this once' }),
  }),
)
export type WebhookWithSecret = z.output<ReturnType<typeof webhookWithSecretSchema>>

export const deliverySchema = named('Delivery', () =>
  z.object({
    id: z.string().meta({ description: 'The webhook-id header, the same on every attempt' }),
    event: z.string(),
    subject: z.string().meta({ description: "The record (a batch's first) or app the event is about" }),
    records: z.number().int().meta({ description: 'Records the delivery carries (0 for the app events)' }),
    status: z.enum(['pending', 'delivered', 'dead']),
    attempts: z.number().int(),
    nextAt: isoTime.nullable().meta({ description: 'When the next attempt is due (pending only)' }),
    lastStatus: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The HTTP status of the latest attempt; null when none came' }),
    lastError: z.string().nullable(),
    lastLatencyMs: z.number().int().nullable(),
    lastResponse: z.string().nullable().meta({
      description: "Always null: svc keeps an answer's status and timing, never its body (kept for older clients)",
    }),
    createdAt: isoTime,
    updatedAt: isoTime,
  }),
)
export type Delivery = z.output<ReturnType<typeof deliverySchema>>

export const testResultSchema = named('WebhookTestResult', () =>
  z.object({
    delivered: z.boolean().meta({ description: 'The target answered 2xx' }),
    id: z.string().meta({ description: 'The webhook-id header of the test send' }),
    status: z.number().int().nullable().meta({ description: 'The HTTP status; null when no answer came' }),
    error: z.string().nullable(),
    latencyMs: z.number().int(),
    response: z.string().nullable().meta({
      description: "Always null: svc reports an answer's status and timing, never its body (kept for older clients)",
    }),
  }),
)
export type TestResult = z.output<ReturnType<typeof testResultSchema>>

export const notificationsAnswerSchema = named('Notifications', () =>
  z.object({
    enabled: z.boolean(),
    perHour: z.number().int().meta({ description: 'Mails an hour at most; past it, records come in digests' }),
    smtp: z.boolean().meta({
      description: 'False when the server has no SMTP (SVC_SMTP_URL): notifications are then written to its log',
    }),
  }),
)
export type Notifications = z.output<ReturnType<typeof notificationsAnswerSchema>>

const tags = ['webhooks']

export const webhookOperations = lazyAnswers({
  'webhooks.list': {
    summary: "List an app's webhooks",
    tags,
    access: 'owner',
    permission: 'settings:read',
    answers: () => ({ 200: data(z.object({ webhooks: z.array(webhookSchema()) }), 'The webhooks') }),
    errors: ['not_found'],
  },
  'webhooks.add': {
    summary: 'Add a webhook',
    description: `The answer carries its signing secret, shown this once. Events are signed POSTs (Standard Webhooks); an app has at most ${WEBHOOK_LIMITS.perApp} webhooks (409 conflict). A URL whose host resolves to a non-public address (loopback, private, link-local or any other IANA special-purpose block) is refused (422 validation) unless the server allows such targets (SVC_WEBHOOK_ALLOW_PRIVATE).`,
    tags,
    access: 'owner',
    permission: 'share:write',
    body: addWebhookSchema,
    answers: () => ({ 200: data(webhookWithSecretSchema(), 'The new webhook with its secret') }),
    errors: ['not_found', 'conflict'],
  },
  'webhooks.update': {
    summary: 'Change a webhook',
    description:
      'URL, events, on or off (switching on clears the failure count), a new secret (`rotateSecret`: the answer carries it, once).',
    tags,
    access: 'owner',
    permission: 'share:write',
    body: updateWebhookSchema,
    answers: () => ({
      200: data(
        z.union([webhookWithSecretSchema(), webhookSchema()]),
        'The webhook as it is now, with its new secret when rotated',
      ),
    }),
    errors: ['not_found'],
  },
  'webhooks.remove': {
    summary: 'Remove a webhook and its pending deliveries',
    tags,
    access: 'owner',
    permission: 'share:write',
    answers: () => ({ 200: data(z.object({ id: z.string(), removed: z.literal(true) }), 'What was removed') }),
    errors: ['not_found'],
  },
  'webhooks.deliveries': {
    summary: "A webhook's deliveries",
    description: `Newest first, with their latest attempt; ${WEBHOOK_LIMITS.maxDeliveries} at most.`,
    tags,
    access: 'owner',
    permission: 'settings:read',
    query: deliveriesQuerySchema,
    answers: () => ({ 200: data(z.object({ deliveries: z.array(deliverySchema()) }), 'The deliveries') }),
    errors: ['not_found', 'validation'],
  },
  'webhooks.retry': {
    summary: 'Send a delivery again now',
    description: `A pending delivery is made due now; a delivered or dead one gets one more attempt (of ${MAX_ATTEMPTS}).`,
    tags,
    access: 'owner',
    permission: 'share:write',
    answers: () => ({ 200: data(deliverySchema(), 'The delivery, due now') }),
    errors: ['not_found'],
  },
  'webhooks.test': {
    summary: 'Send a test event now',
    description: `Sends a signed ${TEST_EVENT} event to the webhook's URL and says what came back; nothing is stored and a failed send is not an error.`,
    tags,
    access: 'owner',
    permission: 'share:write',
    answers: () => ({ 200: data(testResultSchema(), 'What the send got') }),
    errors: ['not_found'],
  },
} as const) satisfies OperationsOf<'webhooks'>

export const notificationOperations = lazyAnswers({
  'notifications.get': {
    summary: 'Whether the owner gets an e-mail per new record',
    tags,
    access: 'owner',
    permission: 'settings:read',
    answers: () => ({ 200: data(notificationsAnswerSchema(), 'The notification setting') }),
    errors: ['not_found'],
  },
  'notifications.set': {
    summary: 'Switch the e-mail per new record on or off',
    description: `At most ${NOTIFY_PER_HOUR} mails an hour per app, then digests; each mail carries an unsubscribe link that needs no login.`,
    tags,
    access: 'owner',
    permission: 'share:write',
    body: notificationsSchema,
    answers: () => ({ 200: data(notificationsAnswerSchema(), 'The notification setting as it is now') }),
    errors: ['not_found'],
  },
} as const) satisfies OperationsOf<'notifications'>

const unsubscribeToken = 'The token is the one of the link in a notification mail (no login).'

export const unsubscribeOperations = lazyAnswers({
  'unsubscribe.page': {
    summary: 'The unsubscribe page of a notification mail',
    description: `${unsubscribeToken} Shows one button that switches the mails off, so a mail scanner following links unsubscribes nobody.`,
    tags,
    access: 'public',
    answers: () => ({
      200: content('text/html', 'The page with the button'),
      404: content('text/html', 'The page saying the link is not valid'),
    }),
    errors: [],
  },
  'unsubscribe.confirm': {
    summary: 'Stop the notification mails',
    description: `${unsubscribeToken} The page's button, or a mail client's one-click List-Unsubscribe-Post; a body, if any, is not read.`,
    tags,
    access: 'public',
    answers: () => ({
      200: content('text/html', 'The page saying the mails stopped'),
      404: content('text/html', 'The page saying the link is not valid'),
    }),
    errors: [],
  },
} as const) satisfies OperationsOf<'unsubscribe'>
