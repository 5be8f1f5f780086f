/**
 * @module Webhooks and deliveries as the API shows them (times in ISO 8601). The secret is
 * never shown here: only the answer that makes it carries it, once.
 */
import type { DeliveryRow, WebhookRow } from '../../db/storage/webhooks.ts'

export interface Webhook {
  id: string
  appId: string
  url: string
  events: string[]
  enabled: boolean
  /** Why svc switched it off; null when on, or switched off by the owner. */
  disabledReason: string | null
  /** Failed attempts since the last success. */
  failures: number
  createdAt: string
  updatedAt: string
}

/** A new or rotated subscription: the secret appears here and nowhere else. */
export interface WebhookWithSecret extends Webhook {
  secret: string
}

export interface Delivery {
  /** The `webhook-id` header, the same on every attempt. */
  id: string
  event: string
  /** The record (a batch's first) or app the event is about. */
  subject: string
  /** Records the delivery carries (0 for the app events). */
  records: number
  status: DeliveryRow['status']
  attempts: number
  /** When the next attempt is due (pending only). */
  nextAt: string | null
  lastStatus: number | null
  lastError: string | null
  lastLatencyMs: number | null
  /** The first bytes of the latest answer. */
  lastResponse: string | null
  createdAt: string
  updatedAt: string
}

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
    lastResponse: row.lastResponse,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }
}
