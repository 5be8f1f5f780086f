/**
 * @module The summary aggregates of each app as this process keeps them (`ctx.stats`):
 * `{generation, seq, kept, spam}` — the aggregates of the non-spam and spam records up to
 * record `seq`, valid for the app's counters `generation` (bumped by every delete and
 * rescore, which renumber or change records).
 *
 * The database is authoritative. A copy is extended with the records this process commits
 * when they follow on from it (always, on SQLite: one process); otherwise it is behind, and
 * the next read catches up by replaying the records after `seq`. A read first looks at the
 * counters (one primary-key read): same generation and seq, and the copy answers at once;
 * a newer generation reloads the stored document. So a summary equals a recount whatever
 * other processes wrote or deleted.
 *
 * The aggregates document in app_stats is a checkpoint: written behind (at most once per
 * `LIMITS.statsPersistMs` per app, and at shutdown) with the seq it covers, never backwards
 * and never across generations (a conditional update), and caught up from the records on
 * load, so a crash loses nothing. Deleting records stores an adjusted document in the
 * delete itself (deleted.ts). The copies are bounded by size (copies.ts): the least
 * recently used go first, to be reloaded from their document when read again.
 */
import type { AppContext } from '../context.ts'
import type { Counters, StatsRebuilder } from '../../db/storage/stats.ts'
import { AppError } from '../../contract/errors.ts'
import { LIMITS } from '../../contract/limits.ts'
import { statsCopies } from './copies.ts'
import { carryClients } from './carry-clients.ts'
import { recentClients } from './recent-clients.ts'
import { addRecord } from './aggregate.ts'
import { addRow, documentOf, emptyState, parseDocument, stateFromDocument, timesOf } from './document.ts'
import { countedKeys } from './counted.ts'
import { exceptKeys, type CountedKeys } from './key-filter.ts'
import type { Stats, StatsState } from './stats-types.ts'

/** Records replayed per step while catching up (fewer when they are big: `LIMITS.readBatchBytes`). */
const REPLAY_BATCH = 5000
/** Catch-up attempts a read makes while deletes keep renumbering the app's records. */
const MAX_REFRESHES = 20

/** The stats service of `ctx`; copies are dropped when the change feed says records changed or the app went. */
export function createStats(ctx: AppContext): Stats {
  // Long: the cached copies and refreshes are state every method shares.
  // A copy pushed out of memory is written behind first if it is ahead of its stored document.
  const copies = statsCopies(ctx.config.statsCacheBytes, (appId, state) => {
    if (state.persistedSeq < state.seq) ctx.background(persist(appId, state))
  })
  const refreshing = new Map<string, Promise<void>>()
  const recent = recentClients()
  const persisting = new Set<string>()

  ctx.changes.subscribe((appId, kind) => {
    if (kind === 'records' || kind === 'deleted') copies.delete(appId)
  })

  const isNewer = (state: StatsState, than: StatsState | undefined) =>
    !than || state.generation > than.generation || (state.generation === than.generation && state.seq >= than.seq)

  function install(appId: string, state: StatsState): void {
    if (isNewer(state, copies.get(appId))) copies.set(appId, state, documentOf(state).length)
  }

  /**
   * Adds the records after `state.seq`, in seq order and in batches bounded by rows and by
   * stored bytes, at constant memory whatever the records' size (a summary or `?help` may be
   * the first read after a restart or a delete).
   */
  async function replay(appId: string, state: StatsState): Promise<void> {
    let counted: CountedKeys | null = null
    for (;;) {
      const rows = await ctx.storage.records.batch(appId, {
        selection: 'all',
        order: 'asc',
        start: { at: state.seq + 1 },
        rows: REPLAY_BATCH,
        bytes: LIMITS.readBatchBytes,
      })
      if (rows.length === 0) return
      counted ??= await countedKeys(ctx, appId)
      for (const row of rows)
        addRow(
          state,
          { seq: row.cursor, spam: row.spam, data: row.data, scores: row.scores, createdAt: row.createdAt },
          counted,
          recent.tagOf(appId, state.generation, row.cursor),
        )
    }
  }

  /** The stored document (or nothing) as a state, with the generation stored beside it. */
  async function loadStored(appId: string): Promise<StatsState | null> {
    const stored = await ctx.storage.stats.load(appId)
    if (!stored) return null
    const doc = parseDocument(stored.document)
    // Counters are authoritative; the aggregates catch up on the records written after the document.
    return doc && doc.seq <= stored.seq ? stateFromDocument(doc, stored.generation) : emptyState(stored.generation)
  }

  /**
   * Brings the app's copy up to date with the records committed now: the copy (taken out
   * meanwhile) if it is of the current generation, else the stored document, plus the
   * records after it. Left out when the generation moved on while replaying (records were
   * renumbered under the replay): the next attempt starts again.
   */
  async function refresh(appId: string): Promise<void> {
    const counters = await ctx.storage.stats.counters(appId)
    const copy = copies.get(appId)
    copies.delete(appId)
    if (!counters) return
    const state = copy && copy.generation === counters.generation ? copy : await loadStored(appId)
    if (!state) return
    await replay(appId, state)
    const after = await ctx.storage.stats.counters(appId)
    if (after && after.generation === state.generation) install(appId, state)
  }

  /** One refresh of the app at a time; callers arriving meanwhile wait for it. */
  function refreshOnce(appId: string): Promise<void> {
    let running = refreshing.get(appId)
    if (!running) {
      running = refresh(appId).finally(() => refreshing.delete(appId))
      refreshing.set(appId, running)
    }
    return running
  }

  /** A copy that covers `target`: the same generation up to at least its seq, or a later generation. */
  const covers = (copy: StatsState | undefined, target: Counters): copy is StatsState =>
    copy !== undefined &&
    (copy.generation > target.generation || (copy.generation === target.generation && copy.seq >= target.seq))

  async function current(appId: string): Promise<StatsState | undefined> {
    // Everything committed before this read began is in `target`; the answer covers at least that.
    let target = await ctx.storage.stats.counters(appId)
    for (let attempt = 0; target; attempt++) {
      const copy = copies.get(appId)
      if (covers(copy, target)) return copy
      if (attempt === MAX_REFRESHES)
        throw new AppError(
          'storage_unavailable',
          'The summary could not be brought up to date while records were being deleted; try again',
        )
      await refreshOnce(appId)
      // Dropped: records were renumbered meanwhile, so aim at the counters as they are now.
      if (!copies.has(appId)) target = await ctx.storage.stats.counters(appId)
    }
    copies.delete(appId)
    return undefined
  }

  const due = (state: StatsState) => ctx.clock.now() - state.persistedAt >= LIMITS.statsPersistMs

  /** Writes the state's document if the stored one may be older (conditional: never backwards). */
  async function persist(appId: string, state: StatsState): Promise<void> {
    if (persisting.has(appId) || state.persistedSeq >= state.seq) return
    persisting.add(appId)
    state.persistedAt = ctx.clock.now()
    const seq = state.seq
    const document = documentOf(state)
    if (copies.get(appId) === state) copies.measured(appId, document.length)
    try {
      if (await ctx.storage.stats.saveDocument(appId, state.generation, seq, document)) state.persistedSeq = seq
    } catch (error) {
      ctx.log.warn(
        'the summary aggregates could not be written behind; they are rebuilt from the records when needed',
        { appId, error: (error as Error).message },
      )
    } finally {
      persisting.delete(appId)
    }
  }

  /** Catches the copy up (another process wrote meanwhile) and writes its document. */
  async function catchUpAndPersist(appId: string): Promise<void> {
    const state = await current(appId)
    if (state && due(state)) await persist(appId, state)
  }

  return {
    current,
    cached: (appId) => copies.get(appId),
    committed(appId, generation, firstSeq, records, createdAt) {
      recent.note(
        appId,
        generation,
        firstSeq,
        records.map((record) => record.client),
      )
      const copy = copies.get(appId)
      // First write since start (or since the copy was dropped): loading covers these records.
      if (!copy) return refreshing.has(appId) ? undefined : catchUpAndPersist(appId)
      const last = firstSeq + records.length - 1
      if (copy.generation === generation && copy.seq === firstSeq - 1) {
        for (const record of records)
          addRecord(
            record.spam ? copy.spam : copy.kept,
            record.data,
            createdAt,
            record.scores,
            record.client,
            exceptKeys(record.uncounted ?? []),
          )
        copy.seq = last
      }
      // Otherwise a replay or a later generation covers them already, or the copy is behind
      // (another process committed in between): the next read catches up.
      if (!due(copy)) return undefined
      const behind = copy.generation < generation || (copy.generation === generation && copy.seq < last)
      return behind ? catchUpAndPersist(appId) : persist(appId, copy)
    },
    take(appId) {
      const copy = copies.get(appId)
      copies.delete(appId)
      return copy
    },
    install,
    forget: (appId) => void copies.delete(appId),
    async persistAll() {
      for (const [appId, state] of [...copies.entries()])
        if (state.persistedSeq < state.seq) await persist(appId, state)
    },
  }
}

/** The app's counters and aggregates, current; undefined when the app does not exist. */
export const loadStats = (ctx: AppContext, appId: string): Promise<StatsState | undefined> => ctx.stats.current(appId)

/** Forgets the in-memory copy, as after a restart: the next read loads the stored document and replays. */
export const forgetStats = (ctx: AppContext, appId: string): void => ctx.stats.forget(appId)

/** The app's aggregates as they stand, for the clients a recount keeps (undefined when they cannot be had). */
export const statsBeforeRecount = async (ctx: AppContext, appId: string): Promise<StatsState | undefined> =>
  ctx.stats.cached(appId) ?? (await ctx.stats.current(appId).catch(() => undefined))

/**
 * Recounts all of an app's records under its lock (after a rescore, or to repair it): the
 * counters and the document are rewritten from the records and the generation moves on.
 * `before` is the aggregates whose clients the recount keeps (statsBeforeRecount, taken now
 * when not given).
 */
export async function rebuildStats(
  ctx: AppContext,
  appId: string,
  before: StatsState | undefined = undefined,
): Promise<void> {
  // Records carry no client: the recount keeps the clients the copy knew (clients.ts).
  before ??= await statsBeforeRecount(ctx, appId)
  ctx.stats.forget(appId)
  const counted = await countedKeys(ctx, appId)
  const state = emptyState(0)
  let kept = 0
  const rebuilder: StatsRebuilder = {
    budget: { rows: LIMITS.readBatchRows, bytes: LIMITS.readBatchBytes },
    add(rows) {
      for (const row of rows) {
        addRow(state, row, counted)
        if (!row.spam) kept = Math.max(kept, row.pos ?? 0)
      }
    },
    finish: () => {
      if (before) {
        carryClients(before.kept, state.kept)
        carryClients(before.spam, state.spam)
      }
      return { seq: state.seq, kept, spam: state.spam.total, ...timesOf(state), document: documentOf(state) }
    },
  }
  const counters = await ctx.storage.stats.rebuild(appId, rebuilder)
  if (!counters) return
  state.generation = counters.generation
  state.persistedAt = ctx.clock.now()
  state.persistedSeq = state.seq
  ctx.stats.install(appId, state)
}
