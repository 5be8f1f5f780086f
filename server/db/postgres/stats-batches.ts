/**
 * @module The owner's changes (the delete and spam units, the recount) read the records
 * they need inside their transaction in the batches pages and exports are read in
 * (record-batches.ts): at most a budget's rows, up to the row bringing the stored text to
 * its bytes, so a change of big records holds a batch at a time. Each batch is one keyset
 * statement; the app's counters row is locked meanwhile, so nothing is renumbered between
 * two of them.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { ReadBudget } from '../storage/records.ts'
import type { StatsRow } from '../storage/stats.ts'
import { batchSql } from './record-batches.ts'
import type { Compiled } from './record-filter.ts'
import { rowsOf, type Exec } from './rows.ts'

/** Compiled SQL text (`$n` placeholders) as a drizzle statement with the same parameters, to run in a drizzle transaction. */
function drizzleOf(compiled: Compiled): SQL {
  const parts = compiled.sql.split(/\$(\d+)/)
  return sql.join(
    parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${compiled.params[Number(part) - 1]}`)),
  )
}

/**
 * Hands `visit` the app's records from seq `from` on (only those numbered `seqs`, when
 * given), in seq order, a batch within `budget` at a time.
 */
export async function eachStatsBatch(
  exec: Exec,
  appId: string,
  from: number,
  budget: ReadBudget,
  visit: (rows: StatsRow[]) => void,
  seqs?: readonly number[],
): Promise<void> {
  let at = from
  let left = seqs ? seqs.length : Number.POSITIVE_INFINITY
  while (left > 0) {
    const query = drizzleOf(
      batchSql(
        appId,
        { selection: 'all', order: 'asc', start: { at }, rows: budget.rows, bytes: budget.bytes, seqs },
        'stats',
      ),
    )
    const rows = await rowsOf<StatsRow & { cursor: number }>(exec, query)
    if (rows.length === 0) return
    visit(rows)
    left -= rows.length
    at = rows[rows.length - 1].cursor + 1
  }
}
