/**
 * @module FieldStore on PostgreSQL (see storage/fields.ts). Every change first takes the
 * app's lock (app-lock.ts), the one the record writer takes before auto-creating fields, so
 * the limit is counted and positions are dense whatever several processes do at once. The
 * unique (app, name) index backs the name check: a violation becomes `name_taken`.
 */
import { and, asc, eq, or } from 'drizzle-orm'
import type { FieldRow, FieldStore } from '../storage/fields.ts'
import { lockApp, type PgTx } from './app-lock.ts'
import type { PgContext } from './context.ts'
import { endpoints, fields } from './schema.ts'
import { refuseOnUnique } from './unique-violation.ts'

const NAME_TAKEN = { ok: false, reason: 'name_taken' } as const

type Reader = Pick<PgTx, 'select'>

const listOf = (db: Reader, appId: string): Promise<FieldRow[]> =>
  db.select().from(fields).where(eq(fields.appId, appId)).orderBy(asc(fields.position), asc(fields.id))

/** Ids first, so a field can always be reached even if another one is named like its id. */
async function findIn(db: Reader, appId: string, ref: string): Promise<FieldRow | null> {
  const matches = await db
    .select()
    .from(fields)
    .where(and(eq(fields.appId, appId), or(eq(fields.id, ref), eq(fields.name, ref))))
  return matches.find((field) => field.id === ref) ?? matches[0] ?? null
}

/** Stores `ordered`'s index as each field's position, writing only the rows that moved. */
async function renumber(tx: PgTx, ordered: readonly FieldRow[]): Promise<void> {
  for (const [index, field] of ordered.entries()) {
    if (field.position !== index) await tx.update(fields).set({ position: index }).where(eq(fields.id, field.id))
  }
}

/** The endpoint's `uniqueField` follows a renamed field (`to`) or is cleared with a removed one (null); true when it did. */
async function uniqueFollows(tx: PgTx, appId: string, from: string, to: string | null): Promise<boolean> {
  const moved = await tx
    .update(endpoints)
    .set({ uniqueField: to })
    .where(and(eq(endpoints.appId, appId), eq(endpoints.uniqueField, from)))
    .returning({ appId: endpoints.appId })
  return moved.length > 0
}

/** The fields store over the PostgreSQL pool. */
export function postgresFields(db: PgContext): FieldStore {
  // Long: the store's methods, each short, over one pool.
  const pg = db.db

  /** Runs `work` under the app's lock in a transaction that announces `fields` when it succeeded. */
  const locked = <R extends { ok: boolean; endpointChanged?: boolean }>(
    appId: string,
    work: (tx: PgTx) => Promise<R>,
  ): Promise<R | { ok: false; reason: 'no_app' }> =>
    db.changes.transaction(pg, async (tx, changed) => {
      if (!(await lockApp(tx, appId))) return { ok: false, reason: 'no_app' } as const
      const result = await work(tx)
      if (result.ok) changed(appId, 'fields')
      if (result.ok && result.endpointChanged) changed(appId, 'endpoint')
      return result
    })

  return {
    list: (appId) => listOf(pg, appId),
    find: (appId, ref) => findIn(pg, appId, ref),

    add(appId, decide) {
      return refuseOnUnique(
        () =>
          locked(appId, async (tx) => {
            const [endpoint] = await tx
              .select({ honeypot: endpoints.honeypot })
              .from(endpoints)
              .where(eq(endpoints.appId, appId))
            const existing = await listOf(tx, appId)
            const field = decide({ fields: existing, honeypot: endpoint?.honeypot ?? '' })
            const row: FieldRow = { ...field, appId, proposed: false, proposedBy: null, position: existing.length }
            await tx.insert(fields).values(row)
            return { ok: true, row } as const
          }),
        ['fields_app_name_idx'],
        NAME_TAKEN,
      )
    },

    update(appId, ref, decide) {
      return refuseOnUnique(
        () =>
          locked(appId, async (tx) => {
            const current = await findIn(tx, appId, ref)
            if (!current) return { ok: false, reason: 'no_field' } as const
            const siblings = await listOf(tx, appId)
            const [endpoint] = await tx
              .select({ published: endpoints.published, honeypot: endpoints.honeypot })
              .from(endpoints)
              .where(eq(endpoints.appId, appId))
            const { position, ...change } = decide({
              current,
              fields: siblings,
              published: endpoint?.published ?? false,
              honeypot: endpoint?.honeypot ?? '',
            })
            if (change.name !== current.name && siblings.some((field) => field.name === change.name)) return NAME_TAKEN
            await tx.update(fields).set(change).where(eq(fields.id, current.id))
            const renamed = change.name !== undefined && change.name !== current.name
            const endpointChanged = renamed && (await uniqueFollows(tx, appId, current.name, change.name!))
            if (position !== undefined && position !== current.position) {
              const others = siblings.filter((field) => field.id !== current.id)
              others.splice(position, 0, current)
              await renumber(tx, others)
            }
            return { ok: true, row: (await findIn(tx, appId, current.id))!, endpointChanged } as const
          }),
        ['fields_app_name_idx'],
        NAME_TAKEN,
      )
    },

    accept(appId, decide, updatedAt) {
      return db.changes.transaction(pg, async (tx, changed) => {
        if (!(await lockApp(tx, appId))) return { ok: false, reason: 'no_app' } as const
        const chosen = decide(await listOf(tx, appId))
        for (const { id, type } of chosen)
          await tx.update(fields).set({ type, proposed: false, autoCreated: false, updatedAt }).where(eq(fields.id, id))
        if (chosen.length > 0) changed(appId, 'fields')
        const ids = new Set(chosen.map((field) => field.id))
        return { ok: true, rows: (await listOf(tx, appId)).filter((row) => ids.has(row.id)) } as const
      })
    },

    remove(appId, ref) {
      return locked(appId, async (tx) => {
        const row = await findIn(tx, appId, ref)
        if (!row) return { ok: false, reason: 'no_field' } as const
        await tx.delete(fields).where(eq(fields.id, row.id))
        await renumber(tx, await listOf(tx, appId))
        return { ok: true, row, endpointChanged: await uniqueFollows(tx, appId, row.name, null) } as const
      })
    },

    reorder(appId, decide) {
      return locked(appId, async (tx) => {
        const rows = await listOf(tx, appId)
        const byId = new Map(rows.map((row) => [row.id, row]))
        await renumber(
          tx,
          decide(rows).map((id) => byId.get(id)!),
        )
        return { ok: true, fields: await listOf(tx, appId) } as const
      })
    },
  }
}
