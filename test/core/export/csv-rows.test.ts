/**
 * The CSV writer builds rows by concatenation and column slots for speed; these properties
 * hold it to the plain definition: per record, the cells `csvValue` gives for id, createdAt,
 * each key (own keys only), each scale's score and level, and meta source and timestamp,
 * joined by commas and ended with CRLF, after a BOM and the neutralised header.
 */
import { expect, test } from 'bun:test'
import fc from 'fast-check'
import { csvRows } from '../../../server/core/export/csv-rows.ts'
import { csvRow, csvText, csvValue } from '../../../server/core/export/csv.ts'
import type { StoredRecord } from '../../../server/core/records/shape.ts'

/** The definition, written the obvious way (parse everything, one cell array per row). */
function expectedRows(records: StoredRecord[], keys: string[], scaleKeys: string[]): string {
  const own = (value: Record<string, unknown>, key: string) => (Object.hasOwn(value, key) ? value[key] : undefined)
  return records
    .map((record) => {
      const data = JSON.parse(record.data) as Record<string, unknown>
      const meta = JSON.parse(record.meta) as Record<string, unknown>
      const scores =
        record.scores === null ? {} : (JSON.parse(record.scores) as Record<string, { score: number; level: string }>)
      const cells = [csvText(record.id), csvText(new Date(record.createdAt).toISOString())]
      for (const key of keys) cells.push(csvValue(own(data, key)))
      for (const key of scaleKeys) {
        const score = own(scores, key) as { score: number; level: string } | undefined
        cells.push(csvValue(score?.score ?? ''), csvValue(score?.level ?? ''))
      }
      cells.push(csvValue(own(meta, 'source')), csvValue(own(meta, 'timestamp')))
      return csvRow(cells)
    })
    .join('')
}

const key = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'toString', 'id', 'createdAt', '=cmd', 'a,b', '漢字', '👍🏽'),
  fc.string({ minLength: 1, maxLength: 6 }),
)
const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('=1+1', '-2', '@x', '\tTab', '\rCR', 'say "hi"', 'line\nbreak', '', 'é\u0301', '\ud800'),
  fc.double(),
  fc.constantFrom(-0, 1e21, 1.5e-7, 2 ** 53 + 2),
)
const dataText = fc.oneof(
  fc.dictionary(key, value, { maxKeys: 6 }).map((data) => JSON.stringify(data)),
  // Stored text that is not what JSON.stringify writes: spaces, escapes, repeated keys.
  fc.constantFrom(
    '{ "a" : 1.0 , "b":"\\u00e9\\"x" }',
    '{"a":1,"a":"last"}',
    '{"\\u0061":[1, {"z" :1e3}],"n":-0}',
    '{"__proto__":{"x":1},"constructor":"c"}',
  ),
)
const meta = fc.oneof(
  fc.constant('{}'),
  fc
    .record(
      {
        source: fc.oneof(fc.string(), fc.constant('=evil')),
        timestamp: fc.oneof(fc.string(), fc.integer(), fc.constant('2026-01-01T00:00:00Z')),
      },
      { requiredKeys: [] },
    )
    .map((m) => JSON.stringify(m)),
)
const record = (scaleKeys: string[]) =>
  fc.record({
    id: fc.oneof(fc.uuid(), fc.constantFrom('=id', 'a,"b"')),
    data: dataText,
    meta,
    scores:
      scaleKeys.length === 0
        ? fc.constant(null)
        : fc.option(
            fc
              .dictionary(fc.constantFrom(...scaleKeys, 'gone'), fc.record({ score: fc.integer(), level: fc.string() }))
              .map((s) => JSON.stringify(s)),
            { nil: null },
          ),
    spam: fc.boolean(),
    createdAt: fc.oneof(
      fc.integer({ min: -8.64e15, max: 8.64e15 }),
      fc.integer({ min: 1_795_334_437_000, max: 1_795_334_439_000 }),
    ),
  })

test('rows equal the plain definition for any records, keys and scales', () => {
  const setup = fc.record({
    keys: fc.uniqueArray(fc.oneof(key, fc.constantFrom('a', 'b', 'n')), { maxLength: 8 }),
    scaleKeys: fc.uniqueArray(fc.constantFrom('mood', 'risk', '=s'), { maxLength: 2 }),
  })
  fc.assert(
    fc.property(
      setup.chain(({ keys, scaleKeys }) =>
        fc.tuple(fc.constant(keys), fc.constant(scaleKeys), fc.array(record(scaleKeys), { maxLength: 12 })),
      ),
      ([keys, scaleKeys, records]) => {
        const writer = csvRows(keys, scaleKeys)
        // Twice: the column slots must be left empty after each record.
        expect(writer.rows(records) + writer.rows(records)).toBe(expectedRows(records, keys, scaleKeys).repeat(2))
      },
    ),
    { numRuns: 300 },
  )
})

test('the header: BOM, fixed columns, data keys (prefixed when they clash), score pairs, meta', () => {
  expect(csvRows(['name', 'id', '=x'], ['mood']).header).toBe(
    `\uFEFFid,createdAt,name,data.id,"'=x",score.mood,level.mood,meta.source,meta.timestamp\r\n`,
  )
})
