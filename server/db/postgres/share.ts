/**
 * @module ShareStore on PostgreSQL (see storage/share.ts). Publish, unpublish and rotate read
 * the endpoint row FOR UPDATE and decide on what they locked, so two processes publishing at
 * once agree on one token; a token hash already in use (unique) becomes `token_taken`.
 */
import { and, eq, getTableColumns } from 'drizzle-orm'
import type { EndpointChange, EndpointRow, ShareStore } from '../storage/share.ts'
import { lockApp, type PgTx } from './app-lock.ts'
import type { PgContext } from './context.ts'
import { apps, endpoints, fields } from './schema.ts'
import { refuseOnUnique } from './unique-violation.ts'
import { pgOutbox } from './webhooks.ts'

/** The `app.published`/`app.unpublished` outbox rows, in the transaction that publishes. */
const appEvent = (tx: PgTx, appId: string, event: string, now: number) =>
  pgOutbox(tx, [
    { appId, event, idPrefix: `msg_${crypto.randomUUID()}_`, subject: appId, payload: null, records: 0, now },
  ])

const TOKEN_TAKEN = { ok: false, reason: 'token_taken' } as const

/** The share store over the PostgreSQL pool. */
export function postgresShare(db: PgContext): ShareStore {
  // Long: the store's methods, each short, over one pool.
  const pg = db.db

  const locked = async (tx: PgTx, appId: string): Promise<EndpointRow | undefined> =>
    (await tx.select().from(endpoints).where(eq(endpoints.appId, appId)).for('update'))[0]
  const set = async (tx: PgTx, appId: string, changes: Partial<EndpointRow>): Promise<EndpointRow> =>
    (await tx.update(endpoints).set(changes).where(eq(endpoints.appId, appId)).returning())[0]

  /** Runs a change of the endpoint in a transaction that announces it when it changed the row. */
  const change = <R extends EndpointChange | { ok: false; reason: string }>(
    appId: string,
    work: (tx: PgTx) => Promise<R>,
  ): Promise<R | typeof TOKEN_TAKEN> =>
    refuseOnUnique(
      () =>
        db.changes.transaction(pg, async (tx, changed) => {
          const result = await work(tx)
          if (result.ok && result.changed) changed(appId, 'endpoint')
          return result
        }),
      ['endpoints_token_hash_unique'],
      TOKEN_TAKEN,
    )

  return {
    async endpoint(appId) {
      const [row] = await pg.select().from(endpoints).where(eq(endpoints.appId, appId))
      return row ?? null
    },

    async byTokenHash(tokenHash) {
      const [row] = await pg
        .select({ ...getTableColumns(endpoints), ownerId: apps.ownerId })
        .from(endpoints)
        .innerJoin(apps, eq(apps.id, endpoints.appId))
        .where(eq(endpoints.tokenHash, tokenHash))
      return row ?? null
    },

    async update(appId, settings, updatedAt) {
      return db.changes.transaction(pg, async (tx, changed) => {
        if (settings.honeypot !== undefined || settings.uniqueField) {
          // Under the app's lock, as adding or removing a field checks them: the two cannot cross.
          if (!(await lockApp(tx, appId))) return { ok: false, reason: 'not_found' } as const
        }
        if (settings.honeypot !== undefined) {
          const [clash] = await tx
            .select({ id: fields.id })
            .from(fields)
            .where(and(eq(fields.appId, appId), eq(fields.name, settings.honeypot)))
          if (clash) return { ok: false, reason: 'honeypot_is_field' } as const
        }
        if (settings.uniqueField) {
          const [field] = await tx
            .select({ id: fields.id })
            .from(fields)
            .where(and(eq(fields.appId, appId), eq(fields.name, settings.uniqueField)))
          if (!field) return { ok: false, reason: 'unique_not_field' } as const
        }
        const [row] = await tx
          .update(endpoints)
          .set({ ...settings, updatedAt })
          .where(eq(endpoints.appId, appId))
          .returning()
        if (!row) return { ok: false, reason: 'not_found' } as const
        changed(appId, 'endpoint')
        return { ok: true, row } as const
      })
    },

    publish(appId, token, now) {
      return change(appId, async (tx): Promise<EndpointChange> => {
        const row = await locked(tx, appId)
        if (!row) return { ok: false, reason: 'not_found' }
        if (row.published) return { ok: true, row, changed: false }
        const first = row.tokenHash === null
        await appEvent(tx, appId, 'app.published', now)
        return {
          ok: true,
          row: await set(tx, appId, { ...(first ? token : {}), published: true, publishedAt: now, updatedAt: now }),
          changed: true,
        }
      })
    },

    unpublish(appId, now) {
      return change(appId, async (tx): Promise<EndpointChange> => {
        const row = await locked(tx, appId)
        if (!row) return { ok: false, reason: 'not_found' }
        if (!row.published) return { ok: true, row, changed: false }
        await appEvent(tx, appId, 'app.unpublished', now)
        return { ok: true, row: await set(tx, appId, { published: false, updatedAt: now }), changed: true }
      })
    },

    rotate(appId, token, now) {
      return change(appId, async (tx): Promise<EndpointChange | { ok: false; reason: 'no_token' }> => {
        const row = await locked(tx, appId)
        if (!row) return { ok: false, reason: 'not_found' }
        if (row.tokenHash === null) return { ok: false, reason: 'no_token' }
        return { ok: true, row: await set(tx, appId, { ...token, updatedAt: now }), changed: true }
      })
    },
  }
}
