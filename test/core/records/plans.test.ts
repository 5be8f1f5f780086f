/**
 * The read paths are key ranges on indexes, never scans: SQLite's query plan for every
 * prepared statement names the index it searches.
 */
import { expect, test } from 'bun:test'
import { RECORD_READ_SQL } from '../../../server/db/sqlite/record-reads.ts'
import { testContext } from '../../support/context.ts'

test('every record read statement searches an index', () => {
  const { ctx } = testContext()
  const plans = Object.fromEntries(
    Object.entries(RECORD_READ_SQL).map(([name, sql]) => {
      const rows = ctx.store.sqlite.query(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>
      return [name, rows.map((row) => row.detail).join(' | ')]
    }),
  )
  expect(plans).toEqual({
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
    counts: 'SEARCH app_stats USING INDEX sqlite_autoindex_app_stats_1 (app_id=?)',
  })
})
