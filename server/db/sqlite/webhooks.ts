/**
 * @module WebhookStore on SQLite (see storage/webhooks.ts), and the outbox writes the other
 * stores make inside their own transactions (`sqliteOutbox`): one row per event and enabled
 * subscription that listens to it, chosen by the INSERT … SELECT itself, so a subscription
 * removed or switched off a moment ago gets nothing.
 *
 * Durability: a claim resolves only once the WAL is synced past it (wal-sync.ts: the deferred
 * sync the record writer uses, coalesced with its syncs), so every commit before it — the
 * records whose events it claims — is on disk before anything is sent. The worker's own
 * writes (leases, attempts) skip SQLite's fsync: losing one to a power cut only sends a
 * delivery again, which at-least-once allows.
 */
import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { ClaimedDelivery, DeliveryRow, WebhookStore } from '../storage/webhooks.ts'
import type { SqliteContext } from './context.ts'
import { webhookDeliveries, webhooks } from './schema.ts'

/** One event for every enabled subscription of the app that listens to it. */
export interface OutboxEvent {
  appId: string
  event: string
  /** The delivery ids are this followed by the subscription's id. */
  idPrefix: string
  subject: string
  payload: string | null
  now: number
}

/** Writes outbox rows on the open connection (inside the caller's transaction). */
export function sqliteOutbox(db: Pick<SqliteContext, 'sqlite'>): (event: OutboxEvent) => void {
  const insert = db.sqlite.prepare<unknown, [{ appId: string; event: string; quoted: string; idPrefix: string; subject: string; payload: string | null; now: number }]>(
    `INSERT INTO webhook_deliveries (id, webhook_id, app_id, event, subject, payload, status, attempts, next_at, created_at, updated_at)
     SELECT $idPrefix || w.id, w.id, w.app_id, $event, $subject, $payload, 'pending', 0, $now, $now, $now
     FROM webhooks w WHERE w.app_id = $appId AND w.enabled = 1 AND instr(w.events, $quoted) > 0`,
  )
  return (event) => void insert.run({ ...event, quoted: JSON.stringify(event.event) })
}

/** Writes the `record.deleted` outbox rows of the app's non-spam records among `ids` (inside the caller's transaction, before they go). */
export function sqliteOutboxDeleted(db: Pick<SqliteContext, 'sqlite'>): (appId: string, ids: readonly string[], now: number) => void {
  const insert = db.sqlite.prepare<unknown, [{ appId: string; ids: string; now: number }]>(
    `INSERT INTO webhook_deliveries (id, webhook_id, app_id, event, subject, payload, status, attempts, next_at, created_at, updated_at)
     SELECT 'msg_' || r.id || '_deleted_' || w.id, w.id, r.app_id, 'record.deleted', r.id, NULL, 'pending', 0, $now, $now, $now
     FROM records r JOIN webhooks w ON w.app_id = r.app_id AND w.enabled = 1 AND instr(w.events, '"record.deleted"') > 0
     WHERE r.app_id = $appId AND r.spam = 0 AND r.id IN (SELECT value FROM json_each($ids))`,
  )
  return (appId, ids, now) => void insert.run({ appId, ids: JSON.stringify(ids), now })
}

/** The webhook store over the open SQLite database. */
export function sqliteWebhooks(db: SqliteContext): WebhookStore {
  const d = db.db
  const immediate = <T>(work: () => T): T => d.transaction(work, { behavior: 'immediate' })
  const ofApp = (appId: string, id: string) => and(eq(webhooks.appId, appId), eq(webhooks.id, id))
  const due = (now: number) =>
    and(
      eq(webhookDeliveries.status, 'pending'),
      lte(webhookDeliveries.nextAt, now),
      or(isNull(webhookDeliveries.leaseUntil), lte(webhookDeliveries.leaseUntil, now)),
      eq(webhooks.enabled, true),
    )

  return {
    async list(appId) {
      return d.select().from(webhooks).where(eq(webhooks.appId, appId)).orderBy(asc(webhooks.createdAt), asc(webhooks.id)).all()
    },

    async one(appId, id) {
      return d.select().from(webhooks).where(ofApp(appId, id)).get() ?? null
    },

    async anyEnabled(appId) {
      return d.select({ id: webhooks.id }).from(webhooks).where(and(eq(webhooks.appId, appId), eq(webhooks.enabled, true))).limit(1).get() !== undefined
    },

    async create(row) {
      d.insert(webhooks).values(row).run()
      db.changes.emit(row.appId, 'webhooks')
    },

    async update(appId, id, changes, now) {
      const row = d
        .update(webhooks)
        .set({ ...changes, ...(changes.enabled ? { failures: 0, disabledReason: null } : {}), updatedAt: now })
        .where(ofApp(appId, id))
        .returning()
        .get()
      if (row) db.changes.emit(appId, 'webhooks')
      return row ?? null
    },

    async remove(appId, id) {
      const gone = d.delete(webhooks).where(ofApp(appId, id)).returning({ id: webhooks.id }).get() !== undefined
      if (gone) db.changes.emit(appId, 'webhooks')
      return gone
    },

    async claim(now, leaseUntil, limit) {
      // A read first: an idle poll writes (and fsyncs) nothing.
      const rows: ClaimedDelivery[] = d
        .select({ ...getTableColumns(webhookDeliveries), url: webhooks.url, secretCipher: webhooks.secretCipher })
        .from(webhookDeliveries)
        .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
        .where(due(now))
        .orderBy(asc(webhookDeliveries.nextAt))
        .limit(limit)
        .all() as ClaimedDelivery[]
      if (rows.length === 0) return []
      // One process, one worker: nobody claims between the read and this write.
      db.wal.relaxed(() => immediate(() => d.update(webhookDeliveries).set({ leaseUntil }).where(inArray(webhookDeliveries.id, rows.map((row) => row.id))).run()))
      // Durable before sent: the WAL synced past these rows (and the records whose events they are).
      const problem = await new Promise<Error | null>((resolve) => db.wal.afterCommit(resolve))
      if (problem) throw problem
      return rows.map((row) => ({ ...row, leaseUntil }))
    },

    async finish(attempts, now) {
      const disabled: string[] = []
      const appsChanged = new Set<string>()
      // Relaxed (no fsync of its own): a delivery state lost to a power cut is sent again, which at-least-once allows.
      db.wal.relaxed(() =>
        immediate(() => {
          for (const { id, outcome, next } of attempts) {
            const row = d
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
              .get()
            if (!row) continue
            const failures = next.status === 'delivered' ? sql`0` : sql`${webhooks.failures} + 1`
            const hook = d.update(webhooks).set({ failures }).where(eq(webhooks.id, row.webhookId)).returning().get()
            if (next.status !== 'dead' || !hook || !hook.enabled || hook.failures < next.disableAfter) continue
            d.update(webhooks).set({ enabled: false, disabledReason: next.reason, updatedAt: now }).where(eq(webhooks.id, row.webhookId)).run()
            disabled.push(row.webhookId)
            appsChanged.add(row.appId)
          }
        }),
      )
      for (const appId of appsChanged) db.changes.emit(appId, 'webhooks')
      return { disabled }
    },

    async deliveries(webhookId, limit) {
      return d
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, webhookId))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit)
        .all() as DeliveryRow[]
    },

    async retry(webhookId, id, attempts, now) {
      const row = immediate(() => {
        const current = d.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, id))).get()
        if (!current) return undefined
        return d
          .update(webhookDeliveries)
          .set({ status: 'pending', nextAt: now, leaseUntil: null, updatedAt: now, ...(current.status === 'pending' ? {} : { attempts }) })
          .where(eq(webhookDeliveries.id, id))
          .returning()
          .get()
      })
      return (row as DeliveryRow | undefined) ?? null
    },

    async mailsSince(webhookId, since) {
      const row = d
        .select({ count: sql<number>`count(*)`, oldest: sql<number | null>`min(${webhookDeliveries.updatedAt})` })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.status, 'delivered'), eq(webhookDeliveries.lastStatus, 250), gte(webhookDeliveries.updatedAt, since)))
        .get()
      return { count: row?.count ?? 0, oldest: row?.oldest ?? null }
    },

    async prune(before) {
      db.wal.relaxed(() => d.delete(webhookDeliveries).where(and(inArray(webhookDeliveries.status, ['delivered', 'dead']), lt(webhookDeliveries.updatedAt, before))).run())
    },

    async nextDue() {
      const row = d
        .select({ at: sql<number | null>`min(max(${webhookDeliveries.nextAt}, coalesce(${webhookDeliveries.leaseUntil}, 0)))` })
        .from(webhookDeliveries)
        .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
        .where(and(eq(webhookDeliveries.status, 'pending'), eq(webhooks.enabled, true)))
        .get()
      return row?.at ?? null
    },
  }
}
