/**
 * Issue 40: nothing a poster sends is turned away by the field list. A stranger's record is
 * stored whole whatever its keys (a GitHub push, a 70-key webhook, a developer's changing
 * keys); the budgets decide only which new keys become proposals, and the others are
 * *unlisted keys* the owner sees and may accept. The owner's own 51st field is still
 * refused. Strangers are requests without the owner's token from the address they name;
 * time is the context's hand-moved clock. Runs on every backend.
 */
import { describe, expect, test } from 'bun:test'
import { LIMITS } from '../../server/contract/limits.ts'
import { fieldProposers, makeEndpoint, storedRecords } from '../core/collect/fixtures.ts'
import { csvObjects } from '../support/csv.ts'
import { testApp } from '../support/http.ts'
import type { ErrorEnvelope } from '../support/call.ts'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

/** A GitHub `push` event as GitHub sends it: 13 top-level keys, nested objects and arrays. */
const commit = (id: string, message: string) => ({
  id,
  tree_id: 'f9d2a07e9488b91af2641b26b9407fe22a451433',
  distinct: true,
  message,
  timestamp: '2026-11-30T10:15:04+01:00',
  url: `https://github.com/octo-org/hello-world/commit/${id}`,
  author: { name: 'Mona Octocat', email: 'mona@example.com', username: 'octocat' },
  committer: { name: 'GitHub', email: 'noreply@github.com', username: 'web-flow' },
  added: ['guide/intro.md'],
  removed: [],
  modified: ['README.md'],
})
const GITHUB_PUSH = {
  ref: 'refs/heads/main',
  before: '6113728f27ae82c7b1a177c8d03f9e96e0adf246',
  after: '0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c',
  repository: {
    id: 186853002,
    node_id: 'MDEwOlJlcG9zaXRvcnkxODY4NTMwMDI=',
    name: 'hello-world',
    full_name: 'octo-org/hello-world',
    private: false,
    owner: { login: 'octo-org', id: 6811672, type: 'Organization' },
    html_url: 'https://github.com/octo-org/hello-world',
    default_branch: 'main',
    pushed_at: 1796050504,
    stargazers_count: 3,
    topics: ['demo', 'webhooks'],
  },
  pusher: { name: 'octocat', email: 'mona@example.com' },
  sender: { login: 'octocat', id: 583231, type: 'User', site_admin: false },
  created: false,
  deleted: false,
  forced: false,
  base_ref: null,
  compare: 'https://github.com/octo-org/hello-world/compare/6113728f27ae...0d1a26e67d8f',
  commits: [commit('0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c', 'Update README.md')],
  head_commit: commit('0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c', 'Update README.md'),
}

/** A 70-key payload in the manner of a shop's order webhook: text, numbers, booleans, nulls, objects, arrays. */
const WIDE = Object.fromEntries(
  Array.from({ length: 70 }, (_, i) => {
    const value =
      i % 5 === 0
        ? `value ${i}`
        : i % 5 === 1
          ? i * 1.5
          : i % 5 === 2
            ? i % 2 === 0
            : i % 5 === 3
              ? { n: i }
              : [i, `x${i}`]
    return [`key_${String(i).padStart(2, '0')}`, value]
  }),
)

/** The CSV cell of a value in a raw export (as csv.ts writes it, before quoting). */
const cell = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value)

async function setup() {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx)
  const owner = { token: endpoint.ownerToken }
  return {
    ...t,
    endpoint,
    owner,
    post: (from: string, body: Record<string, unknown>) =>
      t.call('ingest.post', { params: { token: endpoint.token }, body }, { from }),
    /** The owner's whole record list (`/query`), data only. */
    queried: async () =>
      (
        (await t.call('reads.query', { params: { token: endpoint.token } }, owner)).body.records as Array<{
          data: unknown
        }>
      ).map((record) => record.data),
    /** The owner's raw CSV export as objects by header. */
    csv: async () =>
      csvObjects(
        (await t.call('records.exportCsv', { params: { id: endpoint.appId }, query: { raw: '1' } }, owner)).text,
      ),
    fieldList: async () => (await t.call('fields.list', { params: { id: endpoint.appId } }, owner)).body.data,
  }
}

describe('a stranger’s record is stored whole', () => {
  for (const [name, payload] of [
    ['a GitHub push event (13 top-level keys)', GITHUB_PUSH],
    ['a 70-key payload', WIDE],
  ] as const) {
    test(`${name}, posted anonymously to a fresh app: every key read back by /query and in the CSV`, async () => {
      const t = await setup()
      const res = await t.post('203.0.113.7', payload)
      expect(res.status).toBe(200)
      expect(await t.queried()).toEqual([payload])
      const [row] = await t.csv()
      for (const [key, value] of Object.entries(payload)) expect([key, row[key]]).toEqual([key, cell(value)])
      // The first 10 keys are proposals, the others unlisted keys the owner sees.
      const list = await t.fieldList()
      const keys = Object.keys(payload)
      expect(list.fields.map((field: { name: string; proposed: boolean }) => [field.name, field.proposed])).toEqual(
        keys.slice(0, LIMITS.proposalsPerClient).map((key) => [key, true]),
      )
      const at = new Date(t.clock.now()).toISOString()
      const held = (key: string) => (cell((payload as Record<string, unknown>)[key]) === '' ? 0 : 1)
      expect(list.unlisted).toEqual(
        keys
          .slice(LIMITS.proposalsPerClient)
          .sort()
          .map((key) => ({ name: key, count: held(key), firstSeen: at, lastSeen: at })),
      )
    })
  }

  test('no key of an unlisted record shows on ?help, the hosted page or the public summary', async () => {
    const t = await setup()
    expect((await t.post('203.0.113.7', WIDE)).status).toBe(200)
    const help = (await t.request('GET', `${t.endpoint.path}?help`)).text
    const page = (await t.request('GET', `/f/${t.endpoint.token}`)).text
    for (const key of Object.keys(WIDE)) {
      expect(help).not.toContain(key)
      expect(page).not.toContain(key)
    }
    expect(
      (await t.call('share.update', { params: { id: t.endpoint.appId }, body: { reads: 'summary' } }, t.owner)).status,
    ).toBe(200)
    const summary = (await t.call('reads.summary', { params: { token: t.endpoint.token } })).body
    expect(Object.keys(summary.fields)).toEqual([])
  })

  test('the seed’s contract from one address: JSON, then a form post with new names, then UTF-8 keys', async () => {
    const t = await setup()
    const from = '198.51.100.4'
    const steps = [
      await t.post(from, { name: 'Ada', email: 'ada@example.com', age: 36 }),
      await t.post(from, { data: { name: 'Grace', comment: 'hello' }, meta: { source: 'curl' } }),
      await t.call(
        'ingest.form',
        { params: { token: t.endpoint.token } },
        {
          from,
          raw: new URLSearchParams({ name: 'Linus', city: 'Helsinki', team: 'kernel', score: '12.5' }),
          headers: FORM,
        },
      ),
      await t.post(from, { 名前: '太郎', город: 'Москва', 'ім’я': 'Олена', ville: 'Paris', país: 'Perú' }),
      await t.post(from, { 国: '日本', مدينة: 'القاهرة', नाम: 'अनु' }),
    ]
    expect(steps.map((step) => step.status)).toEqual([200, 200, 200, 200, 200])
    expect(await t.queried()).toEqual([
      { name: 'Ada', email: 'ada@example.com', age: 36 },
      { name: 'Grace', comment: 'hello' },
      { name: 'Linus', city: 'Helsinki', team: 'kernel', score: 12.5 },
      { 名前: '太郎', город: 'Москва', 'ім’я': 'Олена', ville: 'Paris', país: 'Perú' },
      { 国: '日本', مدينة: 'القاهرة', नाम: 'अनु' },
    ])
    const list = await t.fieldList()
    expect(list.fields.length).toBe(LIMITS.proposalsPerClient)
    // Ten keys from this address are proposals; the five after them are unlisted keys.
    expect(list.unlisted.map((key: { name: string }) => key.name).sort()).toEqual(
      ['ville', 'país', '国', 'مدينة', 'नाम'].sort(),
    )
  })

  test('a developer’s changing keys from localhost are stored past the budget, the catalogue keeps first and last seen', async () => {
    const t = await setup()
    for (let version = 0; version < 4; version++) {
      const body = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`v${version}_k${i}`, version]))
      expect((await t.post('127.0.0.1', { ...body, common: 'x' })).status).toBe(200)
      t.clock.advance(60_000)
    }
    expect((await storedRecords(t.ctx, t.endpoint.appId)).length).toBe(4)
    const list = await t.fieldList()
    // common plus nine keys are proposals (10 per hour); the later keys are unlisted, each seen once.
    expect(list.fields.length).toBe(LIMITS.proposalsPerClient)
    expect(list.unlisted.length).toBe(4 * 5 + 1 - LIMITS.proposalsPerClient)
    // A key posted again moves its last-seen time.
    const last = list.unlisted.at(-1)!
    t.clock.advance(60_000)
    expect((await t.post('127.0.0.1', { [last.name]: 9 })).status).toBe(200)
    const again = (await t.fieldList()).unlisted.find((key: { name: string }) => key.name === last.name)
    expect(again).toEqual({
      name: last.name,
      count: 2,
      firstSeen: last.firstSeen,
      lastSeen: new Date(t.clock.now()).toISOString(),
    })
  })
})

describe('budgets hold for proposals, never for records', () => {
  test('200 strangers: every record stored, at most the cap of proposals; one client at most its budget', async () => {
    const t = await setup()
    for (let i = 0; i < 200; i++)
      expect((await t.post(`192.0.2.${i % 250}`, { [`s${i}a`]: i, [`s${i}b`]: 'x' })).status).toBe(200)
    for (let i = 0; i < 30; i++) expect((await t.post('203.0.113.99', { [`one${i}`]: i })).status).toBe(200)
    expect((await storedRecords(t.ctx, t.endpoint.appId)).length).toBe(230)
    const list = await t.fieldList()
    expect(list.fields.length).toBe(LIMITS.maxProposedFields)
    expect(list.fields.every((field: { proposed: boolean }) => field.proposed)).toBe(true)
    // The catalogue is bounded; keys past it are still stored (and exported in the JSON column).
    expect(list.unlisted.length).toBe(LIMITS.maxUnlistedKeys)
    const byClient = new Map<string | null, number>()
    for (const [, by] of await fieldProposers(t.ctx, t.endpoint.appId)) byClient.set(by, (byClient.get(by) ?? 0) + 1)
    expect(Math.max(...byClient.values())).toBeLessThanOrEqual(LIMITS.proposalsPerClient)
    // Every value is in the CSV: in its own column, or in the JSON column of other keys.
    const rows = await t.csv()
    expect(rows.length).toBe(230)
    const cellOf = (row: Record<string, string>, key: string) =>
      key in row ? row[key] : cell((JSON.parse(row['other keys'] || '{}') as Record<string, unknown>)[key])
    for (let i = 0; i < 200; i++) expect([cellOf(rows[i], `s${i}a`), cellOf(rows[i], `s${i}b`)]).toEqual([`${i}`, 'x'])
    for (let i = 0; i < 30; i++) expect(cellOf(rows[200 + i], `one${i}`)).toBe(`${i}`)
    expect('other keys' in rows[0]).toBe(true)
  })

  test('the owner’s 51st field is refused, nothing stored', async () => {
    const t = await setup()
    const fifty = Object.fromEntries(Array.from({ length: LIMITS.maxFields }, (_, i) => [`f${i}`, i]))
    expect((await t.call('ingest.post', { params: { token: t.endpoint.token }, body: fifty }, t.owner)).status).toBe(
      200,
    )
    const refused = await t.call(
      'ingest.post',
      { params: { token: t.endpoint.token }, body: { f0: 1, f50: 1 } },
      { ...t.owner },
    )
    expect(refused.body as ErrorEnvelope).toEqual({
      code: 422,
      error: {
        type: 'field_limit',
        message: `This form already has ${LIMITS.maxFields} of at most ${LIMITS.maxFields} fields, so "f50" cannot be added; nothing was stored. Reuse existing field names or delete unused fields`,
        details: { fields: ['f50'], limit: LIMITS.maxFields, existing: LIMITS.maxFields },
      },
    })
    expect((await storedRecords(t.ctx, t.endpoint.appId)).length).toBe(1)
  })
})

describe('the owner adopts an unlisted key', () => {
  test('accepting settles the type from a recount, and the summary shows its aggregates', async () => {
    const t = await setup()
    // The first post spends the client's budget on ten keys; `reading` is unlisted.
    const ten = Object.fromEntries(Array.from({ length: LIMITS.proposalsPerClient }, (_, i) => [`p${i}`, 'x']))
    expect((await t.post('203.0.113.5', { ...ten, reading: 3 })).status).toBe(200)
    for (const reading of [4.5, -1, 12]) expect((await t.post('203.0.113.5', { reading })).status).toBe(200)
    expect((await t.fieldList()).unlisted.map((key: { name: string; count: number }) => [key.name, key.count])).toEqual(
      [['reading', 4]],
    )
    const accepted = await t.call(
      'fields.accept',
      { params: { id: t.endpoint.appId }, body: { names: ['reading'] } },
      { ...t.owner },
    )
    expect(accepted.status).toBe(200)
    expect(accepted.body.data.fields).toMatchObject([
      { name: 'reading', type: 'number', proposed: false, autoCreated: false, position: LIMITS.proposalsPerClient },
    ])
    expect((await t.fieldList()).unlisted).toEqual([])
    const summary = (await t.call('reads.summary', { params: { token: t.endpoint.token } }, t.owner)).body
    expect(summary.fields.reading).toEqual({
      type: 'number',
      count: 4,
      missing: 0,
      min: -1,
      max: 12,
      mean: 4.625,
      sum: 18.5,
    })
    // From now on its values are checked against the settled type.
    const wrong = await t.post('203.0.113.5', { reading: 'high' })
    expect([wrong.status, wrong.body.error?.type]).toEqual([422, 'invalid_value'])
  })

  test('a name that no record holds is a 404, as before', async () => {
    const t = await setup()
    const res = await t.call(
      'fields.accept',
      { params: { id: t.endpoint.appId }, body: { names: ['nowhere'] } },
      { ...t.owner },
    )
    expect(res.status).toBe(404)
    expect(res.body.error?.type).toBe('not_found')
  })
})
