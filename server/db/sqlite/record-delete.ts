/**
 * @module Deleting records on SQLite. `seq` and `pos` must stay dense (1…N) or key-range
 * paging would show gaps, so the app's later records are renumbered in the same IMMEDIATE
 * transaction as the delete; the counters follow, the generation is bumped, and the
 * aggregates document the core's adjuster computes (the deleted rows subtracted, the few
 * statistics that cannot be subtracted recomputed by the refill queries below) is stored
 * with them. A delete costs the rows it deletes plus the renumbering, which touches only
 * the rows after the first deleted one. Records are read for the adjuster in batches
 * bounded by rows and bytes (batch-reader.ts), never all at once: anyone may post records of
 * 1 MiB, and a delete may name a thousand of them.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'
import type { DeleteAdjuster, DeleteOutcome } from '../storage/records.ts'
import type { Counters, RefillRequest } from '../storage/stats.ts'
import { appStatsStatements } from './app-stats.ts'
import type { SqliteContext } from './context.ts'
import { changeTransaction } from './audit.ts'
import { sqliteOutboxDeleted } from './outbox.ts'
import { rowsWithFlags } from './record-reads.ts'
import { eachStatsBatch } from './batch-reader.ts'
import type * as schema from './schema.ts'
import { appStats, records } from './schema.ts'
import { pathTo } from './json-path.ts'

/** The database or a transaction on it. */
export type Queryable = BaseSQLiteDatabase<'sync', void, typeof schema>

/**
 * Moves every survivor after a deleted row down: between two deleted rows all survivors
 * shift by the same amount (deleted rows before them; deleted non-spam rows for pos), so
 * each gap is one index range UPDATE: the numbering row_number() would give, with no join
 * and no window over the rows. `negate` writes the new numbers negated, to be flipped.
 */
function shiftGaps(
  tx: Queryable,
  appId: string,
  sorted: ReadonlyArray<{ seq: number; pos: number | null }>,
  negate: boolean,
): void {
  const sign = sql.raw(negate ? '-' : '')
  let keptBefore = 0
  sorted.forEach((row, index) => {
    if (row.pos !== null) keptBefore++
    const next = sorted[index + 1]
    const upTo = next ? sql` AND seq < ${next.seq}` : sql``
    tx.run(
      sql`UPDATE records SET seq = ${sign}(seq - ${index + 1}), pos = ${sign}(pos - ${keptBefore}) WHERE app_id = ${appId} AND seq > ${row.seq}${upTo}`,
    )
  })
}

/**
 * Renumbers the rows after the deleted ones so seq (all rows) and pos (non-spam rows) stay
 * dense 1…N. SQLite applies a range UPDATE in index order, ascending, so each row moves
 * into a number already freed and the unique indexes never see a duplicate: one pass. Should
 * a SQLite version ever order it differently, the unique index refuses, the savepoint rolls
 * back, and the slower safe way runs: new numbers written negated, then flipped.
 */
function renumber(tx: Queryable, appId: string, doomed: ReadonlyArray<{ seq: number; pos: number | null }>): void {
  const sorted = [...doomed].sort((a, b) => a.seq - b.seq)
  try {
    tx.transaction((savepoint) => shiftGaps(savepoint, appId, sorted, false))
  } catch (error) {
    if (!/UNIQUE constraint failed/.test(String(error))) throw error
    renumbering.fallbacks++
    renumberInTwoPasses(tx, appId, sorted)
  }
}

/** How often renumbering needed the two-pass way in this process (a test checks it never does). */
export const renumbering = { fallbacks: 0 }

/** The order-independent renumbering: new numbers negated first, then flipped (`sorted` by seq). */
export function renumberInTwoPasses(
  tx: Queryable,
  appId: string,
  sorted: ReadonlyArray<{ seq: number; pos: number | null }>,
): void {
  shiftGaps(tx, appId, sorted, true)
  tx.run(sql`UPDATE records SET seq = -seq, pos = -pos WHERE app_id = ${appId} AND seq < 0`)
}

// Non-spam rows are the ones with a pos; both filters match a partial index on (app_id, …).
const KEPT = 'r.pos IS NOT NULL ORDER BY r.pos'
const SPAM = 'r.spam = 1 ORDER BY r.seq'
const TIMES = 'SELECT r.created_at AS v FROM records r WHERE r.app_id = ?1 AND '
// ?2 is a JSON path: the value of one field in data, or one dimension's score in scores.
// Numbers are read as their JSON text (`->`) and parsed by JavaScript, exactly as the
// aggregates saw them at insert, never through SQLite's own float conversion.
const NUMBERS =
  "SELECT r.data -> ?2 AS v FROM records r WHERE r.app_id = ?1 AND json_type(r.data, ?2) IN ('integer', 'real') AND "
const SCORES =
  "SELECT r.scores -> ?2 AS v FROM records r WHERE r.app_id = ?1 AND r.scores IS NOT NULL AND json_type(r.scores, ?2) IN ('integer', 'real') AND "

/** The refill statements: parameters the app id, then a JSON path (`pathTo`). */
export const REFILL_SQL = {
  timesKept: TIMES + KEPT,
  timesSpam: TIMES + SPAM,
  numbersKept: NUMBERS + KEPT,
  numbersSpam: NUMBERS + SPAM,
  scoresKept: SCORES + KEPT,
  scoresSpam: SCORES + SPAM,
}

/**
 * The values a refill asks for, read from the records that remain. One query reads just
 * that value (a JSON path, not the whole record) of the app's non-spam (by `pos`) or spam
 * (by the spam index) records.
 */
function refillValues(db: SqliteContext, appId: string, request: RefillRequest): number[] {
  let query: string
  let params: string[]
  if (request.kind === 'times') {
    query = request.spam ? REFILL_SQL.timesSpam : REFILL_SQL.timesKept
    params = [appId]
  } else if (request.kind === 'numbers') {
    query = request.spam ? REFILL_SQL.numbersSpam : REFILL_SQL.numbersKept
    params = [appId, pathTo(request.field)]
  } else {
    query = request.spam ? REFILL_SQL.scoresSpam : REFILL_SQL.scoresKept
    params = [appId, `${pathTo(request.key)}.score`]
  }
  const values: number[] = []
  for (const row of db.sqlite.query<{ v: number | string }, string[]>(query).iterate(...params))
    values.push(Number(row.v))
  return values
}

/** What the store keeps in app_stats after a change: the adjusted document, or none (rebuilt on the next read) when the adjuster could not start. */
export interface StoredAggregates {
  document: string
  firstAt: number | null
  lastAt: number | null
}

/**
 * Feeds `adjust` what it needs before the change, inside the unit's transaction: the
 * records after its start, then the changed rows (`changed`, by seq) as they are now, each
 * read in batches within its budget, so a change of big records holds a batch at a time.
 */
export function feedAdjuster(
  db: SqliteContext,
  appId: string,
  adjust: DeleteAdjuster,
  start: number | null,
  changed: ReadonlyArray<{ seq: number }>,
): void {
  if (start === null) return
  eachStatsBatch(db, appId, start + 1, adjust.budget, (rows) => adjust.add(rows))
  eachStatsBatch(
    db,
    appId,
    changed[0].seq,
    adjust.budget,
    (rows) => adjust.subtract(rows),
    changed.map((row) => row.seq),
  )
}

/**
 * The aggregates document after the change `adjust` was started (`start`, its answer) and
 * fed for (feedAdjuster), read after the rows changed so refills see the records as they
 * are now.
 */
export function adjustedDocument(
  db: SqliteContext,
  appId: string,
  adjust: DeleteAdjuster,
  start: number | null,
): StoredAggregates {
  // query(), not prepare(): compiled once per database and kept, as this runs on every delete and spam mark.
  if (start === null)
    return {
      document: '{}',
      ...db.sqlite
        .query<{ firstAt: number | null; lastAt: number | null }, [{ appId: string }]>(TIMES_SQL)
        .get({ appId })!,
    }
  return adjust.finish(adjust.refills().map((request) => refillValues(db, appId, request)))
}

const TIMES_SQL = 'SELECT MIN(created_at) AS firstAt, MAX(created_at) AS lastAt FROM records WHERE app_id = $appId'

/** The delete unit of the SQLite record store. */
export function sqliteDeleteRecords(
  db: SqliteContext,
): (appId: string, ids: readonly string[], adjust: DeleteAdjuster) => Promise<DeleteOutcome> {
  const counterStatements = appStatsStatements(db)
  const outboxDeleted = sqliteOutboxDeleted(db)

  function deleteInTransaction(
    tx: Queryable,
    appId: string,
    ids: string[],
    adjust: DeleteAdjuster,
  ): { outcome: DeleteOutcome; changed: boolean } {
    const row = counterStatements.document.get({ appId })
    const counters: Counters = row
      ? { seq: row.seq, kept: row.kept, spam: row.spam, generation: row.generation }
      : { seq: 0, kept: 0, spam: 0, generation: 0 }
    if (!row) return { outcome: { deleted: 0, counters }, changed: false }
    // Their numbers and flags only: their text is read in batches (feedAdjuster).
    const doomed = rowsWithFlags(
      tx
        .select({ id: records.id, seq: records.seq, pos: records.pos, spam: records.spam })
        .from(records)
        .where(and(eq(records.appId, appId), inArray(records.id, ids)))
        .orderBy(records.seq)
        .all(),
    )
    if (doomed.length === 0) return { outcome: { deleted: 0, counters }, changed: false }
    // Read before the rows go: the adjuster catches up on records by number, which renumbering changes.
    const start = adjust.start(counters, row.document)
    feedAdjuster(db, appId, adjust, start, doomed)
    // The webhook events go in with the delete.
    outboxDeleted(
      appId,
      doomed.filter((r) => !r.spam).map((r) => r.id),
      db.now(),
    )
    tx.delete(records)
      .where(and(eq(records.appId, appId), inArray(records.id, ids)))
      .run()
    renumber(tx, appId, doomed)
    const spamDeleted = doomed.filter((r) => r.spam).length
    const after: Counters = {
      seq: counters.seq - doomed.length,
      kept: counters.kept - (doomed.length - spamDeleted),
      spam: counters.spam - spamDeleted,
      generation: counters.generation + 1,
    }
    // After the rows are gone, so refills read what remains.
    const stored = adjustedDocument(db, appId, adjust, start)
    tx.update(appStats)
      .set({
        seq: after.seq,
        kept: after.kept,
        spam: after.spam,
        generation: after.generation,
        aggregates: stored.document,
        firstAt: stored.firstAt,
        lastAt: stored.lastAt,
        updatedAt: db.now(),
      })
      .where(eq(appStats.appId, appId))
      .run()
    return { outcome: { deleted: doomed.length, counters: after }, changed: true }
  }

  return async (appId, ids, adjust) => {
    const unique = [...new Set(ids)]
    const { outcome, changed } = changeTransaction(db, (noteChange, tx) => {
      const result = deleteInTransaction(tx, appId, unique, adjust)
      if (result.changed) noteChange(appId, 'records')
      return result
    })
    if (changed) db.checkpoints.afterWrite()
    return outcome
  }
}
