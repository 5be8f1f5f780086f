import { describe, expect, test } from 'bun:test'
import type { ChangeKind } from '../../server/core/changes.ts'
import { hashSecret } from '../../server/core/ids.ts'
import { findEndpointByToken } from '../../server/core/share/lookup.ts'
import type { Config } from '../../server/config.ts'
import { testApp, type TestApp, type TestResponse, validationBody } from '../support/http.ts'
import { SUMMARY_WARNING } from '../support/reads.ts'
import { makeUser } from '../support/users.ts'
import { invalid, type ErrorEnvelope } from '../support/call.ts'
import type { JsonDocument } from '../support/contract.ts'

const T0 = '2026-01-01T00:00:00.000Z'
const MISSING = '01890000-0000-7000-8000-000000000000'
const APP_NOT_FOUND = { code: 404, error: { type: 'not_found', message: 'App not found' } }
const TOKEN = /^[A-Za-z0-9_-]{32}$/

async function setup(config: Partial<Config> = {}) {
  const t = testApp(config)
  const owner = await makeUser(t.ctx)
  const other = await makeUser(t.ctx)
  const app = await t.call('apps.create', { body: { name: 'Survey' } }, { token: owner.token })
  const appId: string = app.body.data.id
  const changes: Array<[string, ChangeKind]> = []
  t.ctx.changes.subscribe((id, kind) => changes.push([id, kind]))
  return { t, owner, other, appId, changes }
}

const DEFAULT_SHARE = {
  published: false,
  token: null,
  endpoint: null,
  service: true,
  reads: 'off',
  autoCreate: true,
  honeypot: '_gotcha',
  rateLimit: null,
  effectiveRateLimit: '20/s,100',
  redirectOrigins: [],
  thankYouMessage: '',
  thankYouUrl: null,
  submitAnother: true,
  summaryMinRespondents: 5,
  closed: false,
  closeAfter: null,
  closesAt: null,
  closedMessage: '',
  onePerBrowser: false,
  uniqueField: null,
  keepRecordsDays: null,
  keepSpamDays: null,
  pages: [],
  language: 'en',
  translations: {},
  spamRules: null,
  dedupeSeconds: 600,
  dedupeJson: false,
  challenge: 'off' as const,
  challengeDifficulty: 20000,
  records: 0,
  closedNow: false,
  publishedAt: null,
}

const endpointRow = async (t: TestApp, appId: string) => (await t.ctx.storage.share.endpoint(appId))!

describe('GET/PATCH /share', () => {
  test('a new app has the default settings and no token', async () => {
    const { t, owner, appId } = await setup()
    const res = await t.call('share.get', { params: { id: appId } }, { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.body as unknown).toEqual({ code: 200, data: DEFAULT_SHARE })
  })

  test('the effective rate limit follows the server default, including off', async () => {
    const { t, owner, appId } = await setup({ rateLimit: null })
    expect(
      (await t.call('share.get', { params: { id: appId } }, { token: owner.token })).body.data.effectiveRateLimit,
    ).toBe('off')
  })

  test('changes every setting, normalising rate limit and origins', async () => {
    const { t, owner, appId, changes } = await setup()
    const res = await t.call(
      'share.update',
      {
        params: { id: appId },
        body: {
          service: false,
          reads: 'summary',
          autoCreate: false,
          honeypot: ' _trap ',
          rateLimit: ' 5/s ',
          redirectOrigins: ['https://example.com/thanks?x=1', 'https://EXAMPLE.com', 'http://localhost:3000/'],
          thankYouMessage: '  Thanks, we read every message.\n\nExpect an answer within a day.  ',
          thankYouUrl: ' https://example.com/thanks ',
          submitAnother: false,
          summaryMinRespondents: 3,
        },
      },
      { token: owner.token },
    )
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      code: 200,
      data: {
        ...DEFAULT_SHARE,
        service: false,
        reads: 'summary',
        autoCreate: false,
        honeypot: '_trap',
        rateLimit: '5/s,25',
        effectiveRateLimit: '5/s,25',
        redirectOrigins: ['https://example.com', 'http://localhost:3000'],
        thankYouMessage: 'Thanks, we read every message.\n\nExpect an answer within a day.',
        thankYouUrl: 'https://example.com/thanks',
        submitAnother: false,
        summaryMinRespondents: 3,
        warnings: [SUMMARY_WARNING],
      },
    })
    expect(await endpointRow(t, appId)).toMatchObject({
      reads: 'summary',
      rateLimit: '5/s,25',
      redirectOrigins: '["https://example.com","http://localhost:3000"]',
      honeypot: '_trap',
      submitAnother: false,
      summaryMinRespondents: 3,
    })
    expect(changes).toEqual([[appId, 'endpoint']])
  })

  test('rate limit "off" and null (back to the server default)', async () => {
    const { t, owner, appId } = await setup()
    const off = await t.call(
      'share.update',
      { params: { id: appId }, body: { rateLimit: 'OFF' } },
      { token: owner.token },
    )
    expect(off.body.data).toMatchObject({ rateLimit: 'off', effectiveRateLimit: 'off' })
    const fast = await t.call(
      'share.update',
      { params: { id: appId }, body: { rateLimit: '1000/s,5000' } },
      { token: owner.token },
    )
    expect(fast.body.data).toMatchObject({ rateLimit: '1000/s,5000', effectiveRateLimit: '1000/s,5000' })
    const reset = await t.call(
      'share.update',
      { params: { id: appId }, body: { rateLimit: null } },
      { token: owner.token },
    )
    expect(reset.body as unknown).toEqual({ code: 200, data: DEFAULT_SHARE })
  })

  test('an empty PATCH changes nothing', async () => {
    const { t, owner, appId, changes } = await setup()
    const res = await t.call('share.update', { params: { id: appId }, body: {} }, { token: owner.token })
    expect(res.body as unknown).toEqual({ code: 200, data: DEFAULT_SHARE })
    expect(changes).toEqual([])
  })

  test.each([
    ['a switch as text', { service: 'yes' }, [{ path: 'service', message: 'must be true or false' }]],
    ['a switch as a number', { autoCreate: 1 }, [{ path: 'autoCreate', message: 'must be true or false' }]],
    [
      'another response as text',
      { submitAnother: 'no' },
      [{ path: 'submitAnother', message: 'must be true or false' }],
    ],
    ['an empty honeypot', { honeypot: '' }, [{ path: 'honeypot', message: 'a field name cannot be empty' }]],
    [
      'a honeypot with a control character',
      { honeypot: '_a\tb' },
      [{ path: 'honeypot', message: 'a field name cannot contain control characters' }],
    ],
    [
      'an over-long honeypot',
      { honeypot: '_'.repeat(65) },
      [{ path: 'honeypot', message: 'a field name can have at most 64 characters' }],
    ],
    [
      'a thank-you URL that is not http(s)',
      { thankYouUrl: 'javascript:alert(1)' },
      [
        {
          path: 'thankYouUrl',
          message:
            'must be an absolute http:// or https:// URL without user name or password, such as https://example.com/thanks',
        },
      ],
    ],
    [
      'an over-long thank-you message',
      { thankYouMessage: 'x'.repeat(1001) },
      [{ path: 'thankYouMessage', message: 'can have at most 1000 characters' }],
    ],
    [
      'a malformed rate limit',
      { rateLimit: 'fast' },
      [{ path: 'rateLimit', message: 'rateLimit must look like "20/s,100" or "off", got "fast"' }],
    ],
    [
      'a zero rate',
      { rateLimit: '0/s,10' },
      [{ path: 'rateLimit', message: 'rateLimit needs a rate above 0 and a burst of at least 1, got "0/s,10"' }],
    ],
    [
      'a rate limit as a number',
      { rateLimit: 20 },
      [{ path: 'rateLimit', message: 'must be a string like "20/s,100", "off", or null' }],
    ],
    [
      'origins that are not http(s) URLs',
      { redirectOrigins: ['ftp://example.com', 'example.com', 'https://ok.example'] },
      [
        { path: 'redirectOrigins.0', message: 'must be an http:// or https:// URL such as https://example.com' },
        { path: 'redirectOrigins.1', message: 'must be an http:// or https:// URL such as https://example.com' },
      ],
    ],
    [
      '21 origins',
      { redirectOrigins: Array.from({ length: 21 }, (_, i) => `https://s${i}.example`) },
      [{ path: 'redirectOrigins', message: 'can list at most 20 origins' }],
    ],
    [
      'a minimum of respondents below 3',
      { summaryMinRespondents: 2 },
      [
        {
          path: 'summaryMinRespondents',
          message: 'must be at least 3: a value fewer people gave could point at one of them',
        },
      ],
    ],
    [
      'a minimum of respondents that is not whole',
      { summaryMinRespondents: 4.5 },
      [{ path: 'summaryMinRespondents', message: 'must be a whole number from 3 to 1000000' }],
    ],
    [
      'a minimum of respondents as text',
      { summaryMinRespondents: '5' },
      [{ path: 'summaryMinRespondents', message: 'must be a whole number from 3 to 1000000' }],
    ],
    [
      'origins as one string',
      { redirectOrigins: 'https://example.com' },
      [{ path: 'redirectOrigins', message: 'must be an array of origins' }],
    ],
    [
      'several problems at once',
      { reads: null, rateLimit: '20 per second', honeypot: 3 },
      [
        {
          path: 'reads',
          message: 'must be "off", "summary" or "records" (true and false still mean "records" and "off")',
        },
        { path: 'honeypot', message: 'must be a string' },
        { path: 'rateLimit', message: 'rateLimit must look like "20/s,100" or "off", got "20 per second"' },
      ],
    ],
    [
      'limits of the wrong shape',
      { closed: 'yes', closeAfter: 0, closesAt: '2027-03-01', closedMessage: 'x'.repeat(1001), onePerBrowser: 1 },
      [
        { path: 'closed', message: 'must be true or false' },
        { path: 'closeAfter', message: 'must be at least 1; null for no limit, or closed: true to close the form now' },
        {
          path: 'closesAt',
          message: 'must be a date and time with its zone, e.g. 2027-03-01T18:00:00Z, or null',
        },
        { path: 'closedMessage', message: 'can have at most 1000 characters' },
        { path: 'onePerBrowser', message: 'must be true or false' },
      ],
    ],
    [
      'a closeAfter that is not whole',
      { closeAfter: 2.5 },
      [{ path: 'closeAfter', message: 'must be a whole number from 1 to 10000000' }],
    ],
    [
      'an unknown property',
      { published: true },
      [
        {
          path: '',
          message:
            'unknown properties "published"; allowed: service, reads, autoCreate, honeypot, rateLimit, redirectOrigins, thankYouMessage, thankYouUrl, submitAnother, summaryMinRespondents, closed, closeAfter, closesAt, closedMessage, onePerBrowser, uniqueField, keepRecordsDays, keepSpamDays, pages, language, translations, spamRules, dedupeSeconds, dedupeJson, challenge, challengeDifficulty',
        },
      ],
    ],
  ])('refuses %s with 422 listing every problem', async (_label, body, problems) => {
    const { t, owner, appId, changes } = await setup()
    const res = await t.call('share.update', { params: { id: appId }, body: invalid(body) }, { token: owner.token })
    expect(res.status).toBe(422)
    expect(res.body as unknown).toEqual(validationBody(...problems))
    expect((await t.call('share.get', { params: { id: appId } }, { token: owner.token })).body.data as unknown).toEqual(
      DEFAULT_SHARE,
    )
    expect(changes).toEqual([])
  })

  test('a honeypot named like one of the app’s fields is refused', async () => {
    const { t, owner, appId } = await setup()
    await t.call('fields.add', { params: { id: appId }, body: { name: 'email' } }, { token: owner.token })
    const res = await t.call(
      'share.update',
      { params: { id: appId }, body: { honeypot: 'email' } },
      { token: owner.token },
    )
    expect(res.status).toBe(422)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 422,
      error: {
        type: 'validation',
        message:
          'honeypot: is the name of a field of this app; pick a key real submissions never send, such as _gotcha',
        details: {
          problems: [
            {
              path: 'honeypot',
              message: 'is the name of a field of this app; pick a key real submissions never send, such as _gotcha',
            },
          ],
        },
      },
    })
  })

  test('malformed JSON is a 400 bad_json', async () => {
    const { t, owner, appId } = await setup()
    const res = await t.call(
      'share.update',
      { params: { id: appId } },
      { token: owner.token, raw: '{"reads":', headers: { 'content-type': 'application/json' } },
    )
    expect(res.status).toBe(400)
    expect(res.body.error?.type).toBe('bad_json')
  })
})

describe('publish, unpublish, rotate', () => {
  test('the first publish makes a 192-bit token stored only as hash and sealed copy', async () => {
    const { t, owner, appId, changes } = await setup()
    t.clock.advance(1000)
    const res = await t.call('share.publish', { params: { id: appId } }, { token: owner.token })
    expect(res.status).toBe(200)
    const token: string = res.body.data.token!
    expect(token).toMatch(TOKEN)
    expect(res.body as unknown).toEqual({
      code: 200,
      data: {
        ...DEFAULT_SHARE,
        published: true,
        token,
        endpoint: `http://localhost:8787/api/v3/share/${token}`,
        publishedAt: '2026-01-01T00:00:01.000Z',
      },
    })
    const row = await endpointRow(t, appId)
    expect(row.tokenHash).toBe(hashSecret(token))
    expect(JSON.stringify(row)).not.toContain(token)
    expect(t.ctx.sealer.open(row.tokenCipher!)).toBe(token)
    expect(await findEndpointByToken(t.ctx, token)).toEqual({ ...row, ownerId: owner.user.id })
    expect(changes).toEqual([[appId, 'endpoint']])
  })

  test('publishing twice keeps the token and does nothing the second time', async () => {
    const { t, owner, appId, changes } = await setup()
    const first = await t.call('share.publish', { params: { id: appId } }, { token: owner.token })
    t.clock.advance(1000)
    const second = await t.call('share.publish', { params: { id: appId } }, { token: owner.token })
    expect(second.body).toEqual(first.body)
    expect(changes).toHaveLength(1)
  })

  test('unpublish keeps the token; publishing again brings the same URL back', async () => {
    const { t, owner, appId } = await setup()
    const { token } = (await t.call('share.publish', { params: { id: appId } }, { token: owner.token })).body.data
    t.clock.advance(1000)
    const off = await t.call('share.unpublish', { params: { id: appId } }, { token: owner.token })
    expect(off.status).toBe(200)
    expect(off.body as unknown).toEqual({
      code: 200,
      data: {
        ...DEFAULT_SHARE,
        published: false,
        token,
        endpoint: `http://localhost:8787/api/v3/share/${token}`,
        publishedAt: T0,
      },
    })
    // The lookup still finds it; the collection endpoint answers 404 because it is unpublished.
    expect(await findEndpointByToken(t.ctx, token!)).toMatchObject({ appId, published: false })
    expect((await t.call('apps.get', { params: { id: appId } }, { token: owner.token })).body.data.published).toBe(
      false,
    )
    const again = await t.call('share.unpublish', { params: { id: appId } }, { token: owner.token })
    expect(again.body).toEqual(off.body)
    const on = await t.call('share.publish', { params: { id: appId } }, { token: owner.token })
    expect(on.body.data).toMatchObject({ published: true, token, publishedAt: '2026-01-01T00:00:01.000Z' })
  })

  test('rotate replaces the token: the old one is no longer found and the URLs change', async () => {
    const { t, owner, appId, changes } = await setup()
    const old: string = (await t.call('share.publish', { params: { id: appId } }, { token: owner.token })).body.data
      .token!
    const urlsBefore = (await t.call('apps.urls', { params: { id: appId } }, { token: owner.token })).body.data
    changes.length = 0
    const res = await t.call('share.rotate', { params: { id: appId } }, { token: owner.token })
    expect(res.status).toBe(200)
    const token: string = res.body.data.token!
    expect(token).toMatch(TOKEN)
    expect(token).not.toBe(old)
    expect(res.body as unknown).toEqual({
      code: 200,
      data: {
        ...DEFAULT_SHARE,
        published: true,
        token,
        endpoint: `http://localhost:8787/api/v3/share/${token}`,
        publishedAt: T0,
      },
    })
    expect(await findEndpointByToken(t.ctx, old)).toBeUndefined()
    expect(await findEndpointByToken(t.ctx, token)).toMatchObject({
      appId,
      published: true,
      tokenHash: hashSecret(token),
    })
    const urlsAfter = (await t.call('apps.urls', { params: { id: appId } }, { token: owner.token })).body.data
    expect(urlsBefore.endpoint).toBe(`http://localhost:8787/api/v3/share/${old}`)
    expect(urlsAfter).toEqual({
      ...urlsBefore,
      endpoint: `http://localhost:8787/api/v3/share/${token}`,
      help: `http://localhost:8787/api/v3/share/${token}?help`,
      fillIn: `http://localhost:8787/f/${token}`,
    })
    expect(JSON.stringify(await endpointRow(t, appId))).not.toContain(token)
    expect(changes).toEqual([[appId, 'endpoint']])
  })

  test('rotating an unpublished endpoint keeps it unpublished', async () => {
    const { t, owner, appId } = await setup()
    const old = (await t.call('share.publish', { params: { id: appId } }, { token: owner.token })).body.data.token
    await t.call('share.unpublish', { params: { id: appId } }, { token: owner.token })
    const res = await t.call('share.rotate', { params: { id: appId } }, { token: owner.token })
    expect(res.body.data).toMatchObject({ published: false })
    expect(res.body.data.token).not.toBe(old)
  })

  test('rotate before the first publish is a 409', async () => {
    const { t, owner, appId, changes } = await setup()
    const res = await t.call('share.rotate', { params: { id: appId } }, { token: owner.token })
    expect(res.status).toBe(409)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 409,
      error: {
        type: 'conflict',
        message: 'This app has no endpoint token to rotate yet; publish it first (POST /api/v3/apps/:id/share/publish)',
      },
    })
    expect(changes).toEqual([])
  })

  test('each app gets its own token', async () => {
    const { t, owner, appId } = await setup()
    const second = await t.call('apps.create', { body: { name: 'Second' } }, { token: owner.token })
    const a = (await t.call('share.publish', { params: { id: appId } }, { token: owner.token })).body.data.token
    const b = (await t.call('share.publish', { params: { id: second.body.data.id } }, { token: owner.token })).body.data
      .token!
    expect(a).not.toBe(b)
    expect((await findEndpointByToken(t.ctx, b))?.appId).toBe(second.body.data.id)
  })
})

describe('another account’s app is answered exactly like a missing one', () => {
  const routes: Array<[string, (t: TestApp, id: string, token: string) => Promise<TestResponse>]> = [
    ['share.get', (t, id, token) => t.call('share.get', { params: { id } }, { token })],
    ['share.update', (t, id, token) => t.call('share.update', { params: { id }, body: { service: false } }, { token })],
    ['share.publish', (t, id, token) => t.call('share.publish', { params: { id } }, { token })],
    ['share.unpublish', (t, id, token) => t.call('share.unpublish', { params: { id } }, { token })],
    ['share.rotate', (t, id, token) => t.call('share.rotate', { params: { id } }, { token })],
  ]
  test.each(routes)('%s', async (_name, call) => {
    const { t, owner, other, appId } = await setup()
    const published = (await t.call('share.publish', { params: { id: appId } }, { token: owner.token })).body
    const foreign = await call(t, appId, other.token)
    const missing = await call(t, MISSING, other.token)
    expect(foreign.status).toBe(404)
    expect(foreign.body).toEqual(APP_NOT_FOUND)
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual(APP_NOT_FOUND)
    expect((await t.call('share.get', { params: { id: appId } }, { token: owner.token })).body).toEqual(published)
    expect((await endpointRow(t, appId)).published).toBe(true)
  })
})

test('the share and field routes and their body schemas are in the OpenAPI document', async () => {
  const { t } = await setup()
  // The document is free-form JSON to this test, read by path.
  const doc: JsonDocument = (await t.call('openapi.get')).body
  const body = (path: string, method: string) =>
    doc.components.schemas[
      doc.paths[path][method].requestBody.content['application/json'].schema.$ref.replace('#/components/schemas/', '')
    ]
  expect(Object.keys(body('/api/v3/apps/{id}/share', 'patch').properties)).toEqual([
    'service',
    'reads',
    'autoCreate',
    'honeypot',
    'rateLimit',
    'redirectOrigins',
    'thankYouMessage',
    'thankYouUrl',
    'submitAnother',
    'summaryMinRespondents',
    'closed',
    'closeAfter',
    'closesAt',
    'closedMessage',
    'onePerBrowser',
    'uniqueField',
    'keepRecordsDays',
    'keepSpamDays',
    'pages',
    'language',
    'translations',
    'spamRules',
    'dedupeSeconds',
    'dedupeJson',
    'challenge',
    'challengeDifficulty',
  ])
  expect(body('/api/v3/apps/{id}/fields', 'post')).toMatchObject({ required: ['name'], additionalProperties: false })
  expect(body('/api/v3/apps/{id}/fields/order', 'put')).toMatchObject({ required: ['ids'] })
  expect(Object.keys(body('/api/v3/apps/{id}/fields/{field}', 'patch').properties)).toEqual([
    'name',
    'type',
    'label',
    'required',
    'options',
    'maxFiles',
    'maxSize',
    'accept',
    'max',
    'help',
    'placeholder',
    'rules',
    'hidden',
    'prefill',
    'showIf',
    'translations',
    'page',
    'position',
    'force',
  ])
  for (const action of ['publish', 'unpublish', 'rotate'])
    expect(doc.paths[`/api/v3/apps/{id}/share/${action}`].post.tags).toEqual(['share'])
})
