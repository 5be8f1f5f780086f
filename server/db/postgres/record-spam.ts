/**
 * @module Marking records spam or not spam on PostgreSQL, in one transaction: the app's
 * counters row is locked first (the order the group commit takes locks in), the flags
 * flip, `pos` is renumbered densely over the non-spam rows (spam-positions.ts: one gap
 * table joined by range, new numbers negated, then flipped, since PostgreSQL checks the
 * unique index row by row in no promised order), the counters move with the generation
 * bumped, and the aggregates document the core's adjuster computes is stored with them
 * (the records it needs read in batches bounded by rows and bytes); NOTIFY tells every
 * process (`records`).
 */
import { sql } from 'drizzle-orm'
import { posOfUnspammed, posShifts } from '../spam-positions.ts'
import type { DeleteAdjuster, SpamOutcome } from '../storage/records.ts'
import type { Counters } from '../storage/stats.ts'
import type { PgContext } from './context.ts'
import { adjustedDocument, feedAdjuster, type ChangedRow } from './record-delete.ts'
import { rowsOf } from './rows.ts'

/** The spam unit of the PostgreSQL record store. */
export function postgresSetSpam(
  db: PgContext,
): (appId: string, ids: readonly string[], spam: boolean, adjust: DeleteAdjuster) => Promise<SpamOutcome> {
  return async (appId, ids, spam, adjust) => {
    const unique = [...new Set(ids)]
    return db.changes.transaction(db.db, async (tx, changed) => {
      const [row] = await rowsOf<Counters & { document: string }>(
        tx,
        sql`SELECT seq, kept, spam, generation, aggregates AS document FROM app_stats WHERE app_id = ${appId} FOR UPDATE`,
      )
      if (!row) return { changed: 0, counters: { seq: 0, kept: 0, spam: 0, generation: 0 } }
      const counters: Counters = { seq: row.seq, kept: row.kept, spam: row.spam, generation: row.generation }
      const flipped = await rowsOf<ChangedRow>(
        tx,
        sql`SELECT id, seq, pos, spam FROM records WHERE app_id = ${appId} AND spam = ${!spam} AND id = ANY(${sql.param(unique)}::text[]) ORDER BY seq`,
      )
      if (flipped.length === 0) return { changed: 0, counters }
      // Read before the flags change: the adjuster adds the records after its start as they were.
      const start = adjust.start(counters, row.document)
      await feedAdjuster(tx, appId, adjust, start, flipped)
      const seqs = flipped.map((r) => r.seq)
      const newPos: Array<number | null> = flipped.map(() => null)
      if (!spam) {
        // How many rows were spam before each changed row, in one pass over the spam index.
        const counts = await rowsOf<{ seq: number; n: number }>(
          tx,
          sql`SELECT c.seq, (SELECT COUNT(*)::int FROM records r WHERE r.app_id = ${appId} AND r.spam AND r.seq < c.seq) AS n
          FROM unnest(${sql.param(seqs)}::int[]) AS c(seq) ORDER BY c.seq`,
        )
        for (const [index, c] of counts.entries()) newPos[index] = -posOfUnspammed(c.seq, c.n, index)
      }
      const shifts = posShifts(flipped, spam)
      await tx.execute(sql`UPDATE records r SET pos = -(r.pos + g.shift)
        FROM unnest(${sql.param(shifts.map((s) => s.afterSeq))}::int[], ${sql.param(shifts.map((s) => s.beforeSeq))}::int[], ${sql.param(shifts.map((s) => s.shift))}::int[]) AS g(after_seq, before_seq, shift)
        WHERE r.app_id = ${appId} AND r.pos IS NOT NULL AND r.seq > g.after_seq AND (g.before_seq IS NULL OR r.seq < g.before_seq)`)
      await tx.execute(sql`UPDATE records r SET spam = ${spam}, pos = c.pos
        FROM unnest(${sql.param(flipped.map((r) => r.id))}::text[], ${sql.param(newPos)}::int[]) AS c(id, pos)
        WHERE r.app_id = ${appId} AND r.id = c.id`)
      await tx.execute(sql`UPDATE records SET pos = -pos WHERE app_id = ${appId} AND pos < 0`)
      const moved = spam ? flipped.length : -flipped.length
      const after: Counters = {
        seq: counters.seq,
        kept: counters.kept - moved,
        spam: counters.spam + moved,
        generation: counters.generation + 1,
      }
      const stored = await adjustedDocument(tx, appId, adjust, start)
      await tx.execute(sql`UPDATE app_stats SET kept = ${after.kept}, spam = ${after.spam}, generation = ${after.generation},
        aggregates = ${stored.document}, first_at = ${stored.firstAt}, last_at = ${stored.lastAt}, updated_at = ${db.now()} WHERE app_id = ${appId}`)
      changed(appId, 'records')
      return { changed: flipped.length, counters: after }
    })
  }
}
