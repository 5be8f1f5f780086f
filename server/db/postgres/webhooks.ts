/**
 * @module WebhookStore on PostgreSQL (see storage/webhooks.ts), and the outbox writes the
 * other stores make inside their own transactions (`pgOutbox`; the group commit writes its
 * rows in its one statement, record-commit.ts). Several processes share the outbox: a claim
 * moves outbox rows into deliveries (taken FOR UPDATE SKIP LOCKED and deleted, merged,
 * storage/outbox-batch.ts), then takes due deliveries FOR UPDATE SKIP LOCKED and leases them,
 * in one transaction, so two workers never take the same row while its lease lasts; a lease
 * that ran out (its process died) makes the row due again. Rows are visible only once
 * committed (synchronous_commit=on), so nothing is sent that could still be lost.
 */
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import {
  batcher,
  deletedJson,
  mergeOutbox,
  MOVE_LIMIT,
  type OutboxEvent,
  type OutboxRow,
} from '../storage/outbox-batch.ts'
import type { ClaimedDelivery, DeliveryRow, DeliveryStatus, WebhookStore } from '../storage/webhooks.ts'
import type { PgTx } from './app-lock.ts'
import type { PgContext } from './context.ts'
import { webhookDeliveries, webhooks } from './schema.ts'

/** Anything that runs a drizzle SQL statement: the pool or a transaction. */
type Executor = Pick<PgTx, 'execute'>

/** Writes the outbox rows of `events` on `tx` (inside the caller's transaction). */
export async function pgOutbox(tx: Executor, events: OutboxEvent[]): Promise<void> {
  for (const e of events) {
    await tx.execute(sql`INSERT INTO webhook_outbox (id, webhook_id, app_id, event, subject, payload, records, created_at)
      SELECT ${e.idPrefix} || w.id, w.id, w.app_id, ${e.event}, ${e.subject}, ${e.payload}, ${e.records}, ${e.now}
      FROM webhooks w WHERE w.app_id = ${e.appId} AND w.enabled AND position(${JSON.stringify(e.event)} in w.events) > 0`)
  }
}

/** Writes the `record.deleted` outbox rows of the app's non-spam records `ids` on `tx`, in batches, in one statement. */
export async function pgOutboxDeleted(tx: Executor, appId: string, ids: readonly string[], now: number): Promise<void> {
  const batching = batcher()
  for (const id of ids) batching.add(id, deletedJson(id))
  const batches = batching.done()
  if (batches.length === 0) return
  await tx.execute(sql`INSERT INTO webhook_outbox (id, webhook_id, app_id, event, subject, payload, records, created_at)
    SELECT 'msg_' || b.first_id || '_deleted_' || w.id, w.id, w.app_id, 'record.deleted', b.first_id, b.payload, b.records, ${now}
    FROM unnest(${sql.param(batches.map((b) => b.firstId))}::text[], ${sql.param(batches.map((b) => b.payload))}::text[], ${sql.param(batches.map((b) => b.records))}::int[]) AS b(first_id, payload, records)
    JOIN webhooks w ON w.app_id = ${appId} AND w.enabled AND position('"record.deleted"' in w.events) > 0`)
}

type RawDelivery = Record<string, unknown>

/** Moves the outbox into deliveries, merged, on `tx` (inside a transaction): rows another worker is moving are skipped. */
async function moveOutbox(tx: Executor, now: number): Promise<void> {
  for (;;) {
    const taken =
      (await tx.execute(sql`DELETE FROM webhook_outbox WHERE seq IN (SELECT seq FROM webhook_outbox ORDER BY seq LIMIT ${MOVE_LIMIT} FOR UPDATE SKIP LOCKED)
      RETURNING seq, id, webhook_id, app_id, event, subject, payload, records, created_at`)) as unknown as RawDelivery[]
    if (taken.length === 0) return
    const rows: OutboxRow[] = taken
      .map((r) => ({
        seq: Number(r.seq),
        id: r.id as string,
        webhookId: r.webhook_id as string,
        appId: r.app_id as string,
        event: r.event as string,
        subject: r.subject as string,
        payload: (r.payload as string | null) ?? null,
        records: Number(r.records),
        createdAt: Number(r.created_at),
      }))
      .sort((a, b) => a.seq - b.seq)
    const made = mergeOutbox(rows)
    const column = <K extends keyof (typeof made)[number]>(key: K) => sql.param(made.map((delivery) => delivery[key]))
    await tx.execute(sql`INSERT INTO webhook_deliveries (id, webhook_id, app_id, event, subject, payload, records, status, attempts, next_at, created_at, updated_at)
      SELECT m.id, m.webhook_id, m.app_id, m.event, m.subject, m.payload, m.records, 'pending', 0, ${now}, m.created_at, ${now}
      FROM unnest(${column('id')}::text[], ${column('webhookId')}::text[], ${column('appId')}::text[], ${column('event')}::text[], ${column('subject')}::text[],
        ${column('payload')}::text[], ${column('records')}::int[], ${column('createdAt')}::bigint[]) AS m(id, webhook_id, app_id, event, subject, payload, records, created_at)`)
    if (taken.length < MOVE_LIMIT) return
  }
}

/** A row of a raw statement (snake_case, bigints as strings or numbers) as a ClaimedDelivery. */
const claimed = (r: RawDelivery): ClaimedDelivery => ({
  id: r.id as string,
  webhookId: r.webhook_id as string,
  appId: r.app_id as string,
  event: r.event as string,
  subject: r.subject as string,
  payload: (r.payload as string | null) ?? null,
  records: Number(r.records),
  status: r.status as DeliveryStatus,
  attempts: Number(r.attempts),
  nextAt: Number(r.next_at),
  leaseUntil: r.lease_until === null ? null : Number(r.lease_until),
  lastStatus: r.last_status === null ? null : Number(r.last_status),
  lastError: (r.last_error as string | null) ?? null,
  lastLatencyMs: r.last_latency_ms === null ? null : Number(r.last_latency_ms),
  lastResponse: (r.last_response as string | null) ?? null,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
  url: r.url as string,
  secretCipher: r.secret_cipher as string,
})

/** The webhook store over the PostgreSQL pool. */
export function postgresWebhooks(db: PgContext): WebhookStore {
  // Long: the store's methods, each short, over one pool.
  const pg = db.db
  const ofApp = (appId: string, id: string) => and(eq(webhooks.appId, appId), eq(webhooks.id, id))

  return {
    async list(appId) {
      return pg
        .select()
        .from(webhooks)
        .where(eq(webhooks.appId, appId))
        .orderBy(asc(webhooks.createdAt), asc(webhooks.id))
    },

    async one(appId, id) {
      const [row] = await pg.select().from(webhooks).where(ofApp(appId, id))
      return row ?? null
    },

    async anyEnabled(appId) {
      const rows = await pg
        .select({ id: webhooks.id })
        .from(webhooks)
        .where(and(eq(webhooks.appId, appId), eq(webhooks.enabled, true)))
        .limit(1)
      return rows.length > 0
    },

    async create(row) {
      await db.changes.transaction(pg, async (tx, changed) => {
        await tx.insert(webhooks).values(row)
        changed(row.appId, 'webhooks')
      })
    },

    async update(appId, id, changes, now) {
      return db.changes.transaction(pg, async (tx, changed) => {
        const [row] = await tx
          .update(webhooks)
          .set({ ...changes, ...(changes.enabled ? { failures: 0, disabledReason: null } : {}), updatedAt: now })
          .where(ofApp(appId, id))
          .returning()
        if (row) changed(appId, 'webhooks')
        return row ?? null
      })
    },

    async remove(appId, id) {
      return db.changes.transaction(pg, async (tx, changed) => {
        const gone = (await tx.delete(webhooks).where(ofApp(appId, id)).returning({ id: webhooks.id })).length > 0
        if (gone) changed(appId, 'webhooks')
        return gone
      })
    },

    async claim(now, leaseUntil, limit) {
      return pg.transaction(async (tx) => {
        await moveOutbox(tx, now)
        const rows = await tx.execute(sql`WITH due AS (
            SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
            WHERE d.status = 'pending' AND d.next_at <= ${now} AND (d.lease_until IS NULL OR d.lease_until <= ${now}) AND w.enabled
            ORDER BY d.next_at LIMIT ${limit}
            FOR UPDATE OF d SKIP LOCKED
          )
          UPDATE webhook_deliveries d SET lease_until = ${leaseUntil}
          FROM due, webhooks w WHERE d.id = due.id AND w.id = d.webhook_id
          RETURNING d.*, w.url, w.secret_cipher`)
        return (rows as unknown as RawDelivery[]).map(claimed).sort((a, b) => a.nextAt - b.nextAt)
      })
    },

    async finish(attempts, now) {
      return db.changes.transaction(pg, async (tx, changed) => {
        const disabled: string[] = []
        for (const { id, outcome, next } of attempts) {
          const [row] = await tx
            .update(webhookDeliveries)
            .set({
              status: next.status,
              attempts: sql`${webhookDeliveries.attempts} + 1`,
              ...(next.status === 'pending' ? { nextAt: next.nextAt } : {}),
              leaseUntil: null,
              lastStatus: outcome.status,
              lastError: outcome.error,
              lastLatencyMs: outcome.latencyMs,
              lastResponse: outcome.response,
              updatedAt: now,
            })
            .where(eq(webhookDeliveries.id, id))
            .returning({ webhookId: webhookDeliveries.webhookId, appId: webhookDeliveries.appId })
          if (!row) continue
          const failures = next.status === 'delivered' ? sql`0` : sql`${webhooks.failures} + 1`
          const [hook] = await tx.update(webhooks).set({ failures }).where(eq(webhooks.id, row.webhookId)).returning()
          if (next.status !== 'dead' || !hook || !hook.enabled || hook.failures < next.disableAfter) continue
          await tx
            .update(webhooks)
            .set({ enabled: false, disabledReason: next.reason, updatedAt: now })
            .where(eq(webhooks.id, row.webhookId))
          changed(row.appId, 'webhooks')
          disabled.push(row.webhookId)
        }
        return { disabled }
      })
    },

    async deliveries(webhookId, limit) {
      // The log shows every event: those still in the outbox become deliveries first.
      await pg.transaction((tx) => moveOutbox(tx, db.now()))
      return (await pg
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, webhookId))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit)) as DeliveryRow[]
    },

    async retry(webhookId, id, attempts, now) {
      return db.changes.transaction(pg, async (tx) => {
        const [current] = await tx
          .select()
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, id)))
          .for('update')
        if (!current) return null
        const [row] = await tx
          .update(webhookDeliveries)
          .set({
            status: 'pending',
            nextAt: now,
            leaseUntil: null,
            updatedAt: now,
            ...(current.status === 'pending' ? {} : { attempts }),
          })
          .where(eq(webhookDeliveries.id, id))
          .returning()
        return (row as DeliveryRow | undefined) ?? null
      })
    },

    async mailsSince(webhookId, since) {
      const [row] = await pg
        .select({ count: sql<string>`count(*)`, oldest: sql<string | null>`min(${webhookDeliveries.updatedAt})` })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.webhookId, webhookId),
            eq(webhookDeliveries.status, 'delivered'),
            eq(webhookDeliveries.lastStatus, 250),
            gte(webhookDeliveries.updatedAt, since),
          ),
        )
      return { count: Number(row?.count ?? 0), oldest: row?.oldest == null ? null : Number(row.oldest) }
    },

    async prune(before) {
      await pg
        .delete(webhookDeliveries)
        .where(and(inArray(webhookDeliveries.status, ['delivered', 'dead']), lt(webhookDeliveries.updatedAt, before)))
    },

    async nextDue() {
      if ((await pg.execute(sql`SELECT 1 FROM webhook_outbox LIMIT 1`)).length > 0) return 0
      const [row] = await pg
        .select({
          at: sql<
            string | null
          >`min(greatest(${webhookDeliveries.nextAt}, coalesce(${webhookDeliveries.leaseUntil}, 0)))`,
        })
        .from(webhookDeliveries)
        .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
        .where(and(eq(webhookDeliveries.status, 'pending'), eq(webhooks.enabled, true)))
      return row?.at == null ? null : Number(row.at)
    },
  }
}
