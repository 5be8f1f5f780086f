/**
 * @module Deleting records on PostgreSQL, in one transaction: the app's counters row is
 * locked first (the order the group commit takes locks in, so the two never deadlock),
 * the rows are deleted, the app's later records renumbered densely, the counters moved on
 * with the generation bumped, and the aggregates document the core's adjuster computes is
 * stored with them; NOTIFY tells every process (`records`).
 *
 * Renumbering: PostgreSQL checks a unique index row by row during an UPDATE, in no
 * promised order, so moving rows down in place could collide with a row not yet moved.
 * The new numbers are written negated first (negative numbers never meet the positive
 * ones, nor each other), then flipped: two statements, whatever was deleted. Each survivor
 * after a deleted row moves down by the deleted rows before it (seq) and the deleted
 * non-spam rows before it (pos): one gap table (`unnest`) joined by range.
 *
 * The records the adjuster needs are read in batches bounded by rows and bytes
 * (stats-batches.ts), never all at once: anyone may post records of 1 MiB, and a delete may
 * name a thousand of them.
 */
import { sql } from 'drizzle-orm'
import type { DeleteAdjuster, DeleteOutcome } from '../storage/records.ts'
import type { Counters, RefillRequest, StatsRow } from '../storage/stats.ts'
import type { PgContext } from './context.ts'
import { pgOutboxDeleted } from './webhooks.ts'
import { rowsOf, type Exec } from './rows.ts'
import { eachStatsBatch } from './stats-batches.ts'

/** A changed row's number and flag (its text is read in batches: feedAdjuster). */
export type ChangedRow = Pick<StatsRow, 'id' | 'seq' | 'pos' | 'spam'>

/** Renumbers the app's rows after the deleted ones (`doomed`, by seq), negated then flipped. */
async function renumber(
  exec: Exec,
  appId: string,
  doomed: ReadonlyArray<{ seq: number; pos: number | null }>,
): Promise<void> {
  const from: number[] = []
  const below: Array<number | null> = []
  const seqShift: number[] = []
  const posShift: number[] = []
  let keptBefore = 0
  doomed.forEach((row, index) => {
    if (row.pos !== null) keptBefore++
    from.push(row.seq)
    below.push(doomed[index + 1]?.seq ?? null)
    seqShift.push(index + 1)
    posShift.push(keptBefore)
  })
  await exec.execute(sql`UPDATE records r SET seq = -(r.seq - g.seq_shift), pos = -(r.pos - g.pos_shift)
    FROM unnest(${sql.param(from)}::int[], ${sql.param(below)}::int[], ${sql.param(seqShift)}::int[], ${sql.param(posShift)}::int[]) AS g(after_seq, before_seq, seq_shift, pos_shift)
    WHERE r.app_id = ${appId} AND r.seq > g.after_seq AND (g.before_seq IS NULL OR r.seq < g.before_seq)`)
  await exec.execute(sql`UPDATE records SET seq = -seq, pos = -pos WHERE app_id = ${appId} AND seq < 0`)
}

/**
 * The values a refill asks for, from the records that remain: every record time, or every
 * number under a key of data or a dimension's score in scores, of the non-spam or spam
 * records. Numbers are read as their JSON text (`json`, which keeps it as sent) and parsed
 * by JavaScript, exactly as the aggregates saw them.
 */
async function refillValues(exec: Exec, appId: string, request: RefillRequest): Promise<number[]> {
  const which = request.spam ? sql`spam` : sql`pos IS NOT NULL`
  let rows: Array<{ v: number | string }>
  if (request.kind === 'times') {
    rows = await rowsOf(exec, sql`SELECT created_at::float8 AS v FROM records WHERE app_id = ${appId} AND ${which}`)
  } else {
    const value =
      request.kind === 'numbers' ? sql`data::json -> ${request.field}` : sql`scores::json -> ${request.key} -> 'score'`
    const present = request.kind === 'scores' ? sql` AND scores IS NOT NULL` : sql``
    rows = await rowsOf(
      exec,
      sql`SELECT v::text AS v FROM (SELECT ${value} AS v FROM records WHERE app_id = ${appId} AND ${which}${present}) s WHERE json_typeof(v) = 'number'`,
    )
  }
  return rows.map((row) => Number(row.v))
}

/**
 * Feeds `adjust` what it needs before the change, inside the unit's transaction: the
 * records after its start, then the changed rows (`changed`, by seq) as they are now, each
 * read in batches within its budget, so a change of big records holds a batch at a time.
 */
export async function feedAdjuster(
  exec: Exec,
  appId: string,
  adjust: DeleteAdjuster,
  start: number | null,
  changed: ReadonlyArray<{ seq: number }>,
): Promise<void> {
  if (start === null) return
  await eachStatsBatch(exec, appId, start + 1, adjust.budget, (rows) => adjust.add(rows))
  await eachStatsBatch(
    exec,
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
 * are now; `{}` (rebuilt on the next read) when the adjuster could not start.
 */
export async function adjustedDocument(
  exec: Exec,
  appId: string,
  adjust: DeleteAdjuster,
  start: number | null,
): Promise<{ document: string; firstAt: number | null; lastAt: number | null }> {
  if (start === null) {
    const [times] = await rowsOf<{ firstAt: number | null; lastAt: number | null }>(
      exec,
      sql`SELECT MIN(created_at)::float8 AS "firstAt", MAX(created_at)::float8 AS "lastAt" FROM records WHERE app_id = ${appId}`,
    )
    return { document: '{}', ...times }
  }
  const values: number[][] = []
  for (const request of adjust.refills()) values.push(await refillValues(exec, appId, request))
  return adjust.finish(values)
}

/** The delete unit of the PostgreSQL record store. */
export function postgresDeleteRecords(
  db: PgContext,
): (appId: string, ids: readonly string[], adjust: DeleteAdjuster) => Promise<DeleteOutcome> {
  return async (appId, ids, adjust) => {
    const unique = [...new Set(ids)]
    return db.changes.transaction(db.db, async (tx, changed) => {
      const [row] = await rowsOf<Counters & { document: string }>(
        tx,
        sql`SELECT seq, kept, spam, generation, aggregates AS document FROM app_stats WHERE app_id = ${appId} FOR UPDATE`,
      )
      if (!row) return { deleted: 0, counters: { seq: 0, kept: 0, spam: 0, generation: 0 } }
      const counters: Counters = { seq: row.seq, kept: row.kept, spam: row.spam, generation: row.generation }
      // Their numbers and flags only: their text is read in batches (feedAdjuster).
      const doomed = await rowsOf<ChangedRow>(
        tx,
        sql`SELECT id, seq, pos, spam FROM records WHERE app_id = ${appId} AND id = ANY(${sql.param(unique)}::text[]) ORDER BY seq`,
      )
      if (doomed.length === 0) return { deleted: 0, counters }
      // Read before the rows go: the adjuster catches up on records by number, which renumbering changes.
      const start = adjust.start(counters, row.document)
      await feedAdjuster(tx, appId, adjust, start, doomed)
      // The webhook events go in with the delete.
      await pgOutboxDeleted(
        tx,
        appId,
        doomed.filter((r) => !r.spam).map((r) => r.id),
        db.now(),
      )
      await tx.execute(sql`DELETE FROM records WHERE app_id = ${appId} AND id = ANY(${sql.param(unique)}::text[])`)
      await renumber(tx, appId, doomed)
      const spamDeleted = doomed.filter((r) => r.spam).length
      const after: Counters = {
        seq: counters.seq - doomed.length,
        kept: counters.kept - (doomed.length - spamDeleted),
        spam: counters.spam - spamDeleted,
        generation: counters.generation + 1,
      }
      // After the rows are gone, so refills read what remains.
      const stored = await adjustedDocument(tx, appId, adjust, start)
      await tx.execute(sql`UPDATE app_stats SET seq = ${after.seq}, kept = ${after.kept}, spam = ${after.spam}, generation = ${after.generation},
        aggregates = ${stored.document}, first_at = ${stored.firstAt}, last_at = ${stored.lastAt}, updated_at = ${db.now()} WHERE app_id = ${appId}`)
      changed(appId, 'records')
      return { deleted: doomed.length, counters: after }
    })
  }
}
