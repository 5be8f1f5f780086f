/**
 * @module ShareStore on SQLite (see storage/share.ts).
 */
import { and, eq, getTableColumns } from 'drizzle-orm'
import type { EndpointChange, EndpointRow, EndpointToken, ShareStore } from '../storage/share.ts'
import type { SqliteContext } from './context.ts'
import { changeTransaction } from './audit.ts'
import { apps, endpoints, fields } from './schema.ts'
import { sqliteOutbox } from './outbox.ts'

/** The share store over the open SQLite database. */
export function sqliteShare(db: SqliteContext): ShareStore {
  // Long: the store's methods, each short, over one database.
  const d = db.db
  const outbox = sqliteOutbox(db)
  /** The `app.published`/`app.unpublished` outbox rows, in the transaction that publishes. */
  const appEvent = (appId: string, event: string, now: number) =>
    outbox({ appId, event, idPrefix: `msg_${crypto.randomUUID()}_`, subject: appId, payload: null, records: 0, now })
  const endpointOf = (appId: string): EndpointRow | undefined =>
    d.select().from(endpoints).where(eq(endpoints.appId, appId)).get()
  const tokenTaken = (token: EndpointToken) =>
    d.select({ appId: endpoints.appId }).from(endpoints).where(eq(endpoints.tokenHash, token.tokenHash)).get() !==
    undefined

  /** Sets `changes` on the endpoint and returns the row after it (inside the caller's transaction). */
  const set = (appId: string, changes: Partial<EndpointRow>): EndpointRow =>
    d.update(endpoints).set(changes).where(eq(endpoints.appId, appId)).returning().get()!

  /** Runs a change, announcing it after the commit when it changed the row. */
  const announced = <R extends EndpointChange | { ok: false; reason: string }>(appId: string, change: () => R): R => {
    return changeTransaction(db, (changed) => {
      const result = change()
      if (result.ok && result.changed) changed(appId, 'endpoint')
      return result
    })
  }

  return {
    async endpoint(appId) {
      return endpointOf(appId) ?? null
    },

    async byTokenHash(tokenHash) {
      return (
        d
          .select({ ...getTableColumns(endpoints), ownerId: apps.ownerId })
          .from(endpoints)
          .innerJoin(apps, eq(apps.id, endpoints.appId))
          .where(eq(endpoints.tokenHash, tokenHash))
          .get() ?? null
      )
    },

    async update(appId, settings, updatedAt) {
      return changeTransaction(db, (changed) => {
        if (!endpointOf(appId)) return { ok: false, reason: 'not_found' } as const
        if (settings.honeypot !== undefined) {
          const clash = d
            .select({ id: fields.id })
            .from(fields)
            .where(and(eq(fields.appId, appId), eq(fields.name, settings.honeypot)))
            .get()
          if (clash) return { ok: false, reason: 'honeypot_is_field' } as const
        }
        if (settings.uniqueField) {
          const field = d
            .select({ id: fields.id })
            .from(fields)
            .where(and(eq(fields.appId, appId), eq(fields.name, settings.uniqueField)))
            .get()
          if (!field) return { ok: false, reason: 'unique_not_field' } as const
        }
        changed(appId, 'endpoint')
        return { ok: true, row: set(appId, { ...settings, updatedAt }) } as const
      })
    },

    async publish(appId, token, now) {
      return announced(appId, (): EndpointChange => {
        const row = endpointOf(appId)
        if (!row) return { ok: false, reason: 'not_found' }
        if (row.published) return { ok: true, row, changed: false }
        const first = row.tokenHash === null
        if (first && tokenTaken(token)) return { ok: false, reason: 'token_taken' }
        appEvent(appId, 'app.published', now)
        return {
          ok: true,
          row: set(appId, { ...(first ? token : {}), published: true, publishedAt: now, updatedAt: now }),
          changed: true,
        }
      })
    },

    async unpublish(appId, now) {
      return announced(appId, (): EndpointChange => {
        const row = endpointOf(appId)
        if (!row) return { ok: false, reason: 'not_found' }
        if (!row.published) return { ok: true, row, changed: false }
        appEvent(appId, 'app.unpublished', now)
        return { ok: true, row: set(appId, { published: false, updatedAt: now }), changed: true }
      })
    },

    async rotate(appId, token, now) {
      return announced(appId, (): EndpointChange | { ok: false; reason: 'no_token' } => {
        const row = endpointOf(appId)
        if (!row) return { ok: false, reason: 'not_found' }
        if (row.tokenHash === null) return { ok: false, reason: 'no_token' }
        if (tokenTaken(token)) return { ok: false, reason: 'token_taken' }
        return { ok: true, row: set(appId, { ...token, updatedAt: now }), changed: true }
      })
    },
  }
}
