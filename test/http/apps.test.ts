import { describe, expect, test } from 'bun:test'
import type { App } from '../../server/contract/api/apps.ts'
import type { ChangeKind } from '../../server/core/changes.ts'
import { invalid, type CallInput } from '../support/call.ts'
import { testApp, type TestApp, validationBody } from '../support/http.ts'
import { insertRecords, numbering } from '../support/records.ts'
import { makeUser } from '../support/users.ts'

const T0 = '2026-01-01T00:00:00.000Z'
const MISSING = '01890000-0000-7000-8000-000000000000'
const APP_NOT_FOUND = { code: 404, error: { type: 'not_found', message: 'App not found' } }

async function setup() {
  const t = testApp()
  const owner = await makeUser(t.ctx)
  const other = await makeUser(t.ctx)
  const changes: Array<[string, ChangeKind]> = []
  t.ctx.changes.subscribe((appId, kind) => changes.push([appId, kind]))
  return { t, owner, other, changes }
}

async function createApp(t: TestApp, token: string, body: CallInput<'apps.create'>['body'] = { name: 'Survey' }) {
  const res = await t.call('apps.create', { body }, { token })
  expect(res.status).toBe(200)
  return res.body.data as { id: string }
}

function appBody(id: string, overrides: Partial<App> = {}): App {
  return {
    id,
    name: 'Survey',
    description: '',
    createdAt: T0,
    updatedAt: T0,
    fieldCount: 0,
    recordCount: 0,
    spamCount: 0,
    lastRecordAt: null,
    published: false,
    reads: 'off',
    role: 'owner',
    ...overrides,
  }
}

describe('POST /api/v3/apps', () => {
  test('creates an app with its endpoint and counters rows', async () => {
    const { t, owner } = await setup()
    const res = await t.call(
      'apps.create',
      { body: { name: '  Customer survey  ', description: 'Q3\nfeedback' } },
      { token: owner.token },
    )
    expect(res.status).toBe(200)
    const id = res.body.data.id
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(res.body).toEqual({ code: 200, data: appBody(id, { name: 'Customer survey', description: 'Q3\nfeedback' }) })

    expect(await t.ctx.storage.apps.byId(id)).toEqual({
      id,
      ownerId: owner.user.id,
      name: 'Customer survey',
      description: 'Q3\nfeedback',
      createdAt: Date.parse(T0),
      updatedAt: Date.parse(T0),
    })
    // The row as stored: its limit columns are read by the share settings, not typed on EndpointRow yet.
    expect((await t.ctx.storage.share.endpoint(id)) as Record<string, unknown> | null).toEqual({
      appId: id,
      tokenHash: null,
      tokenCipher: null,
      published: false,
      service: true,
      reads: 'off',
      autoCreate: true,
      honeypot: '_gotcha',
      closed: false,
      closeAfter: null,
      closesAt: null,
      closedMessage: '',
      onePerBrowser: false,
      uniqueField: null,
      formLayout: null,
      keepRecordsDays: null,
      keepSpamDays: null,
      language: 'en',
      translations: '{}',
      spamRules: null,
      dedupeSeconds: 600,
      dedupeJson: false,
      challenge: 'off',
      challengeDifficulty: 20000,
      rateLimit: null,
      redirectOrigins: '[]',
      thankYouMessage: '',
      thankYouUrl: null,
      submitAnother: true,
      summaryMinRespondents: 5,
      publishedAt: null,
      createdAt: Date.parse(T0),
      updatedAt: Date.parse(T0),
    })
    // The counters row: what the app list reads of it (the stats store reads the rest).
    expect(await t.ctx.storage.apps.listed(id, owner.user.id)).toMatchObject({
      kept: 0,
      spam: 0,
      lastAt: null,
      fieldCount: 0,
    })
  })

  test.each([
    ['Chinese', '客户满意度调查'],
    ['Arabic', 'استطلاع رأي العملاء'],
    ['emoji', '📋 Survey 🎉'],
    ['__proto__', '__proto__'],
    ['constructor', 'constructor'],
    ['200 emoji (counted as characters)', '😀'.repeat(200)],
  ])('accepts a %s name', async (_label, name) => {
    const { t, owner } = await setup()
    const res = await t.call('apps.create', { body: { name } }, { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 200, data: appBody(res.body.data.id, { name }) })
    expect(
      (await t.ctx.storage.apps.list(owner.user.id, { limit: 100, after: null })).map((row) => row.app.name),
    ).toEqual([name])
  })

  test.each([
    ['no name', {}, [{ path: 'name', message: 'is required' }]],
    ['an empty name', { name: '' }, [{ path: 'name', message: 'cannot be empty' }]],
    ['a blank name', { name: ' \t ' }, [{ path: 'name', message: 'cannot be empty' }]],
    ['a number for a name', { name: 42 }, [{ path: 'name', message: 'must be a string' }]],
    ['a 201-character name', { name: 'x'.repeat(201) }, [{ path: 'name', message: 'can have at most 200 characters' }]],
    [
      'a control character',
      { name: 'bad\u0007name' },
      [{ path: 'name', message: 'cannot contain control characters' }],
    ],
    ['a line break', { name: 'two\nlines' }, [{ path: 'name', message: 'cannot contain control characters' }]],
    [
      'a long description',
      { name: 'ok', description: 'd'.repeat(5001) },
      [{ path: 'description', message: 'can have at most 5000 characters' }],
    ],
    [
      'a description that is not text',
      { name: 'ok', description: ['x'] },
      [{ path: 'description', message: 'must be a string' }],
    ],
    [
      'several problems at once',
      { name: '', description: 7 },
      [
        { path: 'name', message: 'cannot be empty' },
        { path: 'description', message: 'must be a string' },
      ],
    ],
    [
      'an unknown property',
      { name: 'ok', colour: 'red' },
      [{ path: '', message: 'unknown properties "colour"; allowed: name, description' }],
    ],
    ['an array body', [{ name: 'ok' }], [{ path: '', message: 'the body must be a JSON object' }]],
    ['a null body', null, [{ path: '', message: 'the body must be a JSON object' }]],
  ])('refuses %s with 422 listing every problem', async (_label, body, problems) => {
    const { t, owner } = await setup()
    const res = await t.call('apps.create', { body: invalid(body) }, { token: owner.token })
    expect(res.status).toBe(422)
    expect<unknown>(res.body).toEqual(validationBody(...problems))
    expect(await t.ctx.storage.apps.list(owner.user.id, { limit: 100, after: null })).toEqual([])
  })

  test('malformed JSON is a 400 bad_json', async () => {
    const { t, owner } = await setup()
    const res = await t.call(
      'apps.create',
      {},
      {
        token: owner.token,
        raw: '{"name": "x",',
        headers: { 'content-type': 'application/json' },
      },
    )
    expect(res.status).toBe(400)
    expect<unknown>(res.body).toEqual({
      code: 400,
      error: {
        type: 'bad_json',
        message: 'The request body could not be parsed: send valid JSON with Content-Type: application/json',
      },
    })
  })

  test('needs authentication', async () => {
    const { t } = await setup()
    const res = await t.call('apps.list')
    expect(res.status).toBe(401)
    expect<unknown>(res.body).toEqual({
      code: 401,
      error: {
        type: 'unauthorized',
        message: 'Authentication required: send "Authorization: Bearer <access token>" or log in',
      },
    })
  })
})

describe('GET /api/v3/apps', () => {
  test('lists only the caller’s apps, newest first, with counters', async () => {
    const { t, owner, other } = await setup()
    const first = await createApp(t, owner.token, { name: 'First' })
    t.clock.advance(1000)
    const second = await createApp(t, owner.token, { name: 'Second' })
    await createApp(t, other.token, { name: 'Not mine' })
    // Counters come from app_stats (kept current as records are stored): 7 kept and 2 spam,
    // one a millisecond, the last at 00:00:05.
    t.clock.advance(5000 - 1000 - 8)
    await insertRecords(
      t.ctx,
      first.id,
      Array.from({ length: 9 }, (_, i) => ({ data: { n: i }, spam: i < 2 })),
    )
    await t.call('fields.add', { params: { id: first.id }, body: { name: 'email' } }, { token: owner.token })
    await t.call('share.publish', { params: { id: first.id } }, { token: owner.token })

    const res = await t.call('apps.list', {}, { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      code: 200,
      data: {
        apps: [
          appBody(second.id, {
            name: 'Second',
            createdAt: '2026-01-01T00:00:01.000Z',
            updatedAt: '2026-01-01T00:00:01.000Z',
          }),
          appBody(first.id, {
            name: 'First',
            fieldCount: 1,
            recordCount: 7,
            spamCount: 2,
            lastRecordAt: '2026-01-01T00:00:05.000Z',
            published: true,
          }),
        ],
        nextCursor: null,
      },
    })
  })

  test('an account without apps gets an empty list', async () => {
    const { t, owner } = await setup()
    expect((await t.call('apps.list', {}, { token: owner.token })).body).toEqual({
      code: 200,
      data: { apps: [], nextCursor: null },
    })
  })
})

describe('GET/PATCH /api/v3/apps/:id', () => {
  test('reads one app', async () => {
    const { t, owner } = await setup()
    const { id } = await createApp(t, owner.token)
    const res = await t.call('apps.get', { params: { id } }, { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 200, data: appBody(id) })
  })

  test('renames and re-describes, keeping what is left out', async () => {
    const { t, owner, changes } = await setup()
    const { id } = await createApp(t, owner.token, { name: 'Survey', description: 'old' })
    t.clock.advance(60_000)
    const renamed = await t.call('apps.update', { params: { id }, body: { name: ' Renamed ' } }, { token: owner.token })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toEqual({
      code: 200,
      data: appBody(id, { name: 'Renamed', description: 'old', updatedAt: '2026-01-01T00:01:00.000Z' }),
    })
    const described = await t.call('apps.update', { params: { id }, body: { description: '' } }, { token: owner.token })
    expect(described.body).toEqual({
      code: 200,
      data: appBody(id, { name: 'Renamed', description: '', updatedAt: '2026-01-01T00:01:00.000Z' }),
    })
    // Making the app is a change too.
    expect(changes).toEqual([
      [id, 'app'],
      [id, 'app'],
      [id, 'app'],
    ])
  })

  test('an empty PATCH changes nothing', async () => {
    const { t, owner, changes } = await setup()
    const { id } = await createApp(t, owner.token)
    t.clock.advance(1000)
    const res = await t.call('apps.update', { params: { id }, body: {} }, { token: owner.token })
    expect(res.body).toEqual({ code: 200, data: appBody(id) })
    // Only the making of the app.
    expect(changes).toEqual([[id, 'app']])
  })

  test.each([
    ['an empty name', { name: '' }, [{ path: 'name', message: 'cannot be empty' }]],
    ['a name of the wrong type', { name: false }, [{ path: 'name', message: 'must be a string' }]],
    [
      'a misspelt property',
      { nmae: 'x' },
      [{ path: '', message: 'unknown properties "nmae"; allowed: name, description' }],
    ],
  ])('PATCH refuses %s', async (_label, body, problems) => {
    const { t, owner } = await setup()
    const { id } = await createApp(t, owner.token)
    const res = await t.call('apps.update', { params: { id }, body: invalid(body) }, { token: owner.token })
    expect(res.status).toBe(422)
    expect<unknown>(res.body).toEqual(validationBody(...problems))
    expect(
      (await t.ctx.storage.apps.list(owner.user.id, { limit: 100, after: null })).map((row) => row.app.name),
    ).toEqual(['Survey'])
  })
})

describe('DELETE /api/v3/apps/:id', () => {
  test('removes the app with its fields, endpoint, counters and records', async () => {
    const { t, owner, changes } = await setup()
    const { id } = await createApp(t, owner.token)
    const keep = await createApp(t, owner.token, { name: 'Keep' })
    await t.call('fields.add', { params: { id }, body: { name: 'email' } }, { token: owner.token })
    await t.call('share.publish', { params: { id } }, { token: owner.token })
    await insertRecords(t.ctx, id, [{ data: { email: 'a@b.c' } }])
    changes.length = 0

    const res = await t.call('apps.delete', { params: { id } }, { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 200, data: { deleted: true, id } })
    expect(
      (await t.ctx.storage.apps.list(owner.user.id, { limit: 100, after: null })).map((row) => row.app.id),
    ).toEqual([keep.id])
    expect(await t.ctx.storage.apps.byId(id)).toBeNull()
    expect(await t.ctx.storage.fields.list(id)).toEqual([])
    expect(await t.ctx.storage.share.endpoint(id)).toBeNull()
    expect(await t.ctx.storage.share.endpoint(keep.id)).not.toBeNull()
    // Counters (joined into the list view) and records went with the app.
    expect(await t.ctx.storage.apps.listed(id, owner.user.id)).toBeNull()
    expect(await t.ctx.storage.apps.listed(keep.id, owner.user.id)).toMatchObject({ kept: 0 })
    expect(await numbering(t.ctx, id)).toEqual([])
    expect(changes).toEqual([[id, 'deleted']])
    expect<unknown>((await t.call('apps.get', { params: { id } }, { token: owner.token })).body).toEqual(APP_NOT_FOUND)
  })
})

describe('GET /api/v3/apps/:id/urls', () => {
  test('editor and data URLs always; endpoint, help and fill-in once published', async () => {
    const { t, owner } = await setup()
    const { id } = await createApp(t, owner.token)
    const before = await t.call('apps.urls', { params: { id } }, { token: owner.token })
    expect(before.status).toBe(200)
    expect(before.body).toEqual({
      code: 200,
      data: {
        endpoint: null,
        help: null,
        fillIn: null,
        editor: `http://localhost:8787/admin/#/apps/${id}`,
        data: `http://localhost:8787/admin/#/apps/${id}/data`,
      },
    })
    const { token } = (await t.call('share.publish', { params: { id } }, { token: owner.token })).body.data
    const after = await t.call('apps.urls', { params: { id } }, { token: owner.token })
    expect(after.body).toEqual({
      code: 200,
      data: {
        endpoint: `http://localhost:8787/api/v3/share/${token}`,
        help: `http://localhost:8787/api/v3/share/${token}?help`,
        fillIn: `http://localhost:8787/f/${token}`,
        editor: `http://localhost:8787/admin/#/apps/${id}`,
        data: `http://localhost:8787/admin/#/apps/${id}/data`,
      },
    })
  })

  test('URLs start with the configured base URL', async () => {
    const t = testApp({ baseUrl: 'https://forms.example.com/svc' })
    const owner = await makeUser(t.ctx)
    const { id } = await createApp(t, owner.token)
    const res = await t.call('apps.urls', { params: { id } }, { token: owner.token })
    expect(res.body.data).toEqual({
      endpoint: null,
      help: null,
      fillIn: null,
      editor: `https://forms.example.com/svc/admin/#/apps/${id}`,
      data: `https://forms.example.com/svc/admin/#/apps/${id}/data`,
    })
  })
})

type AppOperation = 'apps.get' | 'apps.update' | 'apps.delete' | 'apps.urls'

describe('another account’s app is answered exactly like a missing one', () => {
  // Every row names a body (undefined for none): a shorter row would make bun pass a done
  // callback as the third argument and wait for it.
  const routes: Array<[AppOperation, { name: string } | undefined]> = [
    ['apps.get', undefined],
    ['apps.update', { name: 'Mine now' }],
    ['apps.delete', undefined],
    ['apps.urls', undefined],
  ]
  test.each(routes)('%s', async (name, body) => {
    const { t, owner, other } = await setup()
    const { id } = await createApp(t, owner.token)
    const call = (app: string) => t.call(name, invalid({ params: { id: app }, body }), { token: other.token })
    const foreign = await call(id)
    const missing = await call(MISSING)
    expect(foreign.status).toBe(404)
    expect<unknown>(foreign.body).toEqual(APP_NOT_FOUND)
    expect(missing.status).toBe(404)
    expect<unknown>(missing.body).toEqual(APP_NOT_FOUND)
    expect((await t.call('apps.get', { params: { id } }, { token: owner.token })).body).toEqual({
      code: 200,
      data: appBody(id),
    })
  })
})
