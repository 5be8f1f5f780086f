/**
 * The CSV writer builds rows by concatenation and column slots for speed; these properties
 * hold it to the plain definition: per record, the cells `csvValue` gives for id, createdAt,
 * spam (when the export includes spam), each key (own keys only), each scale's score and
 * level, and meta source and timestamp, joined by commas and ended with CRLF, after a BOM
 * and the header; text neutralised against formulas, or exactly as stored when raw.
 */
import { expect, test } from 'bun:test'
import fc from 'fast-check'
import { csvRows, type CsvOptions } from '../../server/export/csv-rows.ts'
import { csvRawText, csvRow, csvText, csvValue } from '../../server/export/csv.ts'
import type { StoredRecord } from '../../server/core/records/shape.ts'

/** The definition, written the obvious way (parse everything, one cell array per row). */
function expectedRows(records: StoredRecord[], keys: string[], scaleKeys: string[], options: CsvOptions): string {
  const own = (value: Record<string, unknown>, key: string) => (Object.hasOwn(value, key) ? value[key] : undefined)
  const text = options.raw ? csvRawText : csvText
  const cell = (value: unknown) => csvValue(value, text)
  return records
    .map((record) => {
      const data = JSON.parse(record.data) as Record<string, unknown>
      const meta = JSON.parse(record.meta) as Record<string, unknown>
      const scores =
        record.scores === null ? {} : (JSON.parse(record.scores) as Record<string, { score: number; level: string }>)
      const cells = [text(record.id), text(new Date(record.createdAt).toISOString())]
      if (options.spam) cells.push(String(record.spam))
      for (const key of keys) cells.push(cell(own(data, key)))
      for (const key of scaleKeys) {
        const score = own(scores, key) as { score: number; level: string } | undefined
        cells.push(cell(score?.score ?? ''), cell(score?.level ?? ''))
      }
      cells.push(cell(own(meta, 'source')), cell(own(meta, 'timestamp')))
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
    options: fc.record({ spam: fc.boolean(), raw: fc.boolean() }),
  })
  fc.assert(
    fc.property(
      setup.chain(({ keys, scaleKeys, options }) =>
        fc.tuple(
          fc.constant(keys),
          fc.constant(scaleKeys),
          fc.constant(options),
          fc.array(record(scaleKeys), { maxLength: 12 }),
        ),
      ),
      ([keys, scaleKeys, options, records]) => {
        const writer = csvRows(keys, scaleKeys, options)
        // Twice: the column slots must be left empty after each record.
        expect(writer.rows(records) + writer.rows(records)).toBe(
          expectedRows(records, keys, scaleKeys, options).repeat(2),
        )
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

test('with spam, a spam column after createdAt (a data key of that name is data.spam); raw leaves formulas as typed', () => {
  expect(csvRows(['spam', '=x'], [], { spam: true, raw: false }).header).toBe(
    `\uFEFFid,createdAt,spam,data.spam,"'=x",meta.source,meta.timestamp\r\n`,
  )
  const phone = {
    id: 'r1',
    data: '{"phone":"+44 20 7946 0958","f":"=1+1"}',
    meta: '{}',
    scores: null,
    spam: true,
    createdAt: 0,
  }
  expect(csvRows(['phone', 'f'], [], { spam: true, raw: true }).rows([phone])).toBe(
    'r1,1970-01-01T00:00:00.000Z,true,+44 20 7946 0958,=1+1,,\r\n',
  )
  expect(csvRows(['phone', 'f'], [], { spam: false, raw: false }).rows([phone])).toBe(
    `r1,1970-01-01T00:00:00.000Z,"'+44 20 7946 0958","'=1+1",,\r\n`,
  )
})
