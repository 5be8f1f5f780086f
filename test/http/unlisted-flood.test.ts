/**
 * A flood of random keys from strangers: every record is stored and exported whole, while
 * the summary aggregates count only the keys the app knows (its proposals and the
 * catalogue of unlisted keys), so they, their stored document and each commit's cost stay
 * bounded however many keys are posted. Strangers are requests without the owner's token
 * from the address they name. Runs on every backend.
 */
import { describe, expect, test } from 'bun:test'
import { LIMITS, SUMMARY_KEYS } from '../../server/contract/limits.ts'
import { forgetStats, rebuildStats } from '../../server/core/stats/state.ts'
import { makeEndpoint } from '../core/collect/fixtures.ts'
import { csvObjects } from '../support/csv.ts'
import { target } from '../support/call.ts'
import { BASE, testApp, type TestResponse } from '../support/http.ts'

/** Keys per record: far past what one client may propose, and together far past the catalogue. */
const KEYS = 300
const RECORDS = 8

/** A fixed pseudo-random word (the same on every run), so no key repeats across records. */
function randomWords(seed: number): () => string {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state.toString(36)
  }
}

/** Record `i`: KEYS fresh keys, numbers, texts and booleans in turn. */
function floodRecord(i: number): Record<string, unknown> {
  const word = randomWords(i + 1)
  return Object.fromEntries(
    Array.from({ length: KEYS }, (_, j) => {
      const key = `r${i}_${String(j).padStart(3, '0')}_${word()}`
      return [key, j % 3 === 0 ? j : j % 3 === 1 ? `v${i}-${j}` : j % 2 === 0]
    }),
  )
}

const FLOOD = Array.from({ length: RECORDS }, (_, i) => floodRecord(i))

async function setup() {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx)
  const owner = { token: endpoint.ownerToken }
  /** The answer of a read that must succeed. */
  const ok = async <T>(sent: Promise<TestResponse<T>>) => {
    const res = await sent
    expect(res.status).toBe(200)
    return res
  }
  /** Stored aggregates document, written behind first. */
  const stored = async () => {
    await t.ctx.stats.persistAll()
    const row = (await t.ctx.storage.stats.load(endpoint.appId))!
    return { text: row.document, doc: JSON.parse(row.document) }
  }
  return { ...t, endpoint, owner, ok, stored }
}

/** Names of the aggregated keys of a stored document side. */
const aggregated = (side: { fields: Array<[string, unknown]> }) => side.fields.map(([name]) => name).sort()

describe('a flood of random keys from strangers', () => {
  test('is stored and exported whole; the aggregates count the known keys only, and stay bounded', async () => {
    const t = await setup()
    for (const [i, body] of FLOOD.entries())
      expect(
        (await t.call('ingest.post', { params: { token: t.endpoint.token }, body }, { from: `192.0.2.${i + 1}` }))
          .status,
      ).toBe(200)

    // Stored whole: /query and the JSONL export give every record as posted.
    const query = await t.ok(
      t.call('reads.query', { params: { token: t.endpoint.token }, query: { size: 1000 } }, t.owner),
    )
    expect(query.body.records.map((record: { data: unknown }) => record.data)).toEqual(FLOOD)
    // The JSONL export, read as bytes (its lines are JSON, the whole is not).
    const jsonl = await t.app.handle(
      new Request(`${BASE}${target('records.exportJsonl', { params: { id: t.endpoint.appId } }).path}`, {
        headers: { authorization: `Bearer ${t.endpoint.ownerToken}` },
      }),
    )
    expect(
      (await jsonl.text())
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).data),
    ).toEqual(FLOOD)

    // Which keys the app knows: each of the first clients proposes its budget until the cap;
    // the catalogue takes the first client's next keys; every other key is past it.
    const clients = LIMITS.maxProposedFields / LIMITS.proposalsPerClient
    const proposals = FLOOD.slice(0, clients).flatMap((record) =>
      Object.keys(record).slice(0, LIMITS.proposalsPerClient),
    )
    const catalogued = Object.keys(FLOOD[0]).slice(
      LIMITS.proposalsPerClient,
      LIMITS.proposalsPerClient + LIMITS.maxUnlistedKeys,
    )
    const list = (await t.ok(t.call('fields.list', { params: { id: t.endpoint.appId } }, t.owner))).body.data
    expect(list.fields.map((field: { name: string }) => field.name)).toEqual(proposals)
    expect(list.unlisted.map((key: { name: string; count: number }) => [key.name, key.count])).toEqual(
      catalogued.toSorted().map((name) => [name, 1]),
    )

    // The CSV: a column per known key, every other value in the JSON column.
    const rows = csvObjects(
      (await t.ok(t.call('records.exportCsv', { params: { id: t.endpoint.appId }, query: { raw: 1 } }, t.owner))).text,
    )
    expect(rows.length).toBe(RECORDS)
    for (const [i, record] of FLOOD.entries()) {
      const other = JSON.parse(rows[i]['other keys']) as Record<string, unknown>
      for (const [key, value] of Object.entries(record)) {
        const cell = key in rows[i] ? rows[i][key] : other[key]
        expect([key, cell]).toEqual([key, key in rows[i] ? String(value) : value])
      }
    }

    // The owner's summary lists the fields (here the proposals); the aggregates hold exactly the known keys.
    const summary = (await t.ok(t.call('reads.summary', { params: { token: t.endpoint.token } }, t.owner))).body
    expect(Object.keys(summary.fields)).toEqual(proposals)
    expect(summary.total).toBe(RECORDS)
    const known = [...proposals, ...catalogued].sort()
    const before = await t.stored()
    expect(aggregated(before.doc.kept)).toEqual(known)
    expect(aggregated(before.doc.spam)).toEqual([])
    expect(before.doc.kept.fields.length).toBeLessThanOrEqual(SUMMARY_KEYS)
    // Each value of a key past the catalogue is counted once, in `otherKeys`, and in nothing else.
    expect(before.doc.kept.otherKeys).toBe(RECORDS * KEYS - known.length)

    // A second flood changes the document's counters only: its size stays put.
    for (let i = 0; i < RECORDS; i++) {
      const body = floodRecord(RECORDS + i)
      expect(
        (await t.call('ingest.post', { params: { token: t.endpoint.token }, body }, { from: `198.51.100.${i + 1}` }))
          .status,
      ).toBe(200)
    }
    const after = await t.stored()
    expect(aggregated(after.doc.kept)).toEqual(known)
    expect(after.doc.kept.otherKeys).toBe(2 * RECORDS * KEYS - known.length)
    expect(after.text.length - before.text.length).toBeLessThan(40)

    // Replaying the records after a restart, or recounting them all, gives the same aggregates.
    const live = (await t.ok(t.call('reads.summary', { params: { token: t.endpoint.token } }, t.owner))).body
    forgetStats(t.ctx, t.endpoint.appId)
    expect((await t.ok(t.call('reads.summary', { params: { token: t.endpoint.token } }, t.owner))).body).toEqual(live)
    await rebuildStats(t.ctx, t.endpoint.appId)
    const rebuilt = await t.stored()
    expect([rebuilt.doc.kept, rebuilt.doc.spam]).toEqual([after.doc.kept, after.doc.spam])
  })

  test('the public summary shows none of it; an accepted or added key gets recounted aggregates', async () => {
    const t = await setup()
    for (const [i, body] of FLOOD.entries())
      expect(
        (await t.call('ingest.post', { params: { token: t.endpoint.token }, body }, { from: `192.0.2.${i + 1}` }))
          .status,
      ).toBe(200)
    expect(
      (await t.call('share.update', { params: { id: t.endpoint.appId }, body: { reads: 'summary' } }, t.owner)).status,
    ).toBe(200)
    const open = (await t.ok(t.call('reads.summary', { params: { token: t.endpoint.token } }))).body
    expect([open.total, Object.keys(open.fields)]).toEqual([RECORDS, []])

    // A catalogued key holding a number in the first record; the same name posted again later by others.
    const key = Object.keys(FLOOD[0])[LIMITS.proposalsPerClient + 2]
    expect(FLOOD[0][key]).toBe(12)
    for (const [n, from] of [
      [-3, '203.0.113.1'],
      [7.5, '203.0.113.2'],
    ] as const)
      expect(
        (await t.call('ingest.post', { params: { token: t.endpoint.token }, body: { [key]: n } }, { from })).status,
      ).toBe(200)
    forgetStats(t.ctx, t.endpoint.appId)
    const accepted = await t.call(
      'fields.accept',
      { params: { id: t.endpoint.appId }, body: { names: [key] } },
      { ...t.owner },
    )
    expect(accepted.status).toBe(200)
    expect(accepted.body.data.fields.map((field: { name: string; type: string }) => [field.name, field.type])).toEqual([
      [key, 'number'],
    ])
    const summary = (await t.ok(t.call('reads.summary', { params: { token: t.endpoint.token } }, t.owner))).body
    expect(summary.fields[key]).toEqual({
      type: 'number',
      count: 3,
      missing: RECORDS + 2 - 3,
      min: -3,
      max: 12,
      mean: 16.5 / 3,
      sum: 16.5,
    })
    // A key past the catalogue is no unlisted key to accept; added as a field, its records are recounted.
    const past = Object.keys(FLOOD[5])[3]
    expect(FLOOD[5][past]).toBe(3)
    const refused = await t.call(
      'fields.accept',
      { params: { id: t.endpoint.appId }, body: { names: [past] } },
      { ...t.owner },
    )
    expect([refused.status, refused.body.error?.type]).toEqual([404, 'not_found'])
    const added = await t.call(
      'fields.add',
      { params: { id: t.endpoint.appId }, body: { name: past, type: 'number' } },
      { ...t.owner },
    )
    expect(added.status).toBe(200)
    expect(
      (await t.ok(t.call('reads.summary', { params: { token: t.endpoint.token } }, t.owner))).body.fields[past],
    ).toEqual({
      type: 'number',
      count: 1,
      missing: RECORDS + 2 - 1,
      min: 3,
      max: 3,
      mean: 3,
      sum: 3,
    })
    // Still no unlisted key on the public summary: only the accepted fields.
    expect(
      Object.keys((await t.ok(t.call('reads.summary', { params: { token: t.endpoint.token } }))).body.fields),
    ).toEqual([key, past])
  })

  test('spam with random keys counts under the app’s fields only, and exports whole', async () => {
    const t = await setup()
    // The owner's own post makes `name` a field; the bots fill the honeypot.
    expect(
      (await t.call('ingest.post', { params: { token: t.endpoint.token }, body: { name: 'Ada' } }, t.owner)).status,
    ).toBe(200)
    const spam = FLOOD.map((record, i) => ({ ...record, name: `bot ${i}`, _gotcha: 'x' }))
    for (const [i, body] of spam.entries())
      expect(
        (await t.call('ingest.post', { params: { token: t.endpoint.token }, body }, { from: `192.0.2.${i + 1}` }))
          .status,
      ).toBe(200)
    const { doc } = await t.stored()
    expect([aggregated(doc.kept), aggregated(doc.spam)]).toEqual([['name'], ['name']])
    expect([doc.spam.total, doc.spam.otherKeys]).toEqual([RECORDS, RECORDS * KEYS])
    const list = (await t.ok(t.call('fields.list', { params: { id: t.endpoint.appId } }, t.owner))).body.data
    expect([list.fields.map((field: { name: string }) => field.name), list.unlisted]).toEqual([['name'], []])
    const rows = csvObjects(
      (
        await t.ok(
          t.call('records.exportCsv', { params: { id: t.endpoint.appId }, query: { raw: 1, spam: 'only' } }, t.owner),
        )
      ).text,
    )
    expect(rows.map((row) => ({ ...JSON.parse(row['other keys']), name: row.name }))).toEqual(
      FLOOD.map((record, i) => ({ ...record, name: `bot ${i}` })),
    )
    await rebuildStats(t.ctx, t.endpoint.appId)
    const rebuilt = await t.stored()
    expect([rebuilt.doc.kept, rebuilt.doc.spam]).toEqual([doc.kept, doc.spam])
  })
})
