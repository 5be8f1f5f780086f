import { describe, expect, test } from 'bun:test'
import type { Theme } from '../../server/contract/api/connect.ts'
import { invalid } from '../support/call.ts'
import { assessmentApp, publishApp } from './assessment-fixture.ts'

type ConnectOperation = 'connect.get' | 'connect.update' | 'connect.reset' | 'connect.preview' | 'connect.previewPage'

const DEFAULTS: Theme = {
  primaryColor: '#2563eb',
  backgroundColor: '#ffffff',
  textColor: '#1f2937',
  fontFamily: 'system',
  logoUrl: null,
  layout: 'all',
  buttonText: 'Submit',
  customCss: '',
}

describe('connect theme', () => {
  test('get defaults, set some properties, reset', async () => {
    const f = await assessmentApp()
    expect((await f.call('connect.get', { params: { id: f.appId } }, { token: f.owner.token })).body).toEqual({
      code: 200,
      data: DEFAULTS,
    })
    const changed: Theme = {
      primaryColor: 'rebeccapurple',
      backgroundColor: 'rgb(250, 250, 245)',
      textColor: '#222',
      fontFamily: 'serif',
      logoUrl: 'https://example.com/logo.svg',
      layout: 'one-per-screen',
      buttonText: 'Send my answers',
      customCss: 'h1 { letter-spacing: .02em } .choice { background: url(/static/dot.png) }',
    }
    const set = await f.call('connect.update', { params: { id: f.appId }, body: changed }, { token: f.owner.token })
    expect(set.body).toEqual({ code: 200, data: changed })
    const partial = await f.call(
      'connect.update',
      { params: { id: f.appId }, body: { buttonText: 'Go' } },
      { token: f.owner.token },
    )
    expect(partial.body.data).toEqual({ ...changed, buttonText: 'Go' })
    expect((await f.call('connect.get', { params: { id: f.appId } }, { token: f.owner.token })).body.data).toEqual({
      ...changed,
      buttonText: 'Go',
    })
    expect((await f.call('connect.reset', { params: { id: f.appId } }, { token: f.owner.token })).body).toEqual({
      code: 200,
      data: DEFAULTS,
    })
    expect((await f.call('connect.get', { params: { id: f.appId } }, { token: f.owner.token })).body.data).toEqual(
      DEFAULTS,
    )
  })

  test('every bad property is listed', async () => {
    const f = await assessmentApp()
    const res = await f.call(
      'connect.update',
      {
        params: { id: f.appId },
        body: invalid({
          primaryColor: 'red; } body { display:none',
          backgroundColor: 'url(x)',
          fontFamily: 'Comic Sans',
          logoUrl: 'javascript:alert(1)',
          layout: 'grid',
          buttonText: '',
        }),
      },
      { token: f.owner.token },
    )
    expect(res.status).toBe(422)
    expect(res.body.error!.details!.problems).toEqual([
      { path: 'primaryColor', message: 'must be a CSS colour: #rgb, #rrggbb, rgb(…), hsl(…) or a colour name' },
      { path: 'backgroundColor', message: 'must be a CSS colour: #rgb, #rrggbb, rgb(…), hsl(…) or a colour name' },
      {
        path: 'fontFamily',
        message: 'must be one of system, humanist, geometric, rounded, serif, old-style, monospace',
      },
      {
        path: 'logoUrl',
        message:
          'must be an absolute https:// URL without user name or password (the pages load images over HTTPS only)',
      },
      { path: 'layout', message: 'must be "all" or "one-per-screen"' },
      { path: 'buttonText', message: 'cannot be empty' },
    ])
  })

  test.each([
    ['@import "https://evil.example/x.css";', ['cannot use @import']],
    ['@im\\port url(x.css);', ['cannot use @import']],
    [
      'body { background: url(https://tracker.example/p.gif) }',
      [
        'url("https://tracker.example/p.gif") is refused: a URL in custom CSS must be a relative path on this server or a data:image URL',
      ],
    ],
    [
      'body { background: url("//host/a)b") }',
      ['url("//host/a)b") is refused: a URL in custom CSS must be a relative path on this server or a data:image URL'],
    ],
    [
      'body { background: u\\rl(//evil) }',
      ['url("//evil") is refused: a URL in custom CSS must be a relative path on this server or a data:image URL'],
    ],
    ['p { width: expression(alert(1)) }', ['cannot use expression()']],
    ['</style><script>alert(1)</script>', ['cannot contain "<" (it could close the style element)']],
    ['a { behavior: url(x.htc) }', ['cannot use -moz-binding or behavior']],
    [
      'p { background-image: image-set("https://x.example/a.png" 1x) }',
      [
        'image-set("https://x.example/a.png") is refused: a URL in custom CSS must be a relative path on this server or a data:image URL',
      ],
    ],
    [
      'p { background: src("//x.example/a.png"), url(/ok.png), url(//y.example/b.png) }',
      [
        'src("//x.example/a.png") is refused: a URL in custom CSS must be a relative path on this server or a data:image URL',
        'url("//y.example/b.png") is refused: a URL in custom CSS must be a relative path on this server or a data:image URL',
      ],
    ],
  ])('custom CSS %p is refused', async (customCss, messages) => {
    const f = await assessmentApp()
    const res = await f.call(
      'connect.update',
      { params: { id: f.appId }, body: { customCss } },
      { token: f.owner.token },
    )
    expect(res.status).toBe(422)
    expect(res.body.error!.details!.problems).toEqual(messages.map((message) => ({ path: 'customCss', message })))
    expect(
      (await f.call('connect.get', { params: { id: f.appId } }, { token: f.owner.token })).body.data.customCss,
    ).toBe('')
  })

  test('data: images are allowed in custom CSS', async () => {
    const f = await assessmentApp()
    const customCss = 'body { background: url("data:image/png;base64,iVBORw0KGgo=") }'
    const res = await f.call(
      'connect.update',
      { params: { id: f.appId }, body: { customCss } },
      { token: f.owner.token },
    )
    expect(res.body.data.customCss).toBe(customCss)
  })

  test('preview renders the fill-in page with unsaved changes and stores nothing', async () => {
    const f = await assessmentApp()
    const token = await publishApp(f)
    const res = await f.call(
      'connect.preview',
      { params: { id: f.appId }, body: { primaryColor: '#c00000', buttonText: 'Try it' } },
      { token: f.owner.token },
    )
    expect(res.status).toBe(200)
    expect(res.body.data.theme).toEqual({ ...DEFAULTS, primaryColor: '#c00000', buttonText: 'Try it' })
    const html: string = res.body.data.html
    expect(html).toContain(':root{--primary:#c00000;')
    expect(html).toContain('<button type="submit">Try it</button>')
    expect(html).toContain(`<form method="post" action="/f/${token}"`)
    expect((await f.call('connect.get', { params: { id: f.appId } }, { token: f.owner.token })).body.data).toEqual(
      DEFAULTS,
    )
    const empty = await f.call('connect.preview', { params: { id: f.appId } }, { token: f.owner.token })
    expect(empty.body.data.theme).toEqual(DEFAULTS)
  })

  test("the preview page (the admin's View form) is the fill-in page, unpublished too, framed only here and sandboxed", async () => {
    const f = await assessmentApp()
    await f.call(
      'connect.update',
      { params: { id: f.appId }, body: { buttonText: 'Send it' } },
      { token: f.owner.token },
    )
    const res = await f.call('connect.previewPage', { params: { id: f.appId } }, { token: f.owner.token })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; form-action 'none'; base-uri 'none'; frame-ancestors 'self'; sandbox",
    )
    expect(res.text).toContain('<title>Wellbeing check</title>')
    expect(res.text).toContain('<h1 id="title">Wellbeing check</h1>')
    expect(res.text).toContain('<label for="q0">Your first name</label>')
    expect(res.text).toContain('<legend>I felt calm<span class="req" aria-hidden="true">*</span>')
    expect(res.text).toContain('<button type="submit">Send it</button>')
    // Before publishing there is no endpoint: the form names none, and nothing could post anyway.
    expect(res.text).toContain('<form method="post" action="/f/preview"')
    expect(res.text).not.toContain('<script')

    // Published, it shows the form as the hosted page does; the field list follows edits.
    const token = await publishApp(f)
    await f.call('fields.remove', { params: { id: f.appId, field: f.fieldIds.name } }, { token: f.owner.token })
    const after = await f.call('connect.previewPage', { params: { id: f.appId } }, { token: f.owner.token })
    expect(after.text).toContain(`<form method="post" action="/f/${token}"`)
    expect(after.text).not.toContain('Your first name')
  })

  test.each([
    ['connect.get'],
    ['connect.update', { buttonText: 'x' }],
    ['connect.reset'],
    ['connect.preview', {}],
    ['connect.previewPage'],
  ] as Array<[ConnectOperation, unknown?]>)(
    '%s is a 404 for another account',
    async (...[name, body]: [ConnectOperation, unknown?]) => {
      // A rest parameter: bun:test takes a declared parameter past a row's length for a `done` callback and then waits for it.
      const f = await assessmentApp()
      const res = await f.call(name, invalid({ params: { id: f.appId }, body }), { token: f.stranger.token })
      expect(res.status).toBe(404)
      expect<unknown>(res.body).toEqual({ code: 404, error: { type: 'not_found', message: 'App not found' } })
    },
  )
})
