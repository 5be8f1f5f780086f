/**
 * @module The per-app counters and aggregates (table app_stats) as the writer and /summary
 * use them: `seq` (last record number), `pos` (last non-spam number), the spam count and
 * the aggregates of non-spam and spam records kept apart. The table is authoritative; the
 * in-memory copy is dropped whenever records change otherwise than by the writer or the app
 * goes. The aggregates document is written behind (at most once per
 * `LIMITS.statsPersistMs` per app, and at shutdown) and caught up from the records on load.
 * Deleting records subtracts them (deleted.ts) and writes the document at once, since
 * renumbering would make a catch-up by record number replay the wrong records.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { inImmediateTransaction } from '../../db/sqlite/immediate.ts'
import { apps, appStats, records } from '../../db/sqlite/schema.ts'
import { LIMITS } from '../limits.ts'
import { parseStoredScores } from '../scoring/stored.ts'
import { addRecord, emptyAggregate, loadAggregate, storeAggregate, type Aggregate, type StoredAggregate } from './aggregate.ts'

export interface StatsState {
  seq: number
  pos: number
  spamCount: number
  kept: Aggregate
  spam: Aggregate
  /** Clock time the aggregates were last written to the table (−∞: never). */
  persistedAt: number
}

/** Version of the JSON in app_stats.aggregates; another version is rebuilt from the records. */
const FORMAT = 5
const REBUILD_BATCH = 5000

/**
 * The aggregates document. `seq` is the last record it covers: it may lag behind the
 * counters (it is written at most every `LIMITS.statsPersistMs`), and loading replays the
 * records after it, so a crash loses nothing.
 */
interface StoredDocument {
  format: number
  seq: number
  kept: StoredAggregate
  spam: StoredAggregate
}

const statements = (ctx: AppContext) => {
  const db = ctx.store.db
  const appId = sql.placeholder('appId')
  const counters = {
    seq: sql`${sql.placeholder('seq')}`,
    kept: sql`${sql.placeholder('pos')}`,
    spam: sql`${sql.placeholder('spamCount')}`,
    firstAt: sql`${sql.placeholder('firstAt')}`,
    lastAt: sql`${sql.placeholder('lastAt')}`,
    updatedAt: sql`${sql.placeholder('now')}`,
  }
  return {
    select: db.select().from(appStats).where(eq(appStats.appId, appId)).prepare(),
    appExists: db.select({ id: apps.id }).from(apps).where(eq(apps.id, appId)).prepare(),
    insert: db.insert(appStats).values({ appId, seq: 0, kept: 0, spam: 0, aggregates: '{}', updatedAt: sql.placeholder('now') }).onConflictDoNothing().prepare(),
    updateCounters: db.update(appStats).set(counters).where(eq(appStats.appId, appId)).prepare(),
    updateAll: db
      .update(appStats)
      .set({ ...counters, aggregates: sql`${sql.placeholder('aggregates')}` })
      .where(eq(appStats.appId, appId))
      .prepare(),
    page: db
      .select({ seq: records.seq, pos: records.pos, spam: records.spam, data: records.data, scores: records.scores, createdAt: records.createdAt })
      .from(records)
      .where(and(eq(records.appId, appId), gt(records.seq, sql.placeholder('after'))))
      .orderBy(asc(records.seq))
      .limit(REBUILD_BATCH)
      .prepare(),
  }
}

interface Stats {
  cache: Map<string, StatsState>
  sql: ReturnType<typeof statements>
}

const all = new WeakMap<AppContext, Stats>()

function statsOf(ctx: AppContext): Stats {
  let stats = all.get(ctx)
  if (!stats) {
    const cache = new Map<string, StatsState>()
    ctx.changes.subscribe((appId, kind) => {
      if (kind === 'records' || kind === 'deleted') cache.delete(appId)
    })
    stats = { cache, sql: statements(ctx) }
    all.set(ctx, stats)
  }
  return stats
}

function parseDocument(text: string): StoredDocument | null {
  try {
    const doc = JSON.parse(text) as StoredDocument
    return doc && doc.format === FORMAT && typeof doc.seq === 'number' && doc.kept && doc.spam ? doc : null
  } catch {
    return null
  }
}

/** The app's counters and aggregates, or undefined when the app does not exist (a cache hit answers at once). */
export async function loadStats(ctx: AppContext, appId: string): Promise<StatsState | undefined> {
  return loadStatsSync(ctx, appId)
}

/**
 * `loadStats` inside a synchronous SQLite write transaction: the writer's group commit, a
 * delete, the type-change guard. Call it there when the result decides seq/pos; a missing
 * counters row is made.
 */
export function loadStatsSync(ctx: AppContext, appId: string): StatsState | undefined {
  const stats = statsOf(ctx)
  const cached = stats.cache.get(appId)
  if (cached) return cached
  let row = stats.sql.select.get({ appId })
  if (!row) {
    if (!stats.sql.appExists.get({ appId })) return undefined
    stats.sql.insert.run({ appId, now: ctx.clock.now() })
    row = stats.sql.select.get({ appId })!
  }
  const doc = parseDocument(row.aggregates)
  let state: StatsState
  if (doc && doc.seq <= row.seq) {
    // Counters are authoritative; the aggregates catch up on the records written after them.
    state = { seq: row.seq, pos: row.kept, spamCount: row.spam, kept: loadAggregate(doc.kept), spam: loadAggregate(doc.spam), persistedAt: Number.NEGATIVE_INFINITY }
    scan(stats, appId, state, doc.seq, false)
  } else {
    state = { seq: 0, pos: 0, spamCount: 0, kept: emptyAggregate(), spam: emptyAggregate(), persistedAt: Number.NEGATIVE_INFINITY }
    scan(stats, appId, state, 0, true)
  }
  stats.cache.set(appId, state)
  return state
}

/**
 * Writes the state to app_stats: the counters every time (one UPDATE per app per write
 * group), the aggregates document when `force` or when it is older than
 * `LIMITS.statsPersistMs`, since serialising it costs far more than a few inserts.
 * Synchronous: it runs inside the caller's write transaction.
 */
export function saveStats(ctx: AppContext, appId: string, state: StatsState, force = false): void {
  const now = ctx.clock.now()
  const firstAt = [state.kept.firstAt, state.spam.firstAt].filter((t) => t !== null) as number[]
  const lastAt = [state.kept.lastAt, state.spam.lastAt].filter((t) => t !== null) as number[]
  const values = {
    appId,
    seq: state.seq,
    pos: state.pos,
    spamCount: state.spamCount,
    firstAt: firstAt.length ? Math.min(...firstAt) : null,
    lastAt: lastAt.length ? Math.max(...lastAt) : null,
    now,
  }
  const sqls = statsOf(ctx).sql
  if (!force && now - state.persistedAt < LIMITS.statsPersistMs) {
    sqls.updateCounters.run(values)
    return
  }
  const doc: StoredDocument = { format: FORMAT, seq: state.seq, kept: storeAggregate(state.kept), spam: storeAggregate(state.spam) }
  sqls.updateAll.run({ ...values, aggregates: JSON.stringify(doc) })
  state.persistedAt = now
}

/** Writes every cached app's aggregates (at shutdown), so the next start replays nothing. */
export async function persistAllStats(ctx: AppContext): Promise<void> {
  const stats = all.get(ctx)
  if (!stats || stats.cache.size === 0) return
  inImmediateTransaction(ctx.store, () => {
    for (const [appId, state] of stats.cache) saveStats(ctx, appId, state, true)
  })
}

/** Forgets the in-memory copy (after a failed transaction, or a rebuild). */
export function forgetStats(ctx: AppContext, appId: string): void {
  statsOf(ctx).cache.delete(appId)
}

/**
 * Adds the records after `after` to the state, in seq order and batches, at constant
 * memory; with `counting`, the counters are computed from the rows too (a full rescan).
 */
function scan(stats: Stats, appId: string, state: StatsState, after: number, counting: boolean): void {
  for (;;) {
    const rows = stats.sql.page.all({ appId, after })
    for (const row of rows) {
      if (counting) {
        state.seq = Math.max(state.seq, row.seq)
        if (row.spam) state.spamCount++
        else state.pos = Math.max(state.pos, row.pos ?? 0)
      }
      addRecord(row.spam ? state.spam : state.kept, JSON.parse(row.data) as Record<string, unknown>, row.createdAt, row.scores ? parseStoredScores(row.scores) : null)
    }
    if (rows.length < REBUILD_BATCH) return
    after = rows[rows.length - 1].seq
  }
}

/** Rescans all of an app's records into app_stats (after a rescore, or to repair it). */
export async function rebuildStats(ctx: AppContext, appId: string): Promise<void> {
  const stats = statsOf(ctx)
  stats.cache.delete(appId)
  ctx.store.db.transaction(
    () => {
      if (!stats.sql.select.get({ appId })) {
        if (!stats.sql.appExists.get({ appId })) return
        stats.sql.insert.run({ appId, now: ctx.clock.now() })
      }
      const state: StatsState = { seq: 0, pos: 0, spamCount: 0, kept: emptyAggregate(), spam: emptyAggregate(), persistedAt: Number.NEGATIVE_INFINITY }
      scan(stats, appId, state, 0, true)
      saveStats(ctx, appId, state, true)
    },
    { behavior: 'immediate' },
  )
}
