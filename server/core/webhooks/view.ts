/**
 * @module Webhooks and deliveries as the API shows them (times in ISO 8601). The secret is
 * never shown here: only the answer that makes it carries it, once.
 */
import type { Delivery, Webhook, WebhookWithSecret } from '../../contract/api/webhooks.ts'
import type { DeliveryRow, WebhookRow } from '../../db/storage/webhooks.ts'

export type { Delivery, Webhook, WebhookWithSecret }

const iso = (ms: number) => new Date(ms).toISOString()

export function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    appId: row.appId,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failures: row.failures,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }
}

export function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    event: row.event,
    subject: row.subject,
    records: row.records,
    status: row.status,
    attempts: row.attempts,
    nextAt: row.status === 'pending' ? iso(row.nextAt) : null,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    lastLatencyMs: row.lastLatencyMs,
    // Never shown, even where an older version kept the first bytes of an answer (send.ts).
    lastResponse: null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }
}
