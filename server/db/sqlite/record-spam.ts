/**
 * @module Marking records spam or not spam on SQLite, in one IMMEDIATE transaction: the
 * flags flip, `pos` is renumbered densely over the non-spam rows (spam-positions.ts; new
 * numbers written negated, then flipped, so the unique index on pos never sees two rows on
 * one number), the counters move with the generation bumped, and the aggregates document
 * the core's adjuster computes is stored with them, the records it needs read in batches
 * bounded by rows and bytes. Costs the rows changed plus the non-spam rows after the first
 * of them.
 */
import { sql } from 'drizzle-orm'
import { posOfUnspammed, posShifts } from '../spam-positions.ts'
import type { DeleteAdjuster, SpamOutcome } from '../storage/records.ts'
import type { Counters, StatsRow } from '../storage/stats.ts'
import { appStatsStatements } from './app-stats.ts'
import type { SqliteContext } from './context.ts'
import { changeTransaction } from './audit.ts'
import { adjustedDocument, feedAdjuster, type Queryable } from './record-delete.ts'
import { rowsWithFlags } from './record-reads.ts'

/** A changed row's number and flag: its text is read in batches (feedAdjuster). */
type RawRow = Pick<StatsRow, 'id' | 'seq' | 'pos'> & { spam: number }

/** The spam unit of the SQLite record store. */
export function sqliteSetSpam(
  db: SqliteContext,
): (appId: string, ids: readonly string[], spam: boolean, adjust: DeleteAdjuster) => Promise<SpamOutcome> {
  const counterStatements = appStatsStatements(db)
  // The ids as one JSON array parameter: one statement whatever their number.
  const changing = db.sqlite.prepare<RawRow, [{ appId: string; spam: number; ids: string }]>(
    `SELECT id, seq, pos, spam FROM records WHERE app_id = $appId AND spam = $spam AND id IN (SELECT value FROM json_each($ids)) ORDER BY seq`,
  )
  const spamBefore = db.sqlite.prepare<{ n: number }, [{ appId: string; seq: number }]>(
    'SELECT COUNT(*) AS n FROM records WHERE app_id = $appId AND spam = 1 AND seq < $seq',
  )
  const shift = db.sqlite.prepare<unknown, [{ appId: string; after: number; before: number | null; shift: number }]>(
    'UPDATE records SET pos = -(pos + $shift) WHERE app_id = $appId AND pos IS NOT NULL AND seq > $after AND ($before IS NULL OR seq < $before)',
  )
  const toSpam = db.sqlite.prepare<unknown, [{ appId: string; id: string }]>(
    'UPDATE records SET spam = 1, pos = NULL WHERE app_id = $appId AND id = $id',
  )
  const toKept = db.sqlite.prepare<unknown, [{ appId: string; id: string; pos: number }]>(
    'UPDATE records SET spam = 0, pos = -$pos WHERE app_id = $appId AND id = $id',
  )
  const flip = db.sqlite.prepare<unknown, [{ appId: string }]>(
    'UPDATE records SET pos = -pos WHERE app_id = $appId AND pos < 0',
  )

  function inTransaction(
    tx: Queryable,
    appId: string,
    ids: string[],
    spam: boolean,
    adjust: DeleteAdjuster,
  ): { outcome: SpamOutcome; changed: boolean } {
    const row = counterStatements.document.get({ appId })
    const counters: Counters = row
      ? { seq: row.seq, kept: row.kept, spam: row.spam, generation: row.generation }
      : { seq: 0, kept: 0, spam: 0, generation: 0 }
    if (!row) return { outcome: { changed: 0, counters }, changed: false }
    const flipped = rowsWithFlags(changing.all({ appId, spam: spam ? 0 : 1, ids: JSON.stringify(ids) }))
    if (flipped.length === 0) return { outcome: { changed: 0, counters }, changed: false }
    // Read before the flags change: the adjuster adds the records after its start as they were.
    const start = adjust.start(counters, row.document)
    feedAdjuster(db, appId, adjust, start, flipped)
    const positions = spam
      ? []
      : flipped.map((r, index) => posOfUnspammed(r.seq, spamBefore.get({ appId, seq: r.seq })!.n, index))
    for (const s of posShifts(flipped, spam))
      shift.run({ appId, after: s.afterSeq, before: s.beforeSeq, shift: s.shift })
    for (const [index, r] of flipped.entries()) {
      if (spam) toSpam.run({ appId, id: r.id })
      else toKept.run({ appId, id: r.id, pos: positions[index] })
    }
    flip.run({ appId })
    const moved = spam ? flipped.length : -flipped.length
    const after: Counters = {
      seq: counters.seq,
      kept: counters.kept - moved,
      spam: counters.spam + moved,
      generation: counters.generation + 1,
    }
    const stored = adjustedDocument(db, appId, adjust, start)
    tx.run(sql`UPDATE app_stats SET kept = ${after.kept}, spam = ${after.spam}, generation = ${after.generation}, aggregates = ${stored.document},
      first_at = ${stored.firstAt}, last_at = ${stored.lastAt}, updated_at = ${db.now()} WHERE app_id = ${appId}`)
    return { outcome: { changed: flipped.length, counters: after }, changed: true }
  }

  return async (appId, ids, spam, adjust) => {
    const unique = [...new Set(ids)]
    const { outcome, changed } = changeTransaction(db, (noteChange, tx) => {
      const result = inTransaction(tx, appId, unique, spam, adjust)
      if (result.changed) noteChange(appId, 'records')
      return result
    })
    if (changed) db.checkpoints.afterWrite()
    return outcome
  }
}
