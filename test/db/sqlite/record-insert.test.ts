/**
 * Record rows go in through multi-row statements in chunks of 64, 32, … 1. Whatever the
 * count, every row must be stored exactly once, in order, with every column as given.
 */
import { describe, expect, test } from 'bun:test'
import { inImmediateTransaction } from '../../../server/db/sqlite/immediate.ts'
import { insertRecordRows, type RecordRow } from '../../../server/db/sqlite/record-insert.ts'
import { sqliteContext } from '../../support/context.ts'
import { makeEndpoint } from '../../core/collect/fixtures.ts'

const rowsFor = (appId: string, count: number): RecordRow[] =>
  Array.from({ length: count }, (_, i): RecordRow => {
    const spam = i % 7 === 3
    return [
      `rec-${count}-${i}`,
      appId,
      i + 1,
      spam ? null : i + 1,
      i + 1,
      spam ? 1 : 0,
      JSON.stringify({ n: i, note: `ü ${i}` }),
      i % 2 ? '{"source":"x"}' : '{}',
      i % 5 ? null : `{"s":${i}}`,
      1_700_000_000_000 + i,
    ]
  })

describe('insertRecordRows', () => {
  test.each([0, 1, 2, 3, 7, 63, 64, 65, 127, 128, 129, 1000])(
    '%p rows are stored once each, in order, column for column',
    async (count) => {
      const { ctx, sqlite } = sqliteContext()
      const { appId } = await makeEndpoint(ctx)
      const rows = rowsFor(appId, count)
      inImmediateTransaction(sqlite, () => insertRecordRows(sqlite, rows))
      const stored = sqlite.sqlite
        .query('SELECT id, app_id, seq, pos, serial, spam, data, meta, scores, created_at FROM records ORDER BY rowid')
        .values()
      expect(stored).toEqual(rows)
    },
  )

  test('a failing row rolls back with its transaction: nothing of the group is stored', async () => {
    const { ctx, sqlite } = sqliteContext()
    const { appId } = await makeEndpoint(ctx)
    const rows = rowsFor(appId, 70)
    rows[66][0] = rows[2][0] // a duplicate id, in the last chunks
    expect(() => inImmediateTransaction(sqlite, () => insertRecordRows(sqlite, rows))).toThrow(
      /UNIQUE constraint failed: records.id/,
    )
    expect(sqlite.sqlite.query('SELECT count(*) AS n FROM records').get()).toEqual({ n: 0 })
  })
})
