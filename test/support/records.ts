/**
 * @module Test fixtures for the collection endpoints, written straight through the schema
 * so record tests do not depend on the apps or ingest modules: an app with its endpoint
 * and counters, and records inserted with correct seq/pos numbering and counters.
 */
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../server/context.ts'
import { appStats, apps, endpoints, fields, records } from '../../server/db/sqlite/schema.ts'
import { hashSecret, newId, randomToken } from '../../server/core/ids.ts'
import type { FieldType } from '../../server/core/limits.ts'
import type { ReadAccess } from '../../server/core/share/reads.ts'

export interface TestEndpointOptions {
  name?: string
  published?: boolean
  service?: boolean
  /** Default `off`, as for every new app: tests that read with the endpoint token alone open reads. */
  reads?: ReadAccess
  autoCreate?: boolean
  honeypot?: string
  /** null: use the server default. */
  rateLimit?: string | null
  fields?: Array<{ name: string; type?: FieldType; required?: boolean; options?: string[]; label?: string }>
}

export interface TestEndpoint {
  appId: string
  token: string
  /** `/api/v3/share/<token>` plus `suffix`. */
  path(suffix?: string): string
}

/** An app owned by `ownerId` with a published endpoint (unless told otherwise). */
export function makeEndpoint(ctx: AppContext, ownerId: string, options: TestEndpointOptions = {}): TestEndpoint {
  const now = ctx.clock.now()
  const appId = newId()
  const token = randomToken()
  const published = options.published ?? true
  ctx.store.db.transaction((tx) => {
    tx.insert(apps).values({ id: appId, ownerId, name: options.name ?? 'Test form', createdAt: now, updatedAt: now }).run()
    tx.insert(endpoints)
      .values({
        appId,
        tokenHash: hashSecret(token),
        tokenCipher: ctx.sealer.seal(token),
        published,
        service: options.service ?? true,
        reads: options.reads ?? 'off',
        autoCreate: options.autoCreate ?? true,
        honeypot: options.honeypot ?? '_gotcha',
        rateLimit: options.rateLimit ?? null,
        publishedAt: published ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .run()
    tx.insert(appStats).values({ appId, updatedAt: now }).run()
    options.fields?.forEach((field, position) => {
      tx.insert(fields)
        .values({
          id: newId(),
          appId,
          name: field.name,
          type: field.type ?? 'text',
          label: field.label ?? '',
          required: field.required ?? false,
          options: field.options ? JSON.stringify(field.options) : null,
          position,
          createdAt: now,
          updatedAt: now,
        })
        .run()
    })
  })
  return { appId, token, path: (suffix = '') => `/api/v3/share/${token}${suffix}` }
}

export interface TestRecordInput {
  data: Record<string, unknown>
  meta?: { source?: string; timestamp?: string | number }
  spam?: boolean
}

/** Inserts records in order (createdAt = the clock, moved 1 ms per record); returns their ids. */
export function insertRecords(ctx: AppContext, appId: string, inputs: TestRecordInput[]): string[] {
  const inserted = ctx.store.db.transaction((tx) => {
    const stats = tx.select().from(appStats).where(eq(appStats.appId, appId)).get()!
    let { seq, kept, spam } = stats
    let firstAt = stats.firstAt
    let lastAt = stats.lastAt
    const ids: string[] = []
    for (const input of inputs) {
      const id = newId()
      const createdAt = ctx.clock.now()
      seq += 1
      const isSpam = input.spam ?? false
      if (isSpam) spam += 1
      else kept += 1
      tx.insert(records)
        .values({ id, appId, seq, pos: isSpam ? null : kept, spam: isSpam, data: JSON.stringify(input.data), meta: JSON.stringify(input.meta ?? {}), createdAt })
        .run()
      firstAt ??= createdAt
      lastAt = createdAt
      ids.push(id)
      ;(ctx.clock as { advance?: (ms: number) => void }).advance?.(1)
    }
    // Aggregates are left unset: the stats module rebuilds them from the records on first use.
    tx.update(appStats).set({ seq, kept, spam, firstAt, lastAt, aggregates: '{}' }).where(eq(appStats.appId, appId)).run()
    return ids
  })
  ctx.changes.notify(appId, 'records')
  return inserted
}

/** `{data:{n:i}}` for i in 1..count, spam where `isSpam(i)`. */
export function numberedRecords(count: number, isSpam: (i: number) => boolean = () => false): TestRecordInput[] {
  return Array.from({ length: count }, (_, k) => ({ data: { n: k + 1 }, spam: isSpam(k + 1) }))
}

/** Every row of an app as `[seq, pos, n]`, by seq: what tests compare after renumbering. */
export function numbering(ctx: AppContext, appId: string): Array<[number, number | null, unknown]> {
  return ctx.store.db
    .select({ seq: records.seq, pos: records.pos, data: records.data })
    .from(records)
    .where(eq(records.appId, appId))
    .orderBy(records.seq)
    .all()
    .map((row) => [row.seq, row.pos, (JSON.parse(row.data) as { n?: unknown }).n])
}
