import { describe, expect, test } from 'bun:test'
import { updateShare } from '../../server/core/share/settings.ts'
import type { UpdateShareInput } from '../../server/contract/share/schemas.ts'
import { makeEndpoint, storedRecords, type EndpointOptions } from '../core/collect/fixtures.ts'
import { testApp, validationBody } from '../support/http.ts'
import type { JsonDocument } from '../support/contract.ts'
import { pathOf, type RouteName } from '../../server/contract/api/routes.ts'

/** A route's path as the OpenAPI document keys it (`{token}`, not `:token`). */
const openApiPath = (name: RouteName) => pathOf(name).replace(/:(\w+)/g, '{$1}')

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const JSON_FORM = { ...FORM, accept: 'application/json' }
const form = (values: Record<string, string>) => new URLSearchParams(values).toString()

const CLOSED_BY_HAND = {
  code: 403,
  error: {
    type: 'closed',
    message:
      'This form is closed (its owner closed it), so nothing was stored; its owner can open it again in the share settings',
  },
}
const closedByCount = (n: number) => ({
  code: 403,
  error: {
    type: 'closed',
    message: `This form is closed (it took the ${n} ${n === 1 ? 'response' : 'responses'} it accepts (closeAfter)), so nothing was stored; its owner can open it again in the share settings`,
  },
})
const DUPLICATE_EMAIL = {
  code: 409,
  error: {
    type: 'duplicate',
    message:
      'A response with this email was already received: the form takes one response per value of "email" (uniqueField), so nothing was stored',
    details: { field: 'email' },
  },
}
const DUPLICATE_BROWSER = {
  code: 409,
  error: {
    type: 'duplicate',
    message:
      'This browser already sent a response: the form takes one response per browser (onePerBrowser), so nothing was stored',
  },
}

async function setup(limits: UpdateShareInput, options: EndpointOptions = {}) {
  const t = testApp({ rateLimit: null })
  const endpoint = await makeEndpoint(t.ctx, {
    fields: [
      { name: 'name', type: 'text' },
      { name: 'email', type: 'email' },
    ],
    ...options,
  })
  await updateShare(t.ctx, endpoint.ownerId, endpoint.appId, limits)
  const post = (body: unknown) => t.request('POST', endpoint.path, { body })
  const share = async () =>
    (await t.call('share.get', { params: { id: endpoint.appId } }, { token: endpoint.ownerToken })).body.data
  return { ...t, endpoint, post, share }
}

describe('closed, closeAfter, closesAt: 403 closed on every ingest route', () => {
  test('a form closed by hand refuses /, /form, /batch and the fill-in post, and its page shows the closed text', async () => {
    const { request, ctx, endpoint, post, share } = await setup({ closed: true, closedMessage: 'Sign-ups are over.' })
    const answers = [
      await post({ name: 'Ada' }),
      await request('POST', `${endpoint.path}/form`, { raw: form({ name: 'Ada' }), headers: FORM }),
      await request('POST', `${endpoint.path}/batch`, { body: [{ name: 'Ada' }] }),
      await request('POST', `/f/${endpoint.token}`, { raw: form({ name: 'Ada' }), headers: JSON_FORM }),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(403)
      expect(answer.body).toEqual(CLOSED_BY_HAND)
    }
    const page = await request('POST', `/f/${endpoint.token}`, { raw: form({ name: 'Ada' }), headers: FORM })
    expect(page.status).toBe(403)
    expect(page.text).toContain('Sign-ups are over.')
    expect(page.text).not.toContain('<form')
    // A browser's own post of a site's form to /form: a page with the closed text.
    const navigation = await request('POST', `${endpoint.path}/form`, {
      raw: form({ name: 'Ada' }),
      headers: { ...FORM, 'sec-fetch-mode': 'navigate' },
    })
    expect(navigation.status).toBe(403)
    expect(navigation.text).toContain('Sign-ups are over.')
    const fillIn = await request('GET', `/f/${endpoint.token}`)
    expect(fillIn.status).toBe(403)
    expect(fillIn.text).toContain('Sign-ups are over.')
    expect(fillIn.text).not.toContain('<form')
    expect(await storedRecords(ctx, endpoint.appId)).toEqual([])
    expect(await share()).toMatchObject({ closed: true, closedNow: true, records: 0 })
  })

  test('without a closed text the page says the default sentence; opening again takes responses', async () => {
    const { request, ctx, endpoint, post } = await setup({ closed: true })
    const fillIn = await request('GET', `/f/${endpoint.token}`)
    expect(fillIn.text).toContain('This form is closed and no longer takes responses. Thank you for your interest.')
    await updateShare(ctx, endpoint.ownerId, endpoint.appId, { closed: false })
    expect((await post({ name: 'Ada' })).status).toBe(200)
    expect((await request('GET', `/f/${endpoint.token}`)).status).toBe(200)
  })

  test('closesAt closes the form at that moment by the injected clock', async () => {
    const { clock, post, share } = await setup({ closesAt: '2026-01-01T01:00:00+01:00' })
    // The clock starts at 2026-01-01T00:00:00Z: the form closes at once.
    expect(await share()).toMatchObject({ closesAt: '2026-01-01T00:00:00.000Z', closedNow: true })
    expect((await post({ name: 'Ada' })).body).toEqual({
      code: 403,
      error: {
        type: 'closed',
        message:
          'This form is closed (it closed at 2026-01-01T00:00:00.000Z), so nothing was stored; its owner can open it again in the share settings',
      },
    })
    const later = await setup({ closesAt: '2026-01-01T00:10:00Z' })
    expect((await later.post({ name: 'Ada' })).status).toBe(200)
    later.clock.advance(10 * 60 * 1000 - 1)
    expect((await later.post({ name: 'Bo' })).status).toBe(200)
    later.clock.advance(1)
    expect((await later.post({ name: 'Cy' })).status).toBe(403)
    expect(await later.share()).toMatchObject({ closedNow: true, records: 2 })
    expect(clock.now()).toBe(Date.UTC(2026, 0, 1))
  })

  test('closeAfter N: exactly N records of 3N racing respondents, the others 403 closed', async () => {
    const N = 8
    const { app, ctx, endpoint, share } = await setup({ closeAfter: N })
    const answers = await Promise.all(
      Array.from({ length: 3 * N }, async (_, i) => {
        const response = await app.handle(
          new Request(`http://localhost:8787${endpoint.path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: `r${i}` }),
          }),
        )
        return { status: response.status, body: await response.json() }
      }),
    )
    expect(answers.filter((a) => a.status === 200).length).toBe(N)
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(refused).toEqual({ status: 403, body: closedByCount(N) })
    expect((await storedRecords(ctx, endpoint.appId)).length).toBe(N)
    expect(await share()).toMatchObject({ closeAfter: N, closedNow: true, records: N })
  })

  test('spam does not take a place; a batch that does not fit is refused whole, saying how many places are left', async () => {
    const { request, ctx, endpoint, post } = await setup({ closeAfter: 3 })
    expect((await post({ name: 'spam', _gotcha: 'x' })).status).toBe(200)
    expect((await request('POST', `${endpoint.path}/batch`, { body: [{ name: 'a' }, { name: 'b' }] })).status).toBe(200)
    const refused = await request('POST', `${endpoint.path}/batch`, { body: [{ name: 'c' }, { name: 'd' }] })
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({
      code: 403,
      error: {
        type: 'closed',
        message:
          'This form takes 3 responses (closeAfter) and has 1 place left, fewer than the 2 records of this batch, so nothing was stored; send at most 1',
        details: { remaining: 1 },
      },
    })
    expect((await request('POST', `${endpoint.path}/batch`, { body: [{ name: 'c' }] })).status).toBe(200)
    expect((await post({ name: 'e' })).body).toEqual(closedByCount(3))
    expect((await storedRecords(ctx, endpoint.appId)).map((r) => [r.spam, r.data])).toEqual([
      [true, { name: 'spam' }],
      [false, { name: 'a' }],
      [false, { name: 'b' }],
      [false, { name: 'c' }],
    ])
  })
})

test('a retry (same Idempotency-Key) of the record that filled the form gets its id back; a new one is closed', async () => {
  const { request, endpoint } = await setup({ closeAfter: 1 })
  const send = (key: string, name: string) =>
    request('POST', endpoint.path, { body: { name }, headers: { 'idempotency-key': key } })
  const first = await send('k1', 'Ada')
  expect(first.status).toBe(200)
  expect((await send('k1', 'Ada')).body).toEqual(first.body)
  expect((await send('k2', 'Bo')).body).toEqual(closedByCount(1))
})

test('the audit log shows a change of limits, closesAt as the time it is', async () => {
  const { call, endpoint } = await setup({})
  const params = { id: endpoint.appId }
  const body = { closeAfter: 100, closesAt: '2027-03-01T18:00:00Z', closed: true }
  expect((await call('share.update', { params, body }, { token: endpoint.ownerToken })).status).toBe(200)
  const log = await call('audit.app', { params }, { token: endpoint.ownerToken })
  expect(log.body.data.entries[0]).toMatchObject({
    action: 'share.update',
    before: { closed: false, closeAfter: null, closesAt: null },
    after: { closed: true, closeAfter: 100, closesAt: '2027-03-01T18:00:00.000Z' },
  })
})

describe('uniqueField: 409 duplicate', () => {
  test('one response per e-mail address, compared trimmed and case-insensitively, on every route', async () => {
    const { request, ctx, endpoint, post } = await setup({ uniqueField: 'email' })
    expect((await post({ name: 'Ada', email: 'Ada@Example.com' })).status).toBe(200)
    const again = [
      await post({ name: 'Ada', email: 'ada@example.COM' }),
      await request('POST', `${endpoint.path}/form`, { raw: form({ email: 'ADA@example.com' }), headers: FORM }),
      await request('POST', `${endpoint.path}/batch`, {
        body: [{ email: 'bo@example.com' }, { email: 'ada@example.com' }],
      }),
      await request('POST', `/f/${endpoint.token}`, { raw: form({ email: 'ada@example.com' }), headers: JSON_FORM }),
    ]
    for (const answer of again) {
      expect(answer.body).toEqual(DUPLICATE_EMAIL)
      expect(answer.status).toBe(409)
    }
    // A batch giving one address twice is refused too; records without an address are not limited.
    const twice = await request('POST', `${endpoint.path}/batch`, {
      body: [{ email: 'cy@example.com' }, { email: 'CY@example.com' }],
    })
    expect(twice.body).toEqual(DUPLICATE_EMAIL)
    expect((await post({ name: 'no address' })).status).toBe(200)
    expect((await post({ name: 'no address either' })).status).toBe(200)
    const page = await request('POST', `/f/${endpoint.token}`, {
      raw: form({ email: 'ada@example.com' }),
      headers: FORM,
    })
    expect(page.status).toBe(409)
    expect(page.text).toContain('A response with this answer was already sent, so this one was not saved.')
    expect((await storedRecords(ctx, endpoint.appId)).map((r) => r.data)).toEqual([
      { name: 'Ada', email: 'Ada@Example.com' },
      { name: 'no address' },
      { name: 'no address either' },
    ])
  })

  test('exactly one of many racing responses with the same address is stored', async () => {
    const { app, ctx, endpoint } = await setup({ uniqueField: 'email' })
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const response = await app.handle(
          new Request(`http://localhost:8787${endpoint.path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: `r${i}`, email: i % 2 ? 'same@example.com' : 'SAME@example.com' }),
          }),
        )
        return response.status
      }),
    )
    expect(statuses.filter((s) => s === 200).length).toBe(1)
    expect(statuses.filter((s) => s === 409).length).toBe(19)
    expect((await storedRecords(ctx, endpoint.appId)).length).toBe(1)
  })

  test('must name a field (422); renaming the field follows it, removing it clears it', async () => {
    const { call, endpoint, share } = await setup({})
    const refused = await call(
      'share.update',
      { params: { id: endpoint.appId }, body: { uniqueField: 'mail' } },
      { token: endpoint.ownerToken },
    )
    expect(refused.status).toBe(422)
    expect(refused.body as unknown).toEqual(
      validationBody({
        path: 'uniqueField',
        message: 'is not a field of this app; name one of its fields, such as email, or null for none',
      }),
    )
    await call(
      'fields.add',
      { params: { id: endpoint.appId }, body: { name: 'topics', type: 'multichoice', options: ['a', 'b'] } },
      { token: endpoint.ownerToken },
    )
    const list = await call(
      'share.update',
      { params: { id: endpoint.appId }, body: { uniqueField: 'topics' } },
      { token: endpoint.ownerToken },
    )
    expect(list.status).toBe(422)
    expect(list.body as unknown).toEqual(
      validationBody({
        path: 'uniqueField',
        message:
          'is a multichoice field, whose answers are not one value to compare; name a field such as an e-mail, text or number field',
      }),
    )
    const set = await call(
      'share.update',
      { params: { id: endpoint.appId }, body: { uniqueField: ' email ' } },
      { token: endpoint.ownerToken },
    )
    expect(set.body.data.uniqueField).toBe('email')
    await call(
      'fields.update',
      { params: { id: endpoint.appId, field: 'email' }, body: { name: 'mail' } },
      { token: endpoint.ownerToken },
    )
    expect((await share()).uniqueField).toBe('mail')
    await call('fields.remove', { params: { id: endpoint.appId, field: 'mail' } }, { token: endpoint.ownerToken })
    expect((await share()).uniqueField).toBeNull()
  })
})

describe('onePerBrowser', () => {
  test('the fill-in post sets a cookie for the form; a second post from that browser gets a page (409), JSON 409 duplicate', async () => {
    const { request, ctx, endpoint } = await setup({ onePerBrowser: true })
    const first = await request('POST', `/f/${endpoint.token}`, { raw: form({ name: 'Ada' }), headers: FORM })
    expect(first.status).toBe(303)
    expect(first.headers.get('set-cookie')).toBe(
      `svc_responded=1; HttpOnly; SameSite=Lax; Path=/f/${endpoint.token}; Max-Age=31536000`,
    )
    const cookie = 'svc_responded=1'
    const page = await request('POST', `/f/${endpoint.token}`, { raw: form({ name: 'Ada' }), headers: FORM, cookie })
    expect(page.status).toBe(409)
    expect(page.text).toContain('A response has already been sent from this browser, so this one was not saved.')
    expect(page.text).not.toContain('<form')
    const json = await request('POST', `/f/${endpoint.token}`, {
      raw: form({ name: 'Ada' }),
      headers: JSON_FORM,
      cookie,
    })
    expect(json.status).toBe(409)
    expect(json.body).toEqual(DUPLICATE_BROWSER)
    // Another browser (no cookie) may answer.
    expect(
      (await request('POST', `/f/${endpoint.token}`, { raw: form({ name: 'Bo' }), headers: JSON_FORM })).status,
    ).toBe(200)
    expect((await storedRecords(ctx, endpoint.appId)).map((r) => r.data)).toEqual([{ name: 'Ada' }, { name: 'Bo' }])
  })

  test('a form without onePerBrowser sets no cookie', async () => {
    const { request, endpoint } = await setup({})
    const first = await request('POST', `/f/${endpoint.token}`, { raw: form({ name: 'Ada' }), headers: FORM })
    expect(first.headers.get('set-cookie')).toBeNull()
  })
})

describe('?help says when a form is closed and what limits it has', () => {
  test('the status lines of every limit, and of a closed form', async () => {
    const { request, endpoint } = await setup({
      closed: true,
      closeAfter: 100,
      closesAt: '2027-03-01T18:00:00Z',
      onePerBrowser: true,
      uniqueField: 'email',
    })
    const help = (await request('GET', `${endpoint.path}?help`)).text
    expect(help).toContain(
      [
        '- Auto-create fields from unknown keys: on',
        '- **Closed:** closed by its owner (`closed`) — every POST is answered 403 `closed`, nothing stored',
        '- Closes after 100 records (`closeAfter`; spam not counted); a batch that does not fit the places left is refused whole',
        '- Closes at 2027-03-01T18:00:00.000Z (`closesAt`)',
        '- One response per browser (`onePerBrowser`): the fill-in page answers a second post from a browser 409 `duplicate`',
        '- One response per value of `email` (`uniqueField`): a value given before is answered 409 `duplicate`',
      ].join('\n'),
    )
    expect(help).toContain('| 403 | `closed` |')
    expect(help).toContain('| 409 | `duplicate` |')
  })

  test('a form without limits says nothing of them', async () => {
    const { request, endpoint } = await setup({})
    const help = (await request('GET', `${endpoint.path}?help`)).text
    expect(help).not.toContain('Closes')
    expect(help).not.toContain('One response per')
  })
})

test('the OpenAPI document lists 403 closed and 409 duplicate on every ingest operation', async () => {
  const { call } = await setup({})
  const doc: JsonDocument = (await call('openapi.get')).body
  for (const path of (['ingest.post', 'ingest.form', 'ingest.batch', 'pages.fillInPost'] as const).map(openApiPath)) {
    const responses = doc.paths[path].post.responses
    expect(
      responses['403'].content['application/json'].schema.allOf[1].properties.error.properties.type.enum,
    ).toContain('closed')
    expect(responses['409'].content['application/json'].schema.allOf[1].properties.error.properties.type.enum).toEqual([
      'duplicate',
    ])
  }
})
