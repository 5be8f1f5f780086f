/**
 * Records are the owner's (docs/design.md rule 16): who reads /query and /summary of a published
 * endpoint, for every caller and every `reads` setting. The owner's access token always
 * reads; any other credential (another account's token, a revoked or unknown one, a header
 * of the wrong shape) is answered exactly like no credential at all.
 */
import { describe, expect, test } from 'bun:test'
import { createAccessToken, revokeAccessToken } from '../../server/core/auth/access-tokens.ts'
import { LIMITS } from '../../server/contract/limits.ts'
import type { ReadAccess } from '../../server/contract/share/reads.ts'
import type { Config } from '../../server/config.ts'
import { makeEndpoint } from '../core/collect/fixtures.ts'
import { testApp, type TestResponse } from '../support/http.ts'
import { disabledBody, RECORDS_WARNING, SUMMARY_WARNING } from '../support/reads.ts'
import { makeUser } from '../support/users.ts'
import { invalid, type ErrorEnvelope } from '../support/call.ts'
import type { JsonDocument } from '../support/contract.ts'

const DAY = 86_400_000
const T0 = '2026-01-01T00:00:00.000Z'

/** The 30 days ending at `now`, the first one holding `count` records. */
const days = (now: number, count: number) =>
  Array.from({ length: LIMITS.summaryDays }, (_, i) => ({
    date: new Date(now - (LIMITS.summaryDays - 1 - i) * DAY).toISOString().slice(0, 10),
    count: i === LIMITS.summaryDays - 1 ? count : 0,
  }))

/** A published endpoint with `reads` and two records posted through it, and every kind of caller. */
async function setup(reads: ReadAccess, config: Partial<Config> = {}) {
  const t = testApp({ rateLimit: null, ...config })
  const endpoint = await makeEndpoint(t.ctx, {
    reads,
    fields: [
      { name: 'name', type: 'text' },
      { name: 'email', type: 'text' },
    ],
  })
  const ids: string[] = []
  for (const data of [
    { name: 'Ada', email: 'ada@example.com' },
    { name: 'Lin', email: 'lin@example.com' },
  ]) {
    const posted = await t.call('ingest.post', { params: { token: endpoint.token }, body: data })
    expect(posted.status).toBe(200)
    ids.push(posted.body.data.id)
  }
  const stranger = await makeUser(t.ctx)
  const revoked = await createAccessToken(t.ctx, endpoint.ownerId, 'old laptop')
  await revokeAccessToken(t.ctx, endpoint.ownerId, revoked.id)
  /** The Authorization header each caller sends (none for the anonymous one). */
  const callers: Record<Caller, string | null> = {
    anonymous: null,
    owner: `Bearer ${endpoint.ownerToken}`,
    'another account': `Bearer ${stranger.token}`,
    'revoked token': `Bearer ${revoked.token}`,
    'garbage token': 'Bearer svc_pat_not-a-real-token',
    'malformed header': `Basic ${endpoint.ownerToken}`,
  }
  const read = (path: (typeof PATHS)[number], caller: Caller): Promise<TestResponse> => {
    const authorization = callers[caller]
    return t.call(
      READS[path],
      { params: { token: endpoint.token } },
      authorization ? { headers: { authorization } } : {},
    )
  }
  return { ...t, endpoint, ids, read }
}

type Caller = 'anonymous' | 'owner' | 'another account' | 'revoked token' | 'garbage token' | 'malformed header'
const CALLERS: Caller[] = [
  'anonymous',
  'owner',
  'another account',
  'revoked token',
  'garbage token',
  'malformed header',
]
const SETTINGS: ReadAccess[] = ['off', 'summary', 'records']
const PATHS = ['/query', '/summary'] as const
/** The operation each read path is. */
const READS = { '/query': 'reads.query', '/summary': 'reads.summary' } as const

/** What a caller gets: 200 for the owner and for paths `reads` opens, the 403 naming the switch otherwise. */
function expected(reads: ReadAccess, path: (typeof PATHS)[number], caller: Caller): 200 | 403 {
  if (caller === 'owner') return 200
  if (reads === 'records') return 200
  return reads === 'summary' && path === '/summary' ? 200 : 403
}

/** The two records as /query shows them. */
const page = (ids: string[]) => ({
  code: 200,
  records: [
    { id: ids[0], data: { name: 'Ada', email: 'ada@example.com' }, meta: {}, createdAt: T0 },
    { id: ids[1], data: { name: 'Lin', email: 'lin@example.com' }, meta: {}, createdAt: T0 },
  ],
  page: 1,
  size: 100,
  total: 2,
})

/**
 * The summary of the two records: every value for the owner; for anyone else the public
 * one, where values fewer than 5 people gave are only counted in `other`.
 */
const summary = (now: number, caller: Caller) =>
  caller === 'owner'
    ? {
        code: 200,
        total: 2,
        spam: 0,
        firstAt: T0,
        lastAt: T0,
        fields: {
          name: {
            type: 'text',
            count: 2,
            missing: 0,
            top: [
              { value: 'Ada', count: 1 },
              { value: 'Lin', count: 1 },
            ],
            other: 0,
          },
          email: {
            type: 'text',
            count: 2,
            missing: 0,
            top: [
              { value: 'ada@example.com', count: 1 },
              { value: 'lin@example.com', count: 1 },
            ],
            other: 0,
          },
        },
        days: days(now, 2),
      }
    : {
        code: 200,
        total: 2,
        spam: 0,
        firstAt: T0,
        lastAt: T0,
        fields: {
          name: { type: 'text', count: 2, missing: 0, top: [], other: 2 },
          email: { type: 'text', count: 2, missing: 0, top: [], other: 2 },
        },
        // Two records on a day are fewer than 5: the public count reads 0 (times are to the day).
        days: days(now, 0),
        minRespondents: 5,
      }

const MATRIX = SETTINGS.flatMap((reads) =>
  PATHS.flatMap((path) => CALLERS.map((caller) => [reads, path, caller, expected(reads, path, caller)] as const)),
)

describe('the privacy matrix: caller × reads × path', () => {
  test.each(MATRIX)('reads %s, GET %s, %s → %d', async (reads, path, caller, status) => {
    const { read, ids, clock } = await setup(reads)
    const res = await read(path, caller)
    expect(res.status).toBe(status)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    if (status === 403) expect(res.body).toEqual(disabledBody(`${reads} ${path}` as Parameters<typeof disabledBody>[0]))
    else expect(res.body).toEqual(path === '/query' ? page(ids) : summary(clock.now(), caller))
  })

  /** Status, headers but the request id, and body: everything a caller could compare. */
  const observable = (res: TestResponse) => {
    const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'x-request-id'))
    return { status: res.status, headers, text: res.text }
  }

  test.each(SETTINGS.flatMap((reads) => PATHS.map((path) => [reads, path] as const)))(
    'reads %s, GET %s: a token that is not the owner’s is answered exactly like no token, so it learns nothing',
    async (reads, path) => {
      const { read } = await setup(reads)
      const anonymous = observable(await read(path, 'anonymous'))
      for (const caller of ['another account', 'revoked token', 'garbage token', 'malformed header'] as const) {
        expect(observable(await read(path, caller))).toEqual(anonymous)
      }
    },
  )
})

describe('around the matrix', () => {
  test('the owner’s token of one app does not open another account’s app, nor its own unpublished one', async () => {
    const t = testApp({ rateLimit: null })
    const mine = await makeEndpoint(t.ctx, { reads: 'off' })
    const theirs = await makeEndpoint(t.ctx, { reads: 'off' })
    const hidden = await makeEndpoint(t.ctx, { reads: 'records', published: false })
    const asMine = { headers: { authorization: `Bearer ${mine.ownerToken}` } }
    expect((await t.call('reads.query', { params: { token: mine.token } }, asMine)).status).toBe(200)
    const foreign = await t.call('reads.query', { params: { token: theirs.token } }, asMine)
    expect([foreign.status, foreign.body] as unknown).toEqual([403, disabledBody('off /query')])
    const unpublished = await t.call(
      'reads.query',
      { params: { token: hidden.token } },
      { headers: { authorization: `Bearer ${hidden.ownerToken}` } },
    )
    expect(unpublished.status).toBe(404)
    expect(unpublished.body as ErrorEnvelope).toEqual({
      code: 404,
      error: {
        type: 'not_found',
        message:
          'No published form has this address: the link may be mistyped, or the owner rotated its token or unpublished it',
      },
    })
  })

  test('changing reads takes effect on the next request (the endpoint cache follows)', async () => {
    const t = testApp({ rateLimit: null })
    const endpoint = await makeEndpoint(t.ctx, { reads: 'records' })
    const appId = endpoint.appId
    expect((await t.call('reads.query', { params: { token: endpoint.token } })).status).toBe(200)
    await t.call('share.update', { params: { id: appId }, body: { reads: 'summary' } }, { token: endpoint.ownerToken })
    expect((await t.call('reads.query', { params: { token: endpoint.token } })).body as unknown).toEqual(
      disabledBody('summary /query'),
    )
    expect((await t.call('reads.summary', { params: { token: endpoint.token } })).status).toBe(200)
    await t.call('share.update', { params: { id: appId }, body: { reads: false } }, { token: endpoint.ownerToken })
    expect((await t.call('reads.summary', { params: { token: endpoint.token } })).body as unknown).toEqual(
      disabledBody('off /summary'),
    )
  })

  test('the owner’s reads are rate limited like anyone’s (one read bucket for /query and /summary)', async () => {
    const t = testApp({ rateLimit: { rate: 1, burst: 2 } })
    const endpoint = await makeEndpoint(t.ctx, { reads: 'off' })
    const owner = { headers: { authorization: `Bearer ${endpoint.ownerToken}` } }
    expect((await t.call('reads.query', { params: { token: endpoint.token } }, owner)).status).toBe(200)
    expect((await t.call('reads.summary', { params: { token: endpoint.token } }, owner)).status).toBe(200)
    const res = await t.call('reads.query', { params: { token: endpoint.token } }, owner)
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('1')
    expect(res.body as ErrorEnvelope).toEqual({
      code: 429,
      error: {
        type: 'rate_limited',
        message: 'Too many requests to this endpoint (limit 1/s, burst 2); retry after 1 s',
        details: { retryAfterSeconds: 1 },
      },
    })
  })

  test('a preflight for a read with the Authorization header is allowed from any origin, without cookies', async () => {
    const t = testApp({ rateLimit: null })
    const endpoint = await makeEndpoint(t.ctx)
    for (const origin of ['https://dashboard.example', 'null']) {
      const res = await t.request('OPTIONS', `${endpoint.path}/query`, {
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      })
      expect(res.status).toBe(204)
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, HEAD, PATCH, DELETE, OPTIONS')
      expect(res.headers.get('access-control-allow-headers')).toBe(
        'Content-Type, Authorization, Idempotency-Key, Last-Event-ID, X-Altcha, Tus-Resumable, Upload-Length, Upload-Offset, Upload-Metadata, Upload-Defer-Length, Upload-Concat, X-HTTP-Method-Override',
      )
      expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    }
  })
})

describe('PATCH /apps/:id/share reads', () => {
  async function app() {
    const t = testApp()
    const owner = await makeUser(t.ctx)
    const created = await t.call('apps.create', { body: { name: 'Contact form' } }, { token: owner.token })
    const appId: string = created.body.data.id
    return { t, owner, appId, created }
  }

  // [sent, stored and shown, warnings in the answer]
  const cases: Array<[ReadAccess | boolean, ReadAccess, string[] | undefined]> = [
    ['off', 'off', undefined],
    ['summary', 'summary', [SUMMARY_WARNING]],
    ['records', 'records', [RECORDS_WARNING]],
    [true, 'records', [RECORDS_WARNING]],
    [false, 'off', undefined],
  ]
  test.each(cases)(
    'reads: %p is stored as %p, and the answer warns exactly when reads are open',
    async (sent, stored, warnings) => {
      const { t, owner, appId } = await app()
      if (sent === false || sent === 'off')
        await t.call('share.update', { params: { id: appId }, body: { reads: 'records' } }, { token: owner.token })
      const res = await t.call('share.update', { params: { id: appId }, body: { reads: sent } }, { token: owner.token })
      expect(res.status).toBe(200)
      const shown = { ...res.body.data }
      expect(shown.reads).toBe(stored)
      expect(shown.warnings).toEqual(warnings)
      expect(Object.hasOwn(shown, 'warnings')).toBe(warnings !== undefined)
      // GET shows the same; so do the app and the apps list.
      expect((await t.call('share.get', { params: { id: appId } }, { token: owner.token })).body.data).toEqual(
        res.body.data,
      )
      const view = (await t.call('apps.get', { params: { id: appId } }, { token: owner.token })).body.data
      expect([view.reads, view.warnings, Object.hasOwn(view, 'warnings')]).toEqual([
        stored,
        warnings,
        warnings !== undefined,
      ])
      const [listed] = (await t.call('apps.list', {}, { token: owner.token })).body.data.apps
      expect(listed).toEqual(view)
    },
  )

  test('publishing an app with reads open answers with the warning; with reads off, without', async () => {
    const { t, owner, appId } = await app()
    const closed = await t.call('share.publish', { params: { id: appId } }, { token: owner.token })
    expect(closed.body.data.reads).toBe('off')
    expect(Object.hasOwn(closed.body.data, 'warnings')).toBe(false)
    await t.call('share.unpublish', { params: { id: appId } }, { token: owner.token })
    await t.call('share.update', { params: { id: appId }, body: { reads: 'records' } }, { token: owner.token })
    const open = await t.call('share.publish', { params: { id: appId } }, { token: owner.token })
    expect(open.body.data).toMatchObject({ published: true, reads: 'records', warnings: [RECORDS_WARNING] })
    const rotated = await t.call('share.rotate', { params: { id: appId } }, { token: owner.token })
    expect(rotated.body.data.warnings).toEqual([RECORDS_WARNING])
  })

  test.each([['on'], ['public'], ['OFF'], [1], [null], [['records']]])(
    'reads: %p is a 422 naming the three values',
    async (sent) => {
      const { t, owner, appId } = await app()
      const res = await t.call(
        'share.update',
        { params: { id: appId }, body: invalid({ reads: sent }) },
        { token: owner.token },
      )
      expect(res.status).toBe(422)
      const message = 'must be "off", "summary" or "records" (true and false still mean "records" and "off")'
      expect(res.body as ErrorEnvelope).toEqual({
        code: 422,
        error: {
          type: 'validation',
          message: `reads: ${message}`,
          details: { problems: [{ path: 'reads', message }] },
        },
      })
      expect((await t.call('share.get', { params: { id: appId } }, { token: owner.token })).body.data.reads).toBe('off')
    },
  )

  test('a new app (POST /apps) starts with reads off and no warnings', async () => {
    const { t, owner, created, appId } = await app()
    expect(created.body.data.reads).toBe('off')
    expect(Object.hasOwn(created.body.data, 'warnings')).toBe(false)
    const settings = (await t.call('share.get', { params: { id: appId } }, { token: owner.token })).body.data
    expect([settings.reads, Object.hasOwn(settings, 'warnings')]).toEqual(['off', false])
  })

  test('the OpenAPI document describes reads as the three values or a boolean', async () => {
    const { t } = await app()
    // The document is free-form JSON to this test, read by path.
    const doc: JsonDocument = (await t.call('openapi.get')).body
    const { $ref } = doc.paths['/api/v3/apps/{id}/share'].patch.requestBody.content['application/json'].schema
    const reads = doc.components.schemas[$ref.replace('#/components/schemas/', '')].properties.reads
    expect(reads.anyOf).toEqual([{ type: 'string', enum: ['off', 'summary', 'records'] }, { type: 'boolean' }])
    expect(reads.description).toContain("The owner's access token (Authorization: Bearer) always reads.")
    expect(doc.info.description).toContain('Answers that show reads open carry data.warnings.')
    expect(doc.paths['/api/v3/share/{token}/query'].get.security).toEqual([{}, { accessToken: [] }])
    expect(doc.paths['/api/v3/share/{token}/summary'].get.security).toEqual([{}, { accessToken: [] }])
  })
})
