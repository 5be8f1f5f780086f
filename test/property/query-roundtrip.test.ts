/**
 * Properties of the read path (fast-check):
 * - any JSON object posted comes back equal (keys in order) from /query;
 * - for any mix of spam and any deletions, the read-all protocol at any page size returns
 *   exactly the remaining non-spam records, oldest first, each once.
 */
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { checkProperty } from './check.ts'
import { removeRecords } from '../../server/core/records/delete.ts'
import { insertRecords, makeEndpoint } from '../support/records.ts'
import { testApp } from '../support/http.ts'
import type { BodyOf } from '../support/call.ts'
import { makeUser } from '../support/users.ts'

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/** A field name as svc keeps it: 1–64 characters, already trimmed and in NFC, no control characters. */
const fieldName = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 16 })
  .filter(
    (name) =>
      name.trim() === name &&
      name.normalize('NFC') === name &&
      name.length > 0 &&
      [...name].length <= 64 &&
      !CONTROL.test(name),
  )

/** Any JSON value whose numbers a double holds exactly (svc refuses inexact integers). */
const { value: jsonValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    fc.string({ unit: 'grapheme' }),
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.boolean(),
    fc.constant(null),
    fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Number.isInteger(x) || Number.isSafeInteger(x)),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ unit: 'grapheme', maxLength: 8 }), tie('value'), { maxKeys: 4 }),
  ),
}))

const record = fc.uniqueArray(fc.tuple(fieldName, jsonValue), {
  minLength: 1,
  maxLength: 6,
  selector: ([name]) => name,
})

describe('properties', () => {
  test('any JSON object posted comes back equal from /query', async () => {
    const t = testApp({ rateLimit: null })
    const { user } = await makeUser(t.ctx)
    await checkProperty(
      'any JSON object posted comes back equal from /query',
      fc.asyncProperty(record, async (pairs) => {
        const endpoint = await makeEndpoint(t.ctx, user.id, { reads: 'records' })
        const data: Record<string, unknown> = {}
        for (const [name, value] of pairs)
          Object.defineProperty(data, name, { value, enumerable: true, writable: true, configurable: true })
        const body = JSON.stringify({ data })
        const posted = await t.request<BodyOf<'ingest.post'>>('POST', endpoint.path(), {
          raw: body,
          headers: { 'content-type': 'application/json' },
        })
        expect(posted.body).toEqual({ code: 200, data: { id: expect.any(String) } })
        const res = await t.request<BodyOf<'reads.query'>>('GET', endpoint.path('/query'))
        expect(res.body.records).toHaveLength(1)
        const back = res.body.records[0]
        expect(back.id).toBe(posted.body.data.id)
        // Compare with what JSON can carry (-0 is written as 0), keys in the order JSON.stringify
        // sent them (a JS object lists integer-like keys such as "0" first, whatever the insertion order).
        expect(Object.keys(back.data)).toEqual(Object.keys(data))
        expect(back.data).toEqual(JSON.parse(JSON.stringify(data)))
      }),
      { numRuns: 150 },
    )
  })

  test('read-all at any page size sees the remaining non-spam records once, in order, after any deletions', async () => {
    const t = testApp({ rateLimit: null })
    const { user } = await makeUser(t.ctx)
    await checkProperty(
      'read-all at any page size',
      fc.asyncProperty(
        fc.array(fc.boolean(), { minLength: 0, maxLength: 120 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.integer({ min: 1, max: 40 }),
        async (spamFlags, deletions, size) => {
          const endpoint = await makeEndpoint(t.ctx, user.id, { reads: 'records' })
          const ids = await insertRecords(
            t.ctx,
            endpoint.appId,
            spamFlags.map((spam, i) => ({ data: { n: i + 1 }, spam })),
          )
          const doomed = new Set(ids.length ? deletions.map((k) => ids[k % ids.length]) : [])
          await removeRecords(t.ctx, endpoint.appId, [...doomed])
          const expected = ids.map((id, i) => ({ id, n: i + 1, spam: spamFlags[i] })).filter((r) => !doomed.has(r.id))
          for (const [mode, keep] of [
            ['exclude', (r: { spam: boolean }) => !r.spam],
            ['include', () => true],
            ['only', (r: { spam: boolean }) => r.spam],
          ] as const) {
            const seen: unknown[] = []
            for (let page = 1; ; page++) {
              const res = await t.request<BodyOf<'reads.query'>>(
                'GET',
                endpoint.path(`/query?page=${page}&size=${size}&spam=${mode}`),
              )
              expect(res.body.total).toBe(expected.filter(keep).length)
              seen.push(...res.body.records.map((r) => r.data.n))
              if (res.body.records.length < size) break
            }
            expect(seen).toEqual(expected.filter(keep).map((r) => r.n))
          }
        },
      ),
      { numRuns: 60 },
    )
    // The one-pass renumbering held every time (no fallback to the two-pass way).
    expect(t.logs.filter((line) => line.includes('renumbering fell back'))).toEqual([])
  })
})
