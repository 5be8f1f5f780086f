/**
 * @module WebhookStore on SQLite (see storage/webhooks.ts); the outbox rows it delivers are
 * written by the other stores inside their own transactions (outbox.ts). A claim first moves
 * the outbox into deliveries (merged, storage/outbox-batch.ts), then leases the due ones,
 * in one transaction.
 *
 * Durability: a claim resolves only once the WAL is synced past it (wal-sync.ts: the deferred
 * sync the record writer uses, coalesced with its syncs), so every commit before it — the
 * records whose events it claims — is on disk before anything is sent. The worker's own
 * writes (leases, attempts) skip SQLite's fsync: losing one to a power cut only sends a
 * delivery again, which at-least-once allows.
 */
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { mergeOutbox, MOVE_LIMIT, type NewDelivery, type OutboxRow } from '../storage/outbox-batch.ts'
import type { ClaimedDelivery, DeliveryRow, WebhookStore } from '../storage/webhooks.ts'
import type { SqliteContext } from './context.ts'
import { changeTransaction } from './audit.ts'
import { webhookDeliveries, webhooks } from './schema.ts'

/**
 * The worker's statements, prepared once: it claims and finishes many times a second under
 * load, and building each query with drizzle cost more than running it.
 */
function workerStatements(db: SqliteContext) {
  const q = db.sqlite
  return {
    due: q.prepare<ClaimedDelivery, [{ now: number; limit: number }]>(
      `SELECT d.id, d.webhook_id AS webhookId, d.app_id AS appId, d.event, d.subject, d.payload, d.records, d.status, d.attempts, d.next_at AS nextAt,
         d.lease_until AS leaseUntil, d.last_status AS lastStatus, d.last_error AS lastError, d.last_latency_ms AS lastLatencyMs,
         d.last_response AS lastResponse, d.created_at AS createdAt, d.updated_at AS updatedAt, w.url, w.secret_cipher AS secretCipher
       FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
       WHERE d.status = 'pending' AND d.next_at <= $now AND (d.lease_until IS NULL OR d.lease_until <= $now) AND w.enabled = 1
       ORDER BY d.next_at LIMIT $limit`,
    ),
    lease: q.prepare<unknown, [{ leaseUntil: number; ids: string }]>(
      'UPDATE webhook_deliveries SET lease_until = $leaseUntil WHERE id IN (SELECT value FROM json_each($ids))',
    ),
    outbox: q.prepare<OutboxRow, [{ limit: number }]>(
      `SELECT seq, id, webhook_id AS webhookId, app_id AS appId, event, subject, payload, records, created_at AS createdAt
       FROM webhook_outbox ORDER BY seq LIMIT $limit`,
    ),
    moved: q.prepare<unknown, [{ last: number }]>('DELETE FROM webhook_outbox WHERE seq <= $last'),
    insert: q.prepare<unknown, [NewDelivery & { now: number }]>(
      `INSERT INTO webhook_deliveries (id, webhook_id, app_id, event, subject, payload, records, status, attempts, next_at, created_at, updated_at)
       VALUES ($id, $webhookId, $appId, $event, $subject, $payload, $records, 'pending', 0, $now, $createdAt, $now)`,
    ),
    waiting: q.prepare<{ one: number }, []>('SELECT 1 AS one FROM webhook_outbox LIMIT 1'),
    finish: q.prepare<
      { webhookId: string; appId: string },
      [
        {
          id: string
          status: string
          nextAt: number | null
          lastStatus: number | null
          lastError: string | null
          lastLatencyMs: number
          lastResponse: string | null
          now: number
        },
      ]
    >(
      `UPDATE webhook_deliveries SET status = $status, attempts = attempts + 1, next_at = coalesce($nextAt, next_at), lease_until = NULL,
         last_status = $lastStatus, last_error = $lastError, last_latency_ms = $lastLatencyMs, last_response = $lastResponse, updated_at = $now
       WHERE id = $id RETURNING webhook_id AS webhookId, app_id AS appId`,
    ),
    succeeded: q.prepare<unknown, [{ id: string }]>(
      'UPDATE webhooks SET failures = 0 WHERE id = $id AND failures <> 0',
    ),
    failed: q.prepare<{ enabled: number; failures: number }, [{ id: string }]>(
      'UPDATE webhooks SET failures = failures + 1 WHERE id = $id RETURNING enabled, failures',
    ),
    disable: q.prepare<unknown, [{ id: string; reason: string; now: number }]>(
      'UPDATE webhooks SET enabled = 0, disabled_reason = $reason, updated_at = $now WHERE id = $id',
    ),
  }
}

/** The webhook store over the open SQLite database. */
export function sqliteWebhooks(db: SqliteContext): WebhookStore {
  // Long: the store's methods, each short, over one database.
  const d = db.db
  const immediate = <T>(work: () => T): T => d.transaction(work, { behavior: 'immediate' })
  const hot = workerStatements(db)

  /** Moves the outbox into deliveries, merged (inside a write transaction). */
  function moveOutbox(now: number): void {
    for (;;) {
      const rows = hot.outbox.all({ limit: MOVE_LIMIT })
      if (rows.length === 0) return
      for (const delivery of mergeOutbox(rows)) hot.insert.run({ ...delivery, now })
      hot.moved.run({ last: rows[rows.length - 1].seq })
      if (rows.length < MOVE_LIMIT) return
    }
  }
  const ofApp = (appId: string, id: string) => and(eq(webhooks.appId, appId), eq(webhooks.id, id))

  return {
    async list(appId) {
      return d
        .select()
        .from(webhooks)
        .where(eq(webhooks.appId, appId))
        .orderBy(asc(webhooks.createdAt), asc(webhooks.id))
        .all()
    },

    async one(appId, id) {
      return d.select().from(webhooks).where(ofApp(appId, id)).get() ?? null
    },

    async anyEnabled(appId) {
      return (
        d
          .select({ id: webhooks.id })
          .from(webhooks)
          .where(and(eq(webhooks.appId, appId), eq(webhooks.enabled, true)))
          .limit(1)
          .get() !== undefined
      )
    },

    async create(row) {
      changeTransaction(db, (changed) => {
        d.insert(webhooks).values(row).run()
        changed(row.appId, 'webhooks')
      })
    },

    async update(appId, id, changes, now) {
      return changeTransaction(db, (changed) => {
        const row = d
          .update(webhooks)
          .set({ ...changes, ...(changes.enabled ? { failures: 0, disabledReason: null } : {}), updatedAt: now })
          .where(ofApp(appId, id))
          .returning()
          .get()
        if (row) changed(appId, 'webhooks')
        return row ?? null
      })
    },

    async remove(appId, id) {
      return changeTransaction(db, (changed) => {
        const gone = d.delete(webhooks).where(ofApp(appId, id)).returning({ id: webhooks.id }).get() !== undefined
        if (gone) changed(appId, 'webhooks')
        return gone
      })
    },

    async claim(now, leaseUntil, limit) {
      // Reads first: an idle poll writes (and fsyncs) nothing.
      if (!hot.waiting.get() && hot.due.all({ now, limit: 1 }).length === 0) return []
      const rows = db.wal.relaxed(() =>
        immediate(() => {
          moveOutbox(now)
          const due = hot.due.all({ now, limit })
          if (due.length > 0) hot.lease.run({ leaseUntil, ids: JSON.stringify(due.map((row) => row.id)) })
          return due
        }),
      )
      if (rows.length === 0) return []
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
            const row = hot.finish.get({
              id,
              status: next.status,
              nextAt: next.status === 'pending' ? next.nextAt : null,
              lastStatus: outcome.status,
              lastError: outcome.error,
              lastLatencyMs: outcome.latencyMs,
              lastResponse: outcome.response,
              now,
            })
            if (!row) continue
            if (next.status === 'delivered') {
              hot.succeeded.run({ id: row.webhookId })
              continue
            }
            const hook = hot.failed.get({ id: row.webhookId })
            if (next.status !== 'dead' || !hook || !hook.enabled || hook.failures < next.disableAfter) continue
            hot.disable.run({ id: row.webhookId, reason: next.reason, now })
            disabled.push(row.webhookId)
            appsChanged.add(row.appId)
          }
        }),
      )
      for (const appId of appsChanged) db.changes.emit(appId, 'webhooks')
      return { disabled }
    },

    async deliveries(webhookId, limit) {
      // The log shows every event: those still in the outbox become deliveries first.
      if (hot.waiting.get()) db.wal.relaxed(() => immediate(() => moveOutbox(db.now())))
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
        const current = d
          .select()
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, id)))
          .get()
        if (!current) return undefined
        return d
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
          .get()
      })
      return (row as DeliveryRow | undefined) ?? null
    },

    async mailsSince(webhookId, since) {
      const row = d
        .select({ count: sql<number>`count(*)`, oldest: sql<number | null>`min(${webhookDeliveries.updatedAt})` })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.webhookId, webhookId),
            eq(webhookDeliveries.status, 'delivered'),
            eq(webhookDeliveries.lastStatus, 250),
            gte(webhookDeliveries.updatedAt, since),
          ),
        )
        .get()
      return { count: row?.count ?? 0, oldest: row?.oldest ?? null }
    },

    async prune(before) {
      db.wal.relaxed(() =>
        d
          .delete(webhookDeliveries)
          .where(and(inArray(webhookDeliveries.status, ['delivered', 'dead']), lt(webhookDeliveries.updatedAt, before)))
          .run(),
      )
    },

    async nextDue() {
      if (hot.waiting.get()) return 0
      const row = d
        .select({
          at: sql<number | null>`min(max(${webhookDeliveries.nextAt}, coalesce(${webhookDeliveries.leaseUntil}, 0)))`,
        })
        .from(webhookDeliveries)
        .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
        .where(and(eq(webhookDeliveries.status, 'pending'), eq(webhooks.enabled, true)))
        .get()
      return row?.at ?? null
    },
  }
}
