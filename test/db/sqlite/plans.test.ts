/**
 * The read paths are key ranges on indexes, never scans: SQLite's query plan for every
 * prepared statement names the index it searches. The refills after a delete read one kind
 * of record through an index too.
 */
import { describe, expect, test } from 'bun:test'
import { REFILL_SQL } from '../../../server/db/sqlite/record-delete.ts'
import { RECORD_READ_SQL } from '../../../server/db/sqlite/record-reads.ts'
import { sqliteContext } from '../../support/context.ts'

const plansOf = (statements: Record<string, string>) => {
  const { sqlite } = sqliteContext()
  return Object.fromEntries(
    Object.entries(statements).map(([name, sql]) => {
      const rows = sqlite.sqlite.query(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>
      return [name, rows.map((row) => row.detail).join(' | ')]
    }),
  )
}

describe('query plans', () => {
  test('every record read statement searches an index', () => {
    expect(plansOf(RECORD_READ_SQL)).toEqual({
      posAsc: 'SEARCH records USING INDEX records_app_pos_idx (app_id=? AND pos>? AND pos<?)',
      posDesc: 'SEARCH records USING INDEX records_app_pos_idx (app_id=? AND pos>? AND pos<?)',
      seqAsc: 'SEARCH records USING INDEX records_app_seq_idx (app_id=? AND seq>? AND seq<?)',
      seqDesc: 'SEARCH records USING INDEX records_app_seq_idx (app_id=? AND seq>? AND seq<?)',
      spamAsc: 'SEARCH records USING INDEX records_app_spam_seq_idx (app_id=?)',
      spamDesc: 'SEARCH records USING INDEX records_app_spam_seq_idx (app_id=?)',
      chunkKept: 'SEARCH records USING INDEX records_app_pos_idx (app_id=? AND pos>?)',
      chunkAll: 'SEARCH records USING INDEX records_app_seq_idx (app_id=? AND seq>?)',
      chunkSpam: 'SEARCH records USING INDEX records_app_spam_seq_idx (app_id=? AND seq>?)',
      one: 'SEARCH records USING INDEX records_id_unique (id=?)',
      after: 'SEARCH records USING INDEX records_app_seq_idx (app_id=? AND seq>?)',
      counts: 'SEARCH app_stats USING INDEX sqlite_autoindex_app_stats_1 (app_id=?)',
    })
  })

  test('every refill reads one kind of record through an index', () => {
    const kept = 'SEARCH r USING INDEX records_app_pos_idx (app_id=? AND pos>?)'
    const spam = 'SEARCH r USING INDEX records_app_spam_seq_idx (app_id=?)'
    expect(plansOf(REFILL_SQL)).toEqual({ timesKept: kept, timesSpam: spam, numbersKept: kept, numbersSpam: spam, scoresKept: kept, scoresSpam: spam })
  })
})
