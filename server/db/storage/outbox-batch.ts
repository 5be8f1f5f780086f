/**
 * @module The delivery unit of the record events, shared by both stores. A commit (or an
 * edit, or a delete) appends the non-spam records it stored for an app to the outbox in batches of at
 * most OUTBOX_BATCH.records records and about OUTBOX_BATCH.bytes of payload (a larger record
 * goes alone), one row per batch and subscription. A worker moves outbox rows into
 * deliveries before it sends anything, merging the rows of one subscription and record event
 * within the same limits (mergeOutbox): a quiet form gets a delivery per record, a busy one
 * deliveries of up to OUTBOX_BATCH.records records whatever its commits were, so the webhook
 * traffic does not grow with the ingest rate. A delivery's id derives from its first record,
 * fixed when it is made, so it is the same on every attempt (`webhook-id`).
 */
import { OUTBOX_BATCH } from '../../contract/webhooks/events.ts'
import type { DeliveryRow } from './webhooks.ts'

/** One event for every enabled subscription of the app that listens to it (written by each store inside its own transaction). */
export interface OutboxEvent {
  appId: string
  event: string
  /** The delivery ids are this followed by the subscription's id. */
  idPrefix: string
  /** The record (a batch's first) or app the event is about. */
  subject: string
  /** JSON text the event carries (a batch's array of records); null for none. */
  payload: string | null
  /** Records the payload carries (0 for none). */
  records: number
  now: number
}

export { OUTBOX_BATCH }

/** One batch: its first record (the delivery's subject and id), the JSON array it carries and how many records that is. */
export interface OutboxBatch {
  firstId: string
  payload: string
  records: number
}

/** `{"id","createdAt","data"}` of a stored record; `createdAt` is ISO 8601, `data` the stored JSON text, unparsed. */
export const createdJson = (id: string, createdAtIso: string, data: string): string =>
  `{"id":${JSON.stringify(id)},"createdAt":"${createdAtIso}","data":${data}}`

/**
 * `{"id","createdAt","data","changed"}` of an edited record: the record as it is now (`data`
 * the stored JSON text, unparsed) and the names of the fields the edit changed.
 */
export const updatedJson = (id: string, createdAtIso: string, data: string, changed: readonly string[]): string =>
  `{"id":${JSON.stringify(id)},"createdAt":"${createdAtIso}","data":${data},"changed":${JSON.stringify(changed)}}`

/** `{"id"}` of a deleted record. */
export const deletedJson = (id: string): string => `{"id":${JSON.stringify(id)}}`

/** Cuts the records of one app, added in order, into batches. */
export interface Batcher {
  add(id: string, json: string): void
  /** The batches so far, the open one closed. */
  done(): OutboxBatch[]
}

export function batcher(): Batcher {
  const batches: OutboxBatch[] = []
  let first = ''
  let payload = ''
  let records = 0
  const close = () => {
    if (records > 0) batches.push({ firstId: first, payload: `${payload}]`, records })
    records = 0
  }
  return {
    add(id, json) {
      if (records >= OUTBOX_BATCH.records || (records > 0 && payload.length + json.length >= OUTBOX_BATCH.bytes))
        close()
      if (records === 0) {
        first = id
        payload = `[${json}`
      } else {
        payload += `,${json}`
      }
      records++
    },
    done() {
      close()
      return batches
    },
  }
}

/** The batchers of several apps, one each, made on first use. */
export function batchersByApp(): {
  of(appId: string): Batcher
  done(): Array<[appId: string, batches: OutboxBatch[]]>
} {
  const apps = new Map<string, Batcher>()
  return {
    of(appId) {
      let one = apps.get(appId)
      if (!one) {
        one = batcher()
        apps.set(appId, one)
      }
      return one
    },
    done: () => [...apps].map(([appId, one]) => [appId, one.done()]),
  }
}

/** Outbox rows a worker moves into deliveries at most per claim. */
export const MOVE_LIMIT = 1000

/** The events whose deliveries carry a batch of records. */
const RECORD_EVENTS = new Set(['record.created', 'record.updated', 'record.deleted'])

/** A delivery as a worker makes it from outbox rows: its first row's id, subject and time, the rows' records together. */
export type NewDelivery = Pick<
  DeliveryRow,
  'id' | 'webhookId' | 'appId' | 'event' | 'subject' | 'payload' | 'records' | 'createdAt'
>

/** An outbox row: an event for one subscription, not yet a delivery; `id` is the delivery id it becomes when not merged into an earlier row. */
export type OutboxRow = NewDelivery & {
  /** Its order in the outbox. */
  seq: number
}

/**
 * The deliveries the outbox rows `rows` (in outbox order) become: the rows of one
 * subscription and record event merge into the first of them while the batch stays within
 * OUTBOX_BATCH, so a busy form's deliveries carry up to OUTBOX_BATCH.records records whatever
 * its commits were; any other row is a delivery of its own. The worker stores them before it
 * sends anything, so each delivery's id and payload are the same on every attempt.
 */
export function mergeOutbox(rows: readonly OutboxRow[]): NewDelivery[] {
  const deliveries: NewDelivery[] = []
  /** Per subscription and event, the delivery still open to more records, and its parts. */
  const open = new Map<string, { delivery: NewDelivery; parts: string[]; bytes: number }>()
  const merged: Array<{ delivery: NewDelivery; parts: string[] }> = []
  for (const { seq: _, ...row } of rows) {
    const payload = row.payload
    if (payload === null || !RECORD_EVENTS.has(row.event)) {
      deliveries.push(row)
      continue
    }
    const key = `${row.webhookId} ${row.event}`
    const head = open.get(key)
    if (
      head &&
      head.delivery.records + row.records <= OUTBOX_BATCH.records &&
      head.bytes + payload.length <= OUTBOX_BATCH.bytes
    ) {
      if (head.parts.length === 1) merged.push(head)
      head.parts.push(payload.slice(1, -1))
      head.delivery.records += row.records
      head.bytes += payload.length
      continue
    }
    const delivery = { ...row }
    open.set(key, { delivery, parts: [payload.slice(1, -1)], bytes: payload.length })
    deliveries.push(delivery)
  }
  for (const { delivery, parts } of merged) delivery.payload = `[${parts.join(',')}]`
  return deliveries
}
