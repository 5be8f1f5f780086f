/**
 * The read paths are key ranges on indexes, never scans: SQLite's query plan for every
 * prepared statement names the index it searches. The refills after a delete read one kind
 * of record through an index too, and every batch of a page or an export, filtered or not,
 * walks the app's rows in key order on the index of its selection (no sort, no other app's
 * rows), as do the batches an owner's change (delete, spam mark, recount) reads its records in.
 */
import { describe, expect, test } from 'bun:test'
import { REFILL_SQL } from '../../../server/db/sqlite/record-delete.ts'
import { batchSql, filteredCountSql, liveSql } from '../../../server/db/sqlite/record-batches.ts'
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
      one: 'SEARCH records USING INDEX records_id_unique (id=?)',
      after: 'SEARCH records USING INDEX records_app_seq_idx (app_id=? AND seq>?)',
      counts: 'SEARCH app_stats USING INDEX sqlite_autoindex_app_stats_1 (app_id=?)',
      lastSerial: 'SEARCH app_stats USING INDEX sqlite_autoindex_app_stats_1 (app_id=?)',
    })
  })

  test('every refill reads one kind of record through an index', () => {
    const kept = 'SEARCH r USING INDEX records_app_pos_idx (app_id=? AND pos>?)'
    const spam = 'SEARCH r USING INDEX records_app_spam_seq_idx (app_id=?)'
    expect(plansOf(REFILL_SQL)).toEqual({
      timesKept: kept,
      timesSpam: spam,
      numbersKept: kept,
      numbersSpam: spam,
      scoresKept: kept,
      scoresSpam: spam,
    })
  })

  test('every batch walks the index of its selection in its order, filtered or not', () => {
    const filter = parseFilter("city = 'Paris' && (age >= 18 || tags ~ 'a') && created >= '2026-01-01'", [
      'city',
      'age',
      'tags',
    ])
    const index = { kept: 'records_app_pos_idx', all: 'records_app_seq_idx', spam: 'records_app_spam_seq_idx' }
    const starts = { at: { at: 1 }, skip: { skip: 10 }, after: { afterId: 'x', key: 5 } }
    const walks: Record<string, string> = {}
    for (const selection of ['kept', 'all', 'spam'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        for (const [kind, start] of Object.entries(starts)) {
          for (const filtered of [false, true]) {
            const name = `${selection} ${order} ${kind}${filtered ? ' filtered' : ''}`
            const plan = plansOf({
              [name]: batchSql('app', {
                selection,
                order,
                start,
                filter: filtered ? filter : undefined,
                rows: 256,
                bytes: 1 << 22,
              }).sql,
            })[name]
            // The rest are the array tests' json_each lookups; never a scan of the table or a sort.
            expect(plan).not.toContain('SCAN records')
            expect(plan).not.toContain('TEMP B-TREE')
            if (kind === 'after') expect(plan).toContain('SEARCH records USING INDEX records_id_unique (id=?)')
            walks[name] = plan.split(' | ').find((step) => step.startsWith('SEARCH records'))!
          }
        }
      }
    }
    for (const [name, walk] of Object.entries(walks))
      expect(`${name}: ${walk}`).toStartWith(
        `${name}: SEARCH records USING INDEX ${index[name.split(' ')[0] as keyof typeof index]} (app_id=?`,
      )
    for (const selection of ['kept', 'all', 'spam'] as const) {
      const plan = plansOf({ count: filteredCountSql('app', selection, filter).sql }).count
      expect(plan).not.toContain('SCAN records')
      expect(plan.split(' | ')[0]).toStartWith(`SEARCH records USING INDEX ${index[selection]} (app_id=?`)
    }
  })

  test('a live read walks the seq index from its bound (two key lookups), filtered or not: no sort, no scan', () => {
    const filter = parseFilter("city = 'Paris'", ['city'])
    for (const selection of ['kept', 'all', 'spam'] as const) {
      for (const filtered of [false, true]) {
        const plan = plansOf({
          live: liveSql('app', {
            selection,
            after: 10,
            afterId: 'x',
            through: 20,
            filter: filtered ? filter : undefined,
            rows: 256,
            bytes: 1 << 22,
          }).sql,
        }).live
        expect(plan).not.toContain('SCAN records')
        expect(plan).not.toContain('TEMP B-TREE')
        // In seq order: the seq index, or for spam only its own (seq-ordered) one.
        const walked = selection === 'spam' ? 'records_app_spam_seq_idx' : 'records_app_seq_idx'
        expect(plan).toStartWith(`SEARCH records USING INDEX ${walked} (app_id=? AND seq>?)`)
        expect(plan).toContain('SEARCH records USING INDEX records_id_unique (id=?)')
        expect(plan).toContain('SEARCH app_stats USING INDEX sqlite_autoindex_app_stats_1 (app_id=?)')
      }
    }
  })

  test("an owner's change reads its records in batches on the seq index, the changed ones by number: no sort", () => {
    const budget = { selection: 'all', order: 'asc', start: { at: 1 }, rows: 1000, bytes: 1 << 20 } as const
    expect(
      plansOf({
        newer: batchSql('app', budget, 'stats').sql,
        changed: batchSql('app', { ...budget, seqs: [3, 9] }, 'stats').sql,
      }),
    ).toEqual({
      newer: 'SEARCH records USING INDEX records_app_seq_idx (app_id=? AND seq>?)',
      changed:
        'SEARCH records USING INDEX records_app_seq_idx (app_id=? AND seq=?) | LIST SUBQUERY 1 | SCAN json_each VIRTUAL TABLE INDEX 1:',
    })
  })
})
