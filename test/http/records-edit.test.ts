/**
 * PATCH /api/v3/apps/:id/records/:recordId, the owner's correction of one record: values
 * merged (null removes), checked as a submission is (422 listing every problem, nothing
 * stored), id, createdAt, meta and the record's place in the pages kept, the summary
 * following at once, scores computed again, and the history GET shows (who, when, from →
 * to), newest first and bounded however often a record is edited.
 */
import { describe, expect, test } from 'bun:test'
import { LIMITS } from '../../server/contract/limits.ts'
import { rebuildStats } from '../../server/core/stats/state.ts'
import { insertRecords, makeEndpoint, storedCounters, storedRows } from '../support/records.ts'
import { testApp } from '../support/http.ts'
import { makeUser } from '../support/users.ts'
import { assessmentApp, MOOD_SCALE } from './assessment-fixture.ts'
import { invalid, type ErrorEnvelope } from '../support/call.ts'

const FIELDS = [
  { name: 'email', type: 'email' as const, required: true },
  { name: 'message', type: 'longtext' as const },
  { name: 'plan', type: 'choice' as const, options: ['free', 'pro'] },
  { name: 'age', type: 'number' as const },
  { name: 'tags', type: 'multichoice' as const, options: ['a', 'b', 'c'] },
]

/** An app with typed fields and three records: Ada (the one edited), Bob, and a spam record. */
async function setup() {
  const t = testApp({ rateLimit: null })
  const owner = await makeUser(t.ctx, 'owner@example.com')
  const endpoint = await makeEndpoint(t.ctx, owner.user.id, { fields: FIELDS })
  const [ada, bob, spam] = await insertRecords(t.ctx, endpoint.appId, [
    { data: { email: 'ada@example.com', message: 'Helo', plan: 'pro', age: 36 }, meta: { source: 'site' } },
    { data: { email: 'bob@example.com', age: 20, tags: ['a'] } },
    { data: { email: 'bot@example.com', old: 'kept' }, spam: true },
  ])
  const patch = (id: string, body: unknown, token = owner.token) =>
    t.call('records.update', { params: { id: endpoint.appId, recordId: id }, body: invalid(body) }, { token })
  const get = (id: string) =>
    t.call('records.get', { params: { id: endpoint.appId, recordId: id } }, { token: owner.token })
  const summary = async (spam = 'exclude') =>
    (await t.call('records.summary', { params: { id: endpoint.appId }, query: { spam } }, { token: owner.token })).body
  return { ...t, owner, endpoint, ada, bob, spam, patch, get, summary }
}

describe('PATCH /api/v3/apps/:id/records/:recordId', () => {
  test('merges the values (null removes one), keeps id, createdAt, meta and numbering, and records who changed what', async () => {
    const t = await setup()
    const before = await storedRows(t.ctx, t.endpoint.appId)
    const createdAt = new Date(before[0].createdAt).toISOString()
    t.clock.advance(60_000)
    const at = new Date(t.clock.now()).toISOString()
    const res = await t.patch(t.ada, { data: { message: 'Hello', age: 37, plan: null, tags: ['b', 'c'] } })
    const expected = {
      id: t.ada,
      data: { email: 'ada@example.com', message: 'Hello', age: 37, tags: ['b', 'c'] },
      meta: { source: 'site' },
      createdAt,
      history: [
        {
          n: 1,
          at,
          by: { id: t.owner.user.id, email: 'owner@example.com' },
          changes: [
            { field: 'message', from: 'Helo', to: 'Hello' },
            { field: 'age', from: 36, to: 37 },
            { field: 'plan', from: 'pro' },
            { field: 'tags', to: ['b', 'c'] },
          ],
        },
      ],
      edits: 1,
    }
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 200, data: { ...expected, changed: ['message', 'age', 'plan', 'tags'] } })
    expect((await t.get(t.ada)).body).toEqual({ code: 200, data: expected })
    // Same rows, same numbers, same order; only Ada's data changed.
    const after = await storedRows(t.ctx, t.endpoint.appId)
    expect(after.map(({ id, seq, pos, spam, createdAt, meta }) => ({ id, seq, pos, spam, createdAt, meta }))).toEqual(
      before.map(({ id, seq, pos, spam, createdAt, meta }) => ({ id, seq, pos, spam, createdAt, meta })),
    )
    expect(JSON.parse(after[0].data)).toEqual(expected.data)
    // A record never edited has an empty history.
    expect((await t.get(t.bob)).body.data).toMatchObject({ history: [], edits: 0 })
  })

  test('the summary follows at once and equals a recount', async () => {
    const t = await setup()
    expect((await t.summary()).fields.age).toMatchObject({ count: 2, min: 20, max: 36, sum: 56 })
    expect((await t.patch(t.ada, { data: { age: 50, plan: 'free', tags: ['a', 'c'] } })).status).toBe(200)
    const edited = await t.summary()
    expect(edited.total).toBe(2)
    expect(edited.fields.age).toMatchObject({ count: 2, min: 20, max: 50, sum: 70, mean: 35 })
    expect(edited.fields.plan).toMatchObject({ count: 1, top: [{ value: 'free', count: 1 }], other: 0 })
    expect(edited.fields.tags).toMatchObject({
      count: 2,
      items: {
        top: [
          { value: 'a', count: 2 },
          { value: 'c', count: 1 },
        ],
        other: 0,
      },
    })
    // The spam side moves for a spam record, and only it.
    expect((await t.patch(t.spam, { data: { old: null, email: 'bot2@example.com' } })).status).toBe(200)
    const all = [await t.summary('exclude'), await t.summary('include'), await t.summary('only')]
    expect(all[2].fields.email.top).toEqual([{ value: 'bot2@example.com', count: 1 }])
    expect(all[2].fields).not.toHaveProperty('old')
    await rebuildStats(t.ctx, t.endpoint.appId)
    expect([await t.summary('exclude'), await t.summary('include'), await t.summary('only')]).toEqual(all)
    // Counters: nothing was added or removed; the generation moved on with each edit.
    const counters = await storedCounters(t.ctx, t.endpoint.appId)
    expect({ seq: counters.seq, kept: counters.kept, spam: counters.spam }).toEqual({ seq: 3, kept: 2, spam: 1 })
  })

  test('values are checked as a submission is: every problem listed, nothing stored', async () => {
    const t = await setup()
    const res = await t.patch(t.ada, { data: { email: null, plan: 'gold', age: 'old', tags: ['z'] } })
    expect(res.status).toBe(422)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 422,
      error: {
        type: 'invalid_value',
        message:
          '4 problems: email: is required; plan: must be one of "free", "pro", got "gold"; age: must be a number, got string "old"; tags: "z" is not an option; options are "a", "b", "c"',
        details: {
          problems: [
            { path: 'email', message: 'is required' },
            { path: 'plan', message: 'must be one of "free", "pro", got "gold"' },
            { path: 'age', message: 'must be a number, got string "old"' },
            { path: 'tags', message: '"z" is not an option; options are "a", "b", "c"' },
          ],
        },
      },
    })
    const got = (await t.get(t.ada)).body.data
    expect(got.data).toEqual({ email: 'ada@example.com', message: 'Helo', plan: 'pro', age: 36 })
    expect(got.edits).toBe(0)
  })

  test('a key that is neither a field nor in the record is refused; a key the record holds may be corrected', async () => {
    const t = await setup()
    const res = await t.patch(t.ada, { data: { nickname: 'A', age: 40 } })
    expect(res.status).toBe(422)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 422,
      error: {
        type: 'unknown_field',
        message:
          '"nickname" is not a field of this form, and the record has no such key; add the field first (svc-cli field add, or Setup in the admin page), then set its value',
        details: { fields: ['nickname'] },
      },
    })
    expect((await t.get(t.ada)).body.data.data.age).toBe(36)
    // `old` is no field, but the spam record holds it: it can be corrected.
    const fixed = await t.patch(t.spam, { data: { old: 'corrected' } })
    expect(fixed.status).toBe(200)
    expect(fixed.body.data.data).toEqual({ email: 'bot@example.com', old: 'corrected' })
    expect(fixed.body.data.spam).toBe(true)
  })

  test('an edit that changes nothing stores nothing; one that would empty the record is refused', async () => {
    const t = await setup()
    const same = await t.patch(t.ada, { data: { age: 36, plan: 'pro', tags: null } })
    expect(same.status).toBe(200)
    expect(same.body.data).toMatchObject({ history: [], edits: 0, changed: [] })
    const generation = (await storedCounters(t.ctx, t.endpoint.appId)).generation
    expect((await t.patch(t.bob, { data: { age: null } })).status).toBe(200)
    expect((await storedCounters(t.ctx, t.endpoint.appId)).generation).toBe(generation + 1)
    const [note] = await insertRecords(t.ctx, t.endpoint.appId, [{ data: { note: 'only this' } }])
    const empty = await t.patch(note, { data: { note: null } })
    expect([empty.status, empty.body.error?.type]).toEqual([422, 'empty_record'])
  })

  test.each([
    [{}, 'data: is required'],
    [{ data: {} }, 'data: name at least one field to change'],
    [{ data: [1] }, 'data: must be an object of field names and their new values'],
    [{ data: { a: 1 }, meta: {} }, 'unknown properties "meta"; allowed: data'],
  ])('the body %j is a 422 saying what to send', async (body, message) => {
    const t = await setup()
    const res = await t.patch(t.ada, body)
    expect(res.status).toBe(422)
    expect(res.body.error).toMatchObject({ type: 'validation', message })
  })

  test("an unknown record, another account's app and no token answer as elsewhere", async () => {
    const t = await setup()
    const missing = await t.patch('0190aaaa-0000-7000-8000-000000000000', { data: { age: 1 } })
    expect(missing.body as ErrorEnvelope).toEqual({
      code: 404,
      error: { type: 'not_found', message: 'Record "0190aaaa-0000-7000-8000-000000000000" in this app not found' },
    })
    const stranger = await makeUser(t.ctx)
    const other = await t.patch(t.ada, { data: { age: 1 } }, stranger.token)
    expect([other.status, other.body.error?.message]).toEqual([404, 'App not found'])
    const anonymous = await t.call('records.update', {
      params: { id: t.endpoint.appId, recordId: t.ada },
      body: { data: { age: 1 } },
    })
    expect(anonymous.status).toBe(401)
    expect((await t.get(t.ada)).body.data.data.age).toBe(36)
  })

  test(`the history keeps the newest ${LIMITS.recordHistoryKept} edits, newest first, and cuts long values`, async () => {
    const t = await setup()
    const edits = LIMITS.recordHistoryKept + 5
    for (let i = 1; i <= edits; i++) {
      t.clock.advance(1000)
      expect((await t.patch(t.bob, { data: { age: 20 + i } })).status).toBe(200)
    }
    const long = 'x'.repeat(LIMITS.recordHistoryValueChars * 3)
    expect((await t.patch(t.bob, { data: { message: long } })).status).toBe(200)
    const res = await t.patch(t.bob, { data: { message: 'short' } })
    const { history, edits: total } = res.body.data
    expect(total).toBe(edits + 2)
    expect(history.map((entry: { n: number }) => entry.n)).toEqual(
      Array.from({ length: LIMITS.recordHistoryKept }, (_, i) => edits + 2 - i),
    )
    expect(history[0].changes).toEqual([
      {
        field: 'message',
        from: `${JSON.stringify(long).slice(0, LIMITS.recordHistoryValueChars)}…`,
        fromCut: true,
        to: 'short',
      },
    ])
    expect(history[2].changes).toEqual([{ field: 'age', from: 20 + edits - 1, to: 20 + edits }])
    // The answer stays small whatever the record went through.
    expect(JSON.stringify(res.body).length).toBeLessThan(8 * 1024)
  })

  test(`an edit of many fields lists the first ${LIMITS.recordHistoryFields} and counts the rest`, async () => {
    const t = testApp({ rateLimit: null })
    const owner = await makeUser(t.ctx)
    const names = Array.from({ length: LIMITS.recordHistoryFields + 3 }, (_, i) => `f${i}`)
    const endpoint = await makeEndpoint(t.ctx, owner.user.id, { fields: names.map((name) => ({ name })) })
    const [id] = await insertRecords(t.ctx, endpoint.appId, [{ data: { f0: 'a' } }])
    const res = await t.call(
      'records.update',
      {
        params: { id: endpoint.appId, recordId: id },
        body: { data: Object.fromEntries(names.map((name) => [name, 'b'])) },
      },
      { token: owner.token },
    )
    expect(res.status).toBe(200)
    const [entry] = res.body.data.history
    expect(entry.changes.length).toBe(LIMITS.recordHistoryFields)
    expect(entry.changes[0]).toEqual({ field: 'f0', from: 'a', to: 'b' })
    expect(entry.more).toBe(3)
  })

  test('deleting a record deletes its history', async () => {
    const t = await setup()
    expect((await t.patch(t.ada, { data: { age: 1 } })).status).toBe(200)
    expect((await t.ctx.storage.records.history(t.ada, 10)).edits).toBe(1)
    expect(
      (await t.call('records.delete', { params: { id: t.endpoint.appId, recordId: t.ada } }, { token: t.owner.token }))
        .status,
    ).toBe(200)
    expect(await t.ctx.storage.records.history(t.ada, 10)).toEqual({ edits: 0, entries: [] })
  })
})

describe('editing a record of an assessment app', () => {
  test('its scores are computed again and the score aggregates follow', async () => {
    const f = await assessmentApp()
    expect(
      (await f.call('scales.add', { params: { id: f.appId }, body: MOOD_SCALE }, { token: f.owner.token })).status,
    ).toBe(200)
    const token = (await f.call('share.publish', { params: { id: f.appId } }, { token: f.owner.token })).body.data
      .token!
    const posted = await f.call('ingest.post', {
      params: { token },
      body: { calm: 'Never', rested: 'Never', worried: 'Always' },
    })
    const id = posted.body.data.id
    const before = (await f.call('records.get', { params: { id: f.appId, recordId: id } }, { token: f.owner.token }))
      .body.data
    expect(before.scores?.mood.score).toBe(0)
    const res = await f.call(
      'records.update',
      { params: { id: f.appId, recordId: id }, body: { data: { calm: 'Always', rested: 'Always', worried: 'Never' } } },
      { token: f.owner.token },
    )
    expect(res.status).toBe(200)
    expect(res.body.data.scores?.mood).toMatchObject({ score: 12 })
    const summary = (await f.call('records.summary', { params: { id: f.appId } }, { token: f.owner.token })).body
    expect(summary.scores?.mood).toMatchObject({ count: 1, min: 12, max: 12, mean: 12 })
    await rebuildStats(f.ctx, f.appId)
    expect((await f.call('records.summary', { params: { id: f.appId } }, { token: f.owner.token })).body).toEqual(
      summary,
    )
  })

  test('an integer beyond 2^53 is refused as ingest refuses it (422 invalid_value naming it); nothing changes', async () => {
    const t = await setup()
    const before = await storedRows(t.ctx, t.endpoint.appId)
    const beyond = (literal: string) =>
      `the number ${literal} is beyond ±2^53−1 with more than 15 significant digits, which a number cannot hold exactly; send it as a string`
    const edit = (raw: string) =>
      t.call(
        'records.update',
        { params: { id: t.endpoint.appId, recordId: t.ada } },
        { token: t.owner.token, raw, headers: { 'content-type': 'application/json' } },
      )
    const one = await edit('{"data":{"age":9007199254740993}}')
    expect([one.status, one.body] as unknown).toEqual([
      422,
      {
        code: 422,
        error: {
          type: 'invalid_value',
          message: beyond('9007199254740993'),
          details: { problems: [{ path: '', message: beyond('9007199254740993') }] },
        },
      },
    ])
    // Ingest's own answer for the same number, for comparison: the same error.
    const ingest = await t.call(
      'ingest.post',
      { params: { token: t.endpoint.token } },
      { raw: '{"age":9007199254740993}', headers: { 'content-type': 'application/json' } },
    )
    expect(ingest.body).toEqual(one.body)
    const two = await edit('{"data":{"age":12345678901234567890,"message":"x"}}')
    expect(two.body.error?.type).toBe('invalid_value')
    // 2^53 − 1 itself is exact, and stored.
    const safe = await edit('{"data":{"age":9007199254740991}}')
    expect(safe.status).toBe(200)
    expect(safe.body.data.data.age).toBe(9007199254740991)
    const after = await storedRows(t.ctx, t.endpoint.appId)
    expect(after.slice(1)).toEqual(before.slice(1))
    const malformed = await edit('{"data":')
    expect([malformed.status, malformed.body.error?.type]).toEqual([400, 'bad_json'])
  })
})
