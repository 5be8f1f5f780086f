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
import type { Counters, StatsRebuilder, StatsRow } from '../../db/storage/stats.ts'
import { AppError } from '../../contract/errors.ts'
import { LIMITS } from '../../contract/limits.ts'
import { parseStoredScores } from '../scoring/stored.ts'
import { statsCopies } from './copies.ts'
import { carryClients } from './carry-clients.ts'
import { recentClients } from './recent-clients.ts'
import { addRecord, emptyAggregate } from './aggregate.ts'
import { loadAggregate, storeAggregate, type StoredAggregate } from './stored-aggregate.ts'
import { countedKeys } from './counted.ts'
import { countTextRead } from '../records/read-garbage.ts'
import { exceptKeys, type CountedKeys } from './key-filter.ts'
import type { CommittedRecord, Stats, StatsState } from './stats-types.ts'

/**
 * Version of the JSON in app_stats.aggregates; another version is rebuilt from the records.
 * 6: only the keys the app knows are counted (counted.ts); 5 counted every key.
 */
const FORMAT = 6
/** Records replayed per step while catching up (fewer when they are big: `LIMITS.readBatchBytes`). */
const REPLAY_BATCH = 5000
/** Catch-up attempts a read makes while deletes keep renumbering the app's records. */
const MAX_REFRESHES = 20

/**
 * The aggregates document. `seq` is the last record it covers: it may lag behind the
 * counters (it is written at most every `LIMITS.statsPersistMs`), and loading replays the
 * records after it.
 */
interface StoredDocument {
  format: number
  seq: number
  kept: StoredAggregate
  spam: StoredAggregate
}

/** The stored document, or null when it is missing or of another format. */
export function parseDocument(text: string): StoredDocument | null {
  try {
    const doc = JSON.parse(text) as StoredDocument
    return doc && doc.format === FORMAT && typeof doc.seq === 'number' && doc.kept && doc.spam ? doc : null
  } catch {
    return null
  }
}

/** The document text of a state. */
export const documentOf = (state: StatsState): string =>
  JSON.stringify({
    format: FORMAT,
    seq: state.seq,
    kept: storeAggregate(state.kept),
    spam: storeAggregate(state.spam),
  } satisfies StoredDocument)

/** A state over no records. */
export const emptyState = (generation: number): StatsState => ({
  generation,
  seq: 0,
  kept: emptyAggregate(),
  spam: emptyAggregate(),
  persistedAt: Number.NEGATIVE_INFINITY,
  persistedSeq: -1,
})

/** The state a stored document holds. */
export const stateFromDocument = (doc: StoredDocument, generation: number): StatsState => ({
  generation,
  seq: doc.seq,
  kept: loadAggregate(doc.kept),
  spam: loadAggregate(doc.spam),
  persistedAt: Number.NEGATIVE_INFINITY,
  persistedSeq: doc.seq,
})

/**
 * Adds one stored record (replay, recount) to the state, given by the client tagged `client`
 * (null: unknown), counting the keys `counted` lets through.
 */
export function addRow(
  state: StatsState,
  row: Pick<StatsRow, 'seq' | 'spam' | 'data' | 'scores' | 'createdAt'>,
  counted: CountedKeys,
  client: string | null = null,
): void {
  countTextRead(row.data.length + (row.scores?.length ?? 0))
  addRecord(
    row.spam ? state.spam : state.kept,
    JSON.parse(row.data) as Record<string, unknown>,
    row.createdAt,
    row.scores ? parseStoredScores(row.scores) : null,
    client,
    row.spam ? counted.spam : counted.kept,
  )
  state.seq = row.seq
}

/** The first and last record time over both aggregates. */
export function timesOf(state: StatsState): { firstAt: number | null; lastAt: number | null } {
  const first = [state.kept.firstAt, state.spam.firstAt].filter((t) => t !== null) as number[]
  const last = [state.kept.lastAt, state.spam.lastAt].filter((t) => t !== null) as number[]
  return { firstAt: first.length ? Math.min(...first) : null, lastAt: last.length ? Math.max(...last) : null }
}

/** The stats service of `ctx`; copies are dropped when the change feed says records changed or the app went. */
export function createStats(ctx: AppContext): Stats {
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
