import { describe, expect, test } from 'bun:test'
import { makeEndpoint, storedFields, storedRecords, type EndpointOptions } from '../core/collect/fixtures.ts'
import { testApp } from '../support/http.ts'
import type { ErrorEnvelope } from '../support/call.ts'

const URLENCODED = { 'content-type': 'application/x-www-form-urlencoded' }
const ID = expect.stringMatching(/^[0-9a-f-]{36}$/)

async function setup(options: EndpointOptions = {}) {
  const t = testApp()
  const endpoint = await makeEndpoint(t.ctx, options)
  return { ...t, endpoint }
}

const typed: EndpointOptions['fields'] = [
  { name: 'count', type: 'number' },
  { name: 'agree', type: 'boolean' },
  { name: 'tags', type: 'multichoice', options: ['a', 'b', 'c'] },
  { name: 'colour', type: 'choice', options: ['red', 'green'] },
  { name: 'note', type: 'text' },
  { name: 'when', type: 'date' },
  { name: 'extra', type: 'json' },
]

describe('POST /:token/form — coercion (rule 9)', () => {
  const cases: Array<{ name: string; body: string; data: unknown }> = [
    {
      name: 'new fields: canonical decimals become numbers',
      body: 'a=-12.5&b=0&c=42',
      data: { a: -12.5, b: 0, c: 42 },
    },
    {
      name: 'new fields: non-canonical numbers stay text',
      body: 'a=007&b=1e5&c=%2B3&d=1.&e=.5&f=-0.0x',
      data: { a: '007', b: '1e5', c: '+3', d: '1.', e: '.5', f: '-0.0x' },
    },
    {
      name: 'new fields: integers beyond 2^53 stay text',
      body: 'big=12345678901234567890',
      data: { big: '12345678901234567890' },
    },
    { name: 'empty strings are kept', body: 'a=&b=x', data: { a: '', b: 'x' } },
    { name: 'repeated names become arrays, in order', body: 'x=1&y=a&x=two&x=3', data: { x: [1, 'two', 3], y: 'a' } },
    {
      name: 'defined number and boolean fields decide',
      body: 'count=007&agree=on&note=12',
      data: { count: 7, agree: true, note: '12' },
    },
    { name: 'boolean words', body: 'agree=false', data: { agree: false } },
    {
      name: 'a defined json field reads its text as JSON',
      body: `extra=${encodeURIComponent('{"a": [1, "two"], "b": null}')}&note=${encodeURIComponent('{"a":1}')}`,
      data: { extra: { a: [1, 'two'], b: null }, note: '{"a":1}' },
    },
    { name: 'a json field left empty keeps ""', body: 'extra=&note=x', data: { extra: '', note: 'x' } },
    { name: 'a single multichoice value is an array', body: 'tags=b', data: { tags: ['b'] } },
    { name: 'repeated multichoice values', body: 'tags=a&tags=c', data: { tags: ['a', 'c'] } },
    {
      name: 'empty values of typed fields are left out, text keeps ""',
      body: 'count=&agree=&when=&colour=&note=',
      data: { note: '' },
    },
    {
      name: 'UTF-8 names and values',
      body: `${encodeURIComponent('名前')}=${encodeURIComponent('日本語 😀')}&${encodeURIComponent('عمر')}=5`,
      data: { 名前: '日本語 😀', عمر: 5 },
    },
    {
      name: '__proto__ is an ordinary field',
      body: '__proto__=x&constructor=1',
      data: JSON.parse('{"__proto__":"x","constructor":1}'),
    },
  ]
  for (const c of cases) {
    test(c.name, async () => {
      const { call, ctx, endpoint } = await setup({ fields: typed })
      const res = await call('ingest.form', { params: { token: endpoint.token } }, { raw: c.body, headers: URLENCODED })
      expect(res.status).toBe(200)
      expect(res.body as unknown).toEqual({ code: 200, data: { id: ID } })
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      expect((await storedRecords(ctx, endpoint.appId)).map((r) => [r.data, r.meta, r.spam])).toEqual([
        [c.data, {}, false],
      ])
    })
  }

  test('a value a defined field cannot read is reported, not guessed', async () => {
    const { call, ctx, endpoint } = await setup({ fields: typed })
    const res = await call(
      'ingest.form',
      { params: { token: endpoint.token } },
      { raw: 'count=many&agree=maybe&tags=z&when=tomorrow&extra=%7Bnot+json', headers: URLENCODED },
    )
    expect(res.status).toBe(422)
    expect(res.body.error?.type).toBe('invalid_value')
    expect(res.body.error?.details).toEqual({
      problems: [
        { path: 'count', message: 'must be a number, got string "many"' },
        { path: 'agree', message: 'must be true or false, got string "maybe"' },
        { path: 'tags', message: '"z" is not an option; options are "a", "b", "c"' },
        {
          path: 'when',
          message: 'must be an ISO 8601 date like "2026-01-31" or "2026-01-31T09:30:00Z", got string "tomorrow"',
        },
        {
          path: 'extra',
          message: expect.stringMatching(/^must be JSON such as \{"key": "value"\}, got string "\{not json" \(.+\)$/),
        },
      ],
    })
    expect(await storedRecords(ctx, endpoint.appId)).toEqual([])
  })
})

describe('POST /:token/form — multipart', () => {
  test('text parts are stored like urlencoded ones', async () => {
    const { call, ctx, endpoint } = await setup()
    const body = new FormData()
    body.append('name', 'Ada Lovelace')
    body.append('n', '3')
    body.append('pick', 'x')
    body.append('pick', 'y')
    body.append('_source', 'landing page')
    const res = await call('ingest.form', { params: { token: endpoint.token } }, { raw: body })
    expect(res.status).toBe(200)
    expect((await storedRecords(ctx, endpoint.appId)).map((r) => [r.data, r.meta])).toEqual([
      [{ name: 'Ada Lovelace', n: 3, pick: ['x', 'y'] }, { source: 'landing page' }],
    ])
  })

  test('a file part to a form without file fields is a 415 naming the field; nothing stored, no field created', async () => {
    const { call, ctx, endpoint } = await setup()
    const body = new FormData()
    body.append('name', 'Ada')
    body.append('cv', new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }))
    const res = await call('ingest.form', { params: { token: endpoint.token } }, { raw: body })
    expect(res.status).toBe(415)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 415,
      error: {
        type: 'unsupported_media_type',
        message:
          'Field "cv" is a file, but this form has no file field, so nothing was stored. Remove the file input, or ask the owner to add a file field',
        details: { field: 'cv' },
      },
    })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(await storedRecords(ctx, endpoint.appId)).toEqual([])
    expect(await storedFields(ctx, endpoint.appId)).toEqual([])
  })

  test('JSON and other types are refused on /form with 415', async () => {
    const { call, endpoint } = await setup()
    for (const type of ['application/json', 'text/plain', 'application/xml']) {
      const res = await call(
        'ingest.form',
        { params: { token: endpoint.token } },
        { raw: '{"a":1}', headers: { 'content-type': type } },
      )
      expect(res.status).toBe(415)
      expect(res.body as ErrorEnvelope).toEqual({
        code: 415,
        error: {
          type: 'unsupported_media_type',
          message: `Content-Type "${type}" is not accepted here; send application/x-www-form-urlencoded or multipart/form-data (JSON goes to the endpoint itself, without /form)`,
        },
      })
    }
  })

  test('a broken multipart body is a 400', async () => {
    const { call, endpoint } = await setup()
    const res = await call(
      'ingest.form',
      { params: { token: endpoint.token } },
      { raw: '--x\r\nnot a part', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
    )
    expect(res.status).toBe(400)
    expect(res.body as ErrorEnvelope).toEqual({
      code: 400,
      error: {
        type: 'bad_request',
        message:
          'The multipart body could not be read; let the browser or your HTTP client build it (and its boundary)',
      },
    })
  })
})

describe('POST /:token/form — reserved keys (rules 10–11)', () => {
  test('a filled honeypot is stored as spam and answered exactly like a success', async () => {
    const { call, ctx, endpoint } = await setup()
    const clean = await call(
      'ingest.form',
      { params: { token: endpoint.token } },
      { raw: 'name=Ada&_gotcha=', headers: URLENCODED },
    )
    const spam = await call(
      'ingest.form',
      { params: { token: endpoint.token } },
      { raw: 'name=Bot&_gotcha=http://spam', headers: URLENCODED },
    )
    expect(spam.status).toBe(clean.status)
    expect(spam.body as unknown).toEqual({ code: 200, data: { id: ID } })
    expect((await storedRecords(ctx, endpoint.appId)).map((r) => [r.data, r.spam, r.seq, r.pos])).toEqual([
      [{ name: 'Ada' }, false, 1, 1],
      [{ name: 'Bot' }, true, 2, null],
    ])
    expect((await storedFields(ctx, endpoint.appId)).map((f) => f.name)).toEqual(['name'])
  })

  test('a configured honeypot name works in forms and JSON', async () => {
    const { call, ctx, endpoint } = await setup({ honeypot: 'website' })
    await call(
      'ingest.form',
      { params: { token: endpoint.token } },
      { raw: 'name=Bot&website=x&_gotcha=', headers: URLENCODED },
    )
    await call('ingest.post', { params: { token: endpoint.token }, body: { name: 'Bot2', website: 'y' } })
    await call('ingest.post', { params: { token: endpoint.token }, body: { name: 'Ada', website: '' } })
    expect((await storedRecords(ctx, endpoint.appId)).map((r) => [r.data, r.spam])).toEqual([
      [{ name: 'Bot' }, true],
      [{ name: 'Bot2' }, true],
      [{ name: 'Ada' }, false],
    ])
  })

  test('_redirect to an allowed origin answers 303 after storing; others get the JSON confirmation', async () => {
    const { call, ctx, endpoint } = await setup({ redirectOrigins: ['https://example.com'] })
    // The same data with each refused target is a record each, not a duplicate (dedupeSeconds).
    await ctx.storage.share.update(endpoint.appId, { dedupeSeconds: 0 }, ctx.clock.now())
    const ok = await call(
      'ingest.form',
      { params: { token: endpoint.token } },
      { raw: `a=1&_redirect=${encodeURIComponent('https://example.com/thanks?x=1')}`, headers: URLENCODED },
    )
    expect(ok.status).toBe(303)
    expect(ok.headers.get('location')).toBe('https://example.com/thanks?x=1')
    expect(ok.headers.get('access-control-allow-origin')).toBe('*')
    for (const target of [
      'https://evil.example/thanks',
      'https://example.com.evil.example/',
      'javascript:alert(1)',
      'not a url',
      '//example.com/x',
    ]) {
      const res = await call(
        'ingest.form',
        { params: { token: endpoint.token } },
        { raw: `a=2&_redirect=${encodeURIComponent(target)}`, headers: URLENCODED },
      )
      expect(res.status).toBe(200)
      // Not followed, and said so.
      expect(res.body as unknown).toEqual({
        code: 200,
        data: { id: ID },
        details: {
          redirect: `_redirect ${target} was not followed: its origin is not one of the endpoint's allowed redirect origins (share settings: redirectOrigins)`,
        },
      })
    }
    const spam = await call(
      'ingest.form',
      { params: { token: endpoint.token } },
      { raw: `a=3&_gotcha=bot&_redirect=${encodeURIComponent('https://example.com/thanks')}`, headers: URLENCODED },
    )
    expect(spam.status).toBe(303)
    expect((await storedRecords(ctx, endpoint.appId)).map((r) => r.data)).toEqual([
      { a: 1 },
      { a: 2 },
      { a: 2 },
      { a: 2 },
      { a: 2 },
      { a: 2 },
      { a: 3 },
    ])
  })

  test('_source goes to meta.source; other _ keys are neither fields nor data', async () => {
    const { call, ctx, endpoint } = await setup()
    await call(
      'ingest.form',
      { params: { token: endpoint.token } },
      { raw: '_source=newsletter&_next=x&_subject=hi&q=1', headers: URLENCODED },
    )
    expect((await storedRecords(ctx, endpoint.appId)).map((r) => [r.data, r.meta])).toEqual([
      [{ q: 1 }, { source: 'newsletter' }],
    ])
    expect((await storedFields(ctx, endpoint.appId)).map((f) => f.name)).toEqual(['q'])
  })

  test('auto-create off and required fields apply to forms too', async () => {
    const { call, ctx, endpoint } = await setup({
      autoCreate: false,
      fields: [{ name: 'email', type: 'email', required: true }],
    })
    const unknown = await call(
      'ingest.form',
      { params: { token: endpoint.token } },
      { raw: 'email=a@b.co&x=1', headers: URLENCODED },
    )
    expect(unknown.status).toBe(422)
    expect(unknown.body.error).toEqual({
      type: 'unknown_field',
      message: '"x" is not a field of this form and auto-create is off; remove it or ask the owner to add the field',
      details: { fields: ['x'] },
    })
    const missing = await call(
      'ingest.form',
      { params: { token: endpoint.token } },
      { raw: 'email=', headers: URLENCODED },
    )
    expect(missing.status).toBe(422)
    expect(missing.body.error).toEqual({
      type: 'invalid_value',
      message: 'email: is required',
      details: { problems: [{ path: 'email', message: 'is required' }] },
    })
    expect(await storedRecords(ctx, endpoint.appId)).toEqual([])
  })
})

describe('POST /:token/form by the browser itself (a navigation): pages, not JSON', () => {
  const NAVIGATE = {
    ...URLENCODED,
    'sec-fetch-mode': 'navigate',
    accept: 'text/html,application/xhtml+xml',
    referer: 'https://shop.example/contact',
  }
  const thanksOf = (location: string | null) => new URL(location!, 'http://localhost')
  /** The way back a thank-you page reached from shop.example's form offers (way-back.js makes it a button going back in history); another response is offered by default. */
  const WAY_BACK_THANKS =
    '<div class="way-back" data-way-back="Submit another response"><p>To send another response, go back to the form with your browser&#39;s Back button.</p><p><a href="https://shop.example/contact">Go to shop.example</a></p></div>'
  /** The cookie a post's 303 sets for its thank-you page, as the browser sends it back. */
  const cookieOf = (res: { headers: Headers }) => ({ cookie: res.headers.get('set-cookie')!.split(';')[0] })

  test('a stored post goes to the hosted thank-you page, which thanks and leads back to the form', async () => {
    const { request, call, ctx, endpoint } = await setup({ name: 'Contact us' })
    const res = await call(
      'ingest.form',
      { params: { token: endpoint.token } },
      { raw: 'message=Hello', headers: NAVIGATE },
    )
    expect(res.status).toBe(303)
    const thanks = thanksOf(res.headers.get('location'))
    expect(thanks.pathname).toBe(`/f/${endpoint.token}/thanks`)
    expect([...thanks.searchParams.keys()]).toEqual(['back', 'sig'])
    expect(thanks.searchParams.get('back')).toBe('https://shop.example/contact')
    expect((await storedRecords(ctx, endpoint.appId)).map((r) => r.data)).toEqual([{ message: 'Hello' }])
    expect(res.headers.get('set-cookie')).toMatch(
      new RegExp(`^svc_thanks=[\\w-]{22}; HttpOnly; SameSite=Lax; Path=/f/${endpoint.token}/thanks; Max-Age=600$`),
    )
    const page = await request('GET', `${thanks.pathname}${thanks.search}`, { headers: cookieOf(res) })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.text).toContain(
      `<h1>Thank you</h1><p class="pre-line">Your answers to “Contact us” were saved.</p>${WAY_BACK_THANKS}`,
    )
    expect(page.text).toContain('<script src="/f/assets/way-back.js" defer></script>')
  })

  test("the owner's thank-you text (escaped, paragraphs kept) or thank-you URL; an allowed _redirect still wins", async () => {
    const withText = await setup({
      thankYouMessage: 'Thanks <b>a lot</b>!\n\nWe answer within a day.',
      submitAnother: false,
    })
    // A page that sends no Referer (a file:// page): still signed, as a site's form to go back to
    // (without another response offered, back to it is all the page offers).
    const res = await withText.call(
      'ingest.form',
      { params: { token: withText.endpoint.token } },
      { raw: 'a=1', headers: { ...NAVIGATE, referer: '' } },
    )
    const thanks = thanksOf(res.headers.get('location'))
    expect([...thanks.searchParams.keys()]).toEqual(['sig'])
    const page = await withText.request('GET', `${thanks.pathname}${thanks.search}`, { headers: cookieOf(res) })
    expect(page.text).toContain(
      '<h1>Thank you</h1><p class="pre-line">Thanks &lt;b&gt;a lot&lt;/b&gt;!</p><p class="pre-line">We answer within a day.</p><div class="way-back" data-way-back="Back to the form"><p>Your browser&#39;s Back button takes you back to the form.</p></div>\n</main>',
    )
    const withUrl = await setup({
      thankYouUrl: 'https://shop.example/thanks',
      redirectOrigins: ['https://other.example'],
    })
    expect(
      (
        await withUrl.call(
          'ingest.form',
          { params: { token: withUrl.endpoint.token } },
          { raw: 'a=1', headers: NAVIGATE },
        )
      ).headers.get('location'),
    ).toBe('https://shop.example/thanks')
    const redirected = await withUrl.call(
      'ingest.form',
      { params: { token: withUrl.endpoint.token } },
      { raw: `a=2&_redirect=${encodeURIComponent('https://other.example/done')}`, headers: NAVIGATE },
    )
    expect([redirected.status, redirected.headers.get('location')]).toEqual([303, 'https://other.example/done'])
    // Scripts keep the JSON answer: the owner's URL is for browsers.
    expect(
      (
        await withUrl.call(
          'ingest.form',
          { params: { token: withUrl.endpoint.token } },
          { raw: 'a=3', headers: URLENCODED },
        )
      ).body as unknown,
    ).toEqual({
      code: 200,
      data: { id: ID },
    })
  })

  test('a refused _redirect is never shown to the respondent: the thank-you page says so in its own words, the record tells the owner', async () => {
    const { request, call, endpoint } = await setup()
    // A cross-site form that posts itself, with a lure as its _redirect (issue 41, row 8).
    const lure = 'https://svc-support.example/Your-session-expired.-Call-+1-555-0100'
    const res = await call(
      'ingest.form',
      { params: { token: endpoint.token } },
      { raw: `a=1&_redirect=${encodeURIComponent(lure)}`, headers: NAVIGATE },
    )
    const thanks = thanksOf(res.headers.get('location'))
    expect(thanks.searchParams.get('redirect')).toBe('refused')
    const page = await request('GET', `${thanks.pathname}${thanks.search}`, { headers: cookieOf(res) })
    expect(page.text).toContain(
      '<p class="note">This form asked to send you on to another address, one its owner has not allowed, so you are seeing this page instead.</p>',
    )
    expect(page.text).not.toContain('svc-support')
    const records = await call('records.list', { params: { id: endpoint.appId } }, { token: endpoint.ownerToken })
    expect(records.body.records.map((record: { data: unknown; meta: unknown }) => [record.data, record.meta])).toEqual([
      [{ a: 1 }, { redirectRefused: lure }],
    ])
    // A script posting the same gets the JSON answer, which names the address to the poster itself.
    const scripted = await call(
      'ingest.form',
      { params: { token: endpoint.token } },
      { raw: `a=2&_redirect=${encodeURIComponent(lure)}`, headers: URLENCODED },
    )
    expect((scripted.body as unknown as { details: unknown }).details).toEqual({
      redirect: `_redirect ${lure} was not followed: its origin is not one of the endpoint's allowed redirect origins (share settings: redirectOrigins)`,
    })
  })

  test("the thank-you page shows nothing from a URL the server did not sign for this browser: forged, altered, passed on or another form's ?back= and ?redirect= are left out", async () => {
    const { request, call, endpoint } = await setup({ name: 'Contact us' })
    const other = await setup({ name: 'Other' })
    // The hosted form's page: its own way to another response, nothing from the URL.
    const PLAIN = `<h1>Thank you</h1><p class="pre-line">Your answers to “Contact us” were saved.</p><p><a href="/f/${endpoint.token}">Submit another response</a></p>\n</main>`
    const posted = await call(
      'ingest.form',
      { params: { token: endpoint.token } },
      { raw: `a=1&_redirect=${encodeURIComponent('https://evil.example/x')}`, headers: NAVIGATE },
    )
    const signed = thanksOf(posted.headers.get('location'))
    const sig = signed.searchParams.get('sig')!
    const cookie = cookieOf(posted)
    const lure = 'Please re-enter your password at https://evil.example/login'
    const forged = [
      `?back=${encodeURIComponent('https://evil.example/login')}`,
      `?redirect=${encodeURIComponent(lure)}`,
      `?back=${encodeURIComponent('https://evil.example/login')}&redirect=${encodeURIComponent(lure)}&sig=${'0'.repeat(64)}`,
      // The server's own signature, on other values.
      `?back=${encodeURIComponent('https://evil.example/login')}&redirect=${encodeURIComponent('https://evil.example/x')}&sig=${sig}`,
      `?back=${encodeURIComponent('https://shop.example/contact')}&redirect=${encodeURIComponent(lure)}&sig=${sig}`,
      `?back=${encodeURIComponent('https://shop.example/contact')}&sig=${sig}`,
      `?back=${encodeURIComponent('https://shop.example/contact')}&redirect=${encodeURIComponent('https://evil.example/x')}&sig=${sig.toUpperCase()}`,
    ]
    for (const search of forged) {
      const page = await request('GET', `/f/${endpoint.token}/thanks${search}`, { headers: cookie })
      expect([
        search,
        page.status,
        page.text.includes(PLAIN),
        page.text.includes('evil.example'),
        page.text.includes('shop.example'),
      ]).toEqual([search, 200, true, false, false])
    }
    // A link signed for one form is not shown on another's page.
    const elsewhere = await other.request('GET', `/f/${other.endpoint.token}/thanks${signed.search}`, {
      headers: cookie,
    })
    expect([
      elsewhere.status,
      elsewhere.text.includes('evil.example'),
      elsewhere.text.includes('shop.example'),
    ]).toEqual([200, false, false])
    // The link passed on to someone else (no cookie, or the cookie of another post) shows the plain page:
    // anyone can post with a _redirect of their own and get a signed link, but not for other people's browsers.
    const later = await call('ingest.form', { params: { token: endpoint.token } }, { raw: 'a=2', headers: NAVIGATE })
    for (const headers of [{}, cookieOf(later)]) {
      const passedOn = await request('GET', `${signed.pathname}${signed.search}`, { headers })
      expect([passedOn.status, passedOn.text.includes(PLAIN), passedOn.text.includes('evil.example')]).toEqual([
        200,
        true,
        false,
      ])
    }
    // The link the server wrote still works in the browser that posted.
    const page = await request('GET', `${signed.pathname}${signed.search}`, { headers: cookie })
    expect(page.text).toContain(
      `<h1>Thank you</h1><p class="pre-line">Your answers to “Contact us” were saved.</p><p class="note">This form asked to send you on to another address, one its owner has not allowed, so you are seeing this page instead.</p>${WAY_BACK_THANKS}`,
    )
  })

  test('a refused post is a page that lists every problem in words and leads back; nothing is stored', async () => {
    const { call, ctx, endpoint } = await setup({
      name: 'Contact us',
      autoCreate: false,
      fields: [
        { name: 'email', type: 'email', required: true, label: 'Your e-mail' },
        { name: 'age', type: 'number' },
      ],
    })
    const res = await call('ingest.form', { params: { token: endpoint.token } }, { raw: 'age=old', headers: NAVIGATE })
    expect(res.status).toBe(422)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(res.text).toContain('<title>Not sent: Contact us</title>')
    expect(res.text).toContain(
      '<h1>Your answers were not sent</h1><p>Your answers were not saved. Check these answers and send the form again:</p><ul>',
    )
    // Named by its label, in a respondent's words (not the API's "is required").
    expect(res.text).toContain(
      '<ul><li><strong>Your e-mail</strong>: Enter an e-mail address</li><li><strong>age</strong>: Enter a number, like 7 or 7.5</li></ul>',
    )
    // The way back keeps the typed answers: history, which way-back.js goes back in; the site's link without JavaScript.
    expect(res.text).toContain(
      '</ul><div class="way-back" data-way-back="Back to the form"><p>Your answers are still in the form: go back to it with your browser&#39;s Back button.</p><p><a href="https://shop.example/contact">Go to shop.example</a></p></div>\n</main>',
    )
    expect(res.text).toContain('<script src="/f/assets/way-back.js" defer></script>')
    expect(await storedRecords(ctx, endpoint.appId)).toEqual([])
    const unknown = await call(
      'ingest.form',
      { params: { token: 'abcdefghijklmnopqrstuvwxyz012345' } },
      { raw: 'a=1', headers: NAVIGATE },
    )
    expect(unknown.status).toBe(404)
    expect(unknown.text).toContain('<h1>Your answers were not sent</h1><p>')
  })

  test('the way back is a script of this server (the pages allow no other), and only a signed thank-you page loads it', async () => {
    const { request, call, endpoint } = await setup()
    const script = await request('GET', '/f/assets/way-back.js')
    expect([script.status, script.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8'])
    expect(script.text).toContain('history.back()')
    // The hosted fill-in page's own thank-you page (no signature) has no site page to go back to.
    const plain = await request('GET', `/f/${endpoint.token}/thanks`)
    expect([plain.text.includes('data-way-back'), plain.text.includes('way-back.js')]).toEqual([false, false])
    const posted = await call('ingest.form', { params: { token: endpoint.token } }, { raw: 'a=1', headers: NAVIGATE })
    const page = await request('GET', posted.headers.get('location')!, { headers: cookieOf(posted) })
    expect(page.text).toContain('<script src="/f/assets/way-back.js" defer></script>')
  })

  test.each([
    ['Sec-Fetch-Mode navigate', { 'sec-fetch-mode': 'navigate' }, 303],
    ['no Sec-Fetch-Mode, Accept text/html (an older browser)', { accept: 'text/html,*/*;q=0.8' }, 303],
    [
      'fetch() from a page (Sec-Fetch-Mode cors), even asking for HTML',
      { 'sec-fetch-mode': 'cors', accept: 'text/html' },
      200,
    ],
    ['curl (Accept */*)', { accept: '*/*' }, 200],
  ])('%s → %i', async (_, headers, status) => {
    const { call, endpoint } = await setup()
    expect(
      (
        await call(
          'ingest.form',
          { params: { token: endpoint.token } },
          { raw: 'a=1', headers: { ...URLENCODED, ...headers } },
        )
      ).status,
    ).toBe(status)
  })
})
