/**
 * @module Input schemas of the webhook operations, shared by the HTTP routes (and so the
 * OpenAPI document), the CLI and the MCP tools.
 */
import { z } from 'zod'
import { bodyObject, expect } from '../apps/input.ts'
import { isHttpUrl } from '../connect/safe-url.ts'
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS } from './events.ts'

const eventList = WEBHOOK_EVENTS.map((event) => `"${event}"`).join(', ')

export const webhookUrlSchema = z
  .string({ error: expect('an http(s) URL') })
  .trim()
  .max(WEBHOOK_LIMITS.maxUrlLength, `can have at most ${WEBHOOK_LIMITS.maxUrlLength} characters`)
  .refine(
    isHttpUrl,
    'must be an absolute http:// or https:// URL without user name or password, such as https://example.com/hooks/svc',
  )
  .meta({ description: 'Where the signed POSTs go', example: 'https://example.com/hooks/svc' })

export const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `must be one of ${eventList}` }), { error: expect('an array of event names') })
  .min(1, 'must list at least one event')
  .meta({ description: `Events to send: ${eventList}`, example: ['record.created'] })

export const addWebhookSchema = bodyObject({
  url: webhookUrlSchema,
  events: webhookEventsSchema.optional().meta({ description: `Events to send (default all: ${eventList})` }),
})
export type AddWebhookInput = z.input<typeof addWebhookSchema>

export const updateWebhookSchema = bodyObject({
  url: webhookUrlSchema.optional(),
  events: webhookEventsSchema.optional(),
  enabled: z
    .boolean({ error: expect('true or false') })
    .optional()
    .meta({ description: 'Switch sending on or off; switching on clears the failure count' }),
  rotateSecret: z
    .literal(true, { error: expect('true') })
    .optional()
    .meta({ description: 'Replace the signing secret; the new one is in the answer, once' }),
})
export type UpdateWebhookInput = z.input<typeof updateWebhookSchema>

export const deliveriesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: expect('a whole number') })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(WEBHOOK_LIMITS.maxDeliveries, `can be at most ${WEBHOOK_LIMITS.maxDeliveries}`)
    .optional()
    .meta({ description: `Deliveries to show, newest first (default 50, at most ${WEBHOOK_LIMITS.maxDeliveries})` }),
})

export const notificationsSchema = bodyObject({
  enabled: z.boolean({ error: expect('true or false') }).meta({ description: 'Mail the owner about each new record' }),
})
