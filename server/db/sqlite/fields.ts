/**
 * @module FieldStore on SQLite (see storage/fields.ts). Every change is one IMMEDIATE
 * transaction: SQLite's write lock is the app's lock (the record writer takes it too).
 */
import { and, asc, eq, or } from 'drizzle-orm'
import type { FieldRow, FieldStore } from '../storage/fields.ts'
import type { SqliteContext } from './context.ts'
import { changeTransaction } from './audit.ts'
import { appStats, endpoints, fields } from './schema.ts'

/** The fields store over the open SQLite database. */
export function sqliteFields(db: SqliteContext): FieldStore {
  // Long: the store's methods, each short, over one database.
  const d = db.db

  const list = (appId: string): FieldRow[] =>
    d.select().from(fields).where(eq(fields.appId, appId)).orderBy(asc(fields.position), asc(fields.id)).all()
  const appExists = (appId: string) =>
    d.select({ appId: appStats.appId }).from(appStats).where(eq(appStats.appId, appId)).get() !== undefined

  /** Ids first, so a field can always be reached even if another one is named like its id. */
  function find(appId: string, ref: string): FieldRow | null {
    const matches = d
      .select()
      .from(fields)
      .where(and(eq(fields.appId, appId), or(eq(fields.id, ref), eq(fields.name, ref))))
      .all()
    return matches.find((field) => field.id === ref) ?? matches[0] ?? null
  }

  /** Stores `ordered`'s index as each field's position, writing only the rows that moved. */
  function renumber(ordered: readonly FieldRow[]): void {
    ordered.forEach((field, index) => {
      if (field.position !== index) d.update(fields).set({ position: index }).where(eq(fields.id, field.id)).run()
    })
  }

  /** Endpoint settings the change touched, announced with it. */
  let endpointTouched = false

  /** The endpoint's `uniqueField` follows a renamed field (`to`) or is cleared with a removed one (null). */
  function uniqueFollows(appId: string, from: string, to: string | null): void {
    const moved = d
      .update(endpoints)
      .set({ uniqueField: to })
      .where(and(eq(endpoints.appId, appId), eq(endpoints.uniqueField, from)))
      .returning({ appId: endpoints.appId })
      .all()
    if (moved.length > 0) endpointTouched = true
  }

  /** Runs a change and announces `fields` after its commit when it succeeded. */
  function announced<R extends { ok: boolean }>(appId: string, work: () => R): R {
    return changeTransaction(db, (changed) => {
      endpointTouched = false
      const result = work()
      if (result.ok) changed(appId, 'fields')
      if (result.ok && endpointTouched) changed(appId, 'endpoint')
      return result
    })
  }

  return {
    list: async (appId) => list(appId),
    find: async (appId, ref) => find(appId, ref),

    async add(appId, decide) {
      return announced(appId, () => {
        if (!appExists(appId)) return { ok: false, reason: 'no_app' } as const
        const endpoint = d
          .select({ honeypot: endpoints.honeypot })
          .from(endpoints)
          .where(eq(endpoints.appId, appId))
          .get()
        const existing = list(appId)
        const field = decide({ fields: existing, honeypot: endpoint?.honeypot ?? '' })
        if (existing.some((other) => other.name === field.name)) return { ok: false, reason: 'name_taken' } as const
        const row: FieldRow = { ...field, appId, proposed: false, proposedBy: null, position: existing.length }
        d.insert(fields).values(row).run()
        return { ok: true, row } as const
      })
    },

    async accept(appId, decide, updatedAt) {
      return changeTransaction(db, (changed) => {
        if (!appExists(appId)) return { ok: false, reason: 'no_app' } as const
        const chosen = decide(list(appId))
        for (const { id, type } of chosen)
          d.update(fields).set({ type, proposed: false, autoCreated: false, updatedAt }).where(eq(fields.id, id)).run()
        const ids = new Set(chosen.map((field) => field.id))
        if (chosen.length > 0) changed(appId, 'fields')
        return { ok: true, rows: list(appId).filter((row) => ids.has(row.id)) } as const
      })
    },

    async update(appId, ref, decide) {
      return announced(appId, () => {
        if (!appExists(appId)) return { ok: false, reason: 'no_app' } as const
        const current = find(appId, ref)
        if (!current) return { ok: false, reason: 'no_field' } as const
        const siblings = list(appId)
        const endpoint = d
          .select({ published: endpoints.published, honeypot: endpoints.honeypot })
          .from(endpoints)
          .where(eq(endpoints.appId, appId))
          .get()
        const { position, ...change } = decide({
          current,
          fields: siblings,
          published: endpoint?.published ?? false,
          honeypot: endpoint?.honeypot ?? '',
        })
        if (change.name !== current.name && siblings.some((field) => field.name === change.name))
          return { ok: false, reason: 'name_taken' } as const
        d.update(fields).set(change).where(eq(fields.id, current.id)).run()
        if (change.name !== undefined && change.name !== current.name) uniqueFollows(appId, current.name, change.name)
        if (position !== undefined && position !== current.position) {
          const others = siblings.filter((field) => field.id !== current.id)
          others.splice(position, 0, current)
          renumber(others)
        }
        return { ok: true, row: find(appId, current.id)! } as const
      })
    },

    async remove(appId, ref) {
      return announced(appId, () => {
        if (!appExists(appId)) return { ok: false, reason: 'no_app' } as const
        const row = find(appId, ref)
        if (!row) return { ok: false, reason: 'no_field' } as const
        d.delete(fields).where(eq(fields.id, row.id)).run()
        uniqueFollows(appId, row.name, null)
        renumber(list(appId))
        return { ok: true, row } as const
      })
    },

    async reorder(appId, decide) {
      return announced(appId, () => {
        if (!appExists(appId)) return { ok: false, reason: 'no_app' } as const
        const rows = list(appId)
        const byId = new Map(rows.map((row) => [row.id, row]))
        renumber(decide(rows).map((id) => byId.get(id)!))
        return { ok: true, fields: list(appId) } as const
      })
    },
  }
}
