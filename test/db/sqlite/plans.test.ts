/**
 * The read paths are key ranges on indexes, never scans: SQLite's query plan for every
 * prepared statement names the index it searches. The refills after a delete read one kind
 * of record through an index too, and a filtered page walks the app's rows in page order
 * on the index of its spam mode (no sort, no other app's rows).
 */
import { describe, expect, test } from 'bun:test'
import { REFILL_SQL } from '../../../server/db/sqlite/record-delete.ts'
import { filteredPageSql } from '../../../server/db/sqlite/record-filter.ts'
import { RECORD_READ_SQL } from '../../../server/db/sqlite/record-reads.ts'
import { parseFilter } from '../../../server/core/records/filter.ts'
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

  test('a filtered page walks the index of its order, whatever the filter', () => {
    const filter = parseFilter("city = 'Paris' && (age >= 18 || tags ~ 'a') && created >= '2026-01-01'", ['city', 'age', 'tags'])
    const firstSteps: Record<string, string> = {}
    for (const selection of ['kept', 'all', 'spam'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const { rows, count } = filteredPageSql('app', { filter, selection, order, offset: 0, limit: 10 })
        for (const [name, plan] of Object.entries(plansOf({ rows: rows.sql, count: count.sql }))) {
          // The rest are the array tests' json_each lookups; never a sort or a scan of the table.
          expect(plan).not.toContain('TEMP B-TREE')
          expect(plan).not.toContain('SCAN records')
          firstSteps[`${selection} ${order} ${name}`] = plan.split(' | ')[0]
        }
      }
    }
    const pos = 'SEARCH records USING INDEX records_app_pos_idx (app_id=? AND pos>?)'
    const seq = 'SEARCH records USING INDEX records_app_seq_idx (app_id=?)'
    const spam = 'SEARCH records USING INDEX records_app_spam_seq_idx (app_id=?)'
    expect(firstSteps).toEqual({
      'kept asc rows': pos, 'kept asc count': pos, 'kept desc rows': pos, 'kept desc count': pos,
      'all asc rows': seq, 'all asc count': seq, 'all desc rows': seq, 'all desc count': seq,
      'spam asc rows': spam, 'spam asc count': spam, 'spam desc rows': spam, 'spam desc count': spam,
    })
  })
})
