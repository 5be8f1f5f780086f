/**
 * Issue 32: a known path asked with a method it does not take is a 405 with `Allow` listing
 * exactly what the path takes, on every route; unknown paths stay 404. The table walks the
 * app's own route list, so a new route is checked without touching this file.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { makeEndpoint } from '../core/collect/fixtures.ts'
import { BASE, testApp, type TestApp, type TestResponse } from '../support/http.ts'
import type { ErrorEnvelope } from '../support/call.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

const SHARE = '/api/v3/share'
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
const DOC = 'the API is described at /api/v3/openapi.json'

/** `GET, HEAD or POST`, as the message words `Allow`. */
const alternatives = (allow: string) => allow.replace(/, (\w+)$/, ' or $1')
const refusal = (path: string, allow: string, method: string) => ({
  code: 405,
  error: { type: 'method_not_allowed', message: `${path} takes ${alternatives(allow)}, not ${method}; ${DOC}` },
})

/** What the share URLs' 405 says to do instead (test/http/share-edges-routes.test.ts checks each). */
const shareHints: Record<string, (url: string) => string> = {
  '': (url) => `POST records to ${url}; GET ${url}?help describes it and GET ${url}/query reads records back`,
  '/query': (url) =>
    `${url}/query only reads: use GET (GET ${url}/query?help describes it); records are sent with POST ${url}`,
  '/summary': (url) =>
    `${url}/summary only reads: use GET (GET ${url}/summary?help describes it); records are sent with POST ${url}`,
  '/stream': (url) =>
    `${url}/stream only reads: use GET (GET ${url}/stream?help describes it); records are sent with POST ${url}`,
  '/form': (url) => `POST to ${url}/form; GET ${url}/form?help describes it`,
  '/batch': (url) => `POST to ${url}/batch; GET ${url}/batch?help describes it`,
}

/** Segment by segment, as the router reads a path: `:name` is one segment, `*` the rest; a trailing slash does not count. */
function routeMatches(route: string, path: string): boolean {
  const parts = (p: string) => p.replace(/(.)\/$/, '$1').split('/')
  const [want, have] = [parts(route), parts(path)]
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '*') return true
    if (i >= have.length || !(want[i].startsWith(':') ? have[i] !== '' : want[i] === have[i])) return false
  }
  return want.length === have.length
}

/** The `Allow` a path should get: every method of every route that matches it, HEAD beside GET; undefined if only OPTIONS matches. */
function expectedAllow(app: TestApp['app'], path: string): string | undefined {
  const methods = new Set(app.routes.filter((route) => routeMatches(route.path, path)).map((route) => route.method))
  if (![...methods].some((method) => method !== 'OPTIONS')) return undefined
  if (methods.has('GET')) methods.add('HEAD')
  return METHODS.filter((method) => methods.has(method)).join(', ')
}

let t: TestApp
let token: string
beforeAll(async () => {
  t = testApp({ rateLimit: null })
  token = (await makeEndpoint(t.ctx, { reads: 'records' })).token
})

/** A request path for a route: its parameters filled (a share route gets a published token), `*` an admin file. */
function concrete(path: string): string {
  return path
    .replace(/:(\w+)/g, (_, name: string) => (path.startsWith(`${SHARE}/`) && name === 'token' ? token : `${name}-1`))
    .replace('*', 'index.html')
}

/** One request path per registered path; the share preflight (`OPTIONS /api/v3/share/*`) is a route but no path of its own. */
const routePaths = () => [
  ...new Set(t.app.routes.filter((route) => route.method !== 'OPTIONS').map((route) => concrete(route.path))),
]

/**
 * A request to `path`; a live stream (which never ends by itself) is asked its help when
 * the method is one it takes, so the answer is read whole and still comes from its route.
 */
const requestOnce = (method: string, path: string, allowed: boolean) =>
  t.request<Partial<ErrorEnvelope>>(method, allowed && path.endsWith('/stream') ? `${path}?help` : path)

/** Answers that came from the router's not-found path (a 404 "No route" or the generic 405). */
const unrouted = (res: TestResponse<Partial<ErrorEnvelope>>): boolean => {
  const message: unknown = res.body?.error?.message
  return (
    typeof message === 'string' && (message.startsWith('No route for') || (res.status === 405 && message.endsWith(DOC)))
  )
}

describe('every registered path refuses the methods it does not take with 405 and Allow', () => {
  test('the table covers the route list', () => {
    const paths = routePaths()
    expect(paths.length).toBeGreaterThan(75)
    for (const required of [
      '/api/v3/health',
      '/api/v3/openapi.json',
      '/api/v3/apps',
      '/admin/index.html',
      '/f/token-1',
      `${SHARE}/${token}/query`,
    ])
      expect(paths).toContain(required)
  })

  test('each path: 405 with the exact Allow and body for every other method; every allowed method is routed', async () => {
    let refused = 0
    for (const path of routePaths()) {
      const allow = expectedAllow(t.app, path)!
      const share = path.startsWith(`${SHARE}/`)
      const allowed = allow.split(', ')
      for (const method of METHODS) {
        const res = await requestOnce(method, path, allowed.includes(method))
        if (allowed.includes(method)) {
          // The share URLs' own 405 for a GET without ?help lists the same Allow.
          expect({
            method,
            path,
            unrouted: unrouted(res),
            allow: res.status === 405 ? res.headers.get('allow') : allow,
          }).toEqual({ method, path, unrouted: false, allow })
          continue
        }
        refused++
        // A share path gets its hint; one the hints do not know yet (a new share route) the generic message.
        const hint = share ? shareHints[path.slice(`${SHARE}/${token}`.length)] : undefined
        const body = hint
          ? { code: 405, error: { type: 'method_not_allowed', message: hint(`${BASE}${SHARE}/${token}`) } }
          : refusal(path, allow, method)
        expect<unknown>({
          method,
          path,
          status: res.status,
          allow: res.headers.get('allow'),
          cors: res.headers.get('access-control-allow-origin'),
          body: res.body,
        }).toEqual({
          method,
          path,
          status: 405,
          allow,
          // CORS only where it always is: the share URLs.
          cors: share ? '*' : null,
          body,
        })
      }
    }
    expect(refused).toBeGreaterThan(300)
  })
})

describe('405 and 404, case by case', () => {
  const cases: Array<{
    name: string
    method: string
    path: string
    status: number
    allow: string | null
    body: unknown
  }> = [
    {
      name: 'DELETE /api/v3/health',
      method: 'DELETE',
      path: '/api/v3/health',
      status: 405,
      allow: 'GET, HEAD',
      body: refusal('/api/v3/health', 'GET, HEAD', 'DELETE'),
    },
    {
      name: 'PUT /api/v3/apps',
      method: 'PUT',
      path: '/api/v3/apps',
      status: 405,
      allow: 'GET, HEAD, POST',
      body: refusal('/api/v3/apps', 'GET, HEAD, POST', 'PUT'),
    },
    {
      name: 'PUT /api/v3/apps/ (trailing slash: the same path)',
      method: 'PUT',
      path: '/api/v3/apps/',
      status: 405,
      allow: 'GET, HEAD, POST',
      body: refusal('/api/v3/apps/', 'GET, HEAD, POST', 'PUT'),
    },
    {
      name: 'PUT /api/v3/apps/:id',
      method: 'PUT',
      path: '/api/v3/apps/a1',
      status: 405,
      allow: 'GET, HEAD, PATCH, DELETE',
      body: refusal('/api/v3/apps/a1', 'GET, HEAD, PATCH, DELETE', 'PUT'),
    },
    {
      name: 'POST /api/v3/apps/:id/fields/:field',
      method: 'POST',
      path: '/api/v3/apps/a1/fields/age',
      status: 405,
      allow: 'GET, HEAD, PATCH, DELETE',
      body: refusal('/api/v3/apps/a1/fields/age', 'GET, HEAD, PATCH, DELETE', 'POST'),
    },
    // `order` is both a route of its own (PUT) and a field name to /:field.
    {
      name: 'POST /api/v3/apps/:id/fields/order',
      method: 'POST',
      path: '/api/v3/apps/a1/fields/order',
      status: 405,
      allow: 'GET, HEAD, PUT, PATCH, DELETE',
      body: refusal('/api/v3/apps/a1/fields/order', 'GET, HEAD, PUT, PATCH, DELETE', 'POST'),
    },
    {
      name: 'GET /api/v3/auth/login (POST only: no HEAD either)',
      method: 'GET',
      path: '/api/v3/auth/login',
      status: 405,
      allow: 'POST',
      body: refusal('/api/v3/auth/login', 'POST', 'GET'),
    },
    // In process the body is there; a server sends none to HEAD (checked below through Bun.serve).
    {
      name: 'HEAD /api/v3/auth/login',
      method: 'HEAD',
      path: '/api/v3/auth/login',
      status: 405,
      allow: 'POST',
      body: refusal('/api/v3/auth/login', 'POST', 'HEAD'),
    },
    {
      name: 'OPTIONS on the control plane (no preflight there)',
      method: 'OPTIONS',
      path: '/api/v3/apps',
      status: 405,
      allow: 'GET, HEAD, POST',
      body: refusal('/api/v3/apps', 'GET, HEAD, POST', 'OPTIONS'),
    },
    {
      name: 'POST /api/v3/openapi.json',
      method: 'POST',
      path: '/api/v3/openapi.json',
      status: 405,
      allow: 'GET, HEAD',
      body: refusal('/api/v3/openapi.json', 'GET, HEAD', 'POST'),
    },
    {
      name: 'POST / (the redirect to the admin page)',
      method: 'POST',
      path: '/',
      status: 405,
      allow: 'GET, HEAD',
      body: refusal('/', 'GET, HEAD', 'POST'),
    },
    {
      name: 'POST /admin/',
      method: 'POST',
      path: '/admin/',
      status: 405,
      allow: 'GET, HEAD',
      body: refusal('/admin/', 'GET, HEAD', 'POST'),
    },
    {
      name: 'DELETE /admin/index.html',
      method: 'DELETE',
      path: '/admin/index.html',
      status: 405,
      allow: 'GET, HEAD',
      body: refusal('/admin/index.html', 'GET, HEAD', 'DELETE'),
    },
    // Every name under /admin/ is a GET of the static files (a missing one is their 404): the path is known.
    {
      name: 'PUT /admin/missing.js',
      method: 'PUT',
      path: '/admin/missing.js',
      status: 405,
      allow: 'GET, HEAD',
      body: refusal('/admin/missing.js', 'GET, HEAD', 'PUT'),
    },
    {
      name: 'DELETE /f/:token (hosted page)',
      method: 'DELETE',
      path: '/f/abc',
      status: 405,
      allow: 'GET, HEAD, POST',
      body: refusal('/f/abc', 'GET, HEAD, POST', 'DELETE'),
    },
    {
      name: 'POST /f/:token/thanks',
      method: 'POST',
      path: '/f/abc/thanks',
      status: 405,
      allow: 'GET, HEAD',
      body: refusal('/f/abc/thanks', 'GET, HEAD', 'POST'),
    },
    {
      name: 'an unknown path',
      method: 'GET',
      path: '/api/v3/nope',
      status: 404,
      allow: null,
      body: { code: 404, error: { type: 'not_found', message: `No route for GET /api/v3/nope; ${DOC}` } },
    },
    {
      name: 'an unknown path under a known one',
      method: 'DELETE',
      path: '/api/v3/apps/a1/nope',
      status: 404,
      allow: null,
      body: { code: 404, error: { type: 'not_found', message: `No route for DELETE /api/v3/apps/a1/nope; ${DOC}` } },
    },
    {
      name: 'an empty parameter is not a parameter',
      method: 'PUT',
      path: '/api/v3/apps//urls',
      status: 404,
      allow: null,
      body: { code: 404, error: { type: 'not_found', message: `No route for PUT /api/v3/apps//urls; ${DOC}` } },
    },
    // The share preflight answers OPTIONS on any path under /api/v3/share/, which alone makes no path known.
    {
      name: 'a path only the share preflight matches',
      method: 'GET',
      path: `${SHARE}/a/b/c`,
      status: 404,
      allow: null,
      body: { code: 404, error: { type: 'not_found', message: `No route for GET ${SHARE}/a/b/c; ${DOC}` } },
    },
  ]
  for (const c of cases) {
    test(c.name, async () => {
      const res = await t.request(c.method, c.path)
      expect({ status: res.status, allow: res.headers.get('allow'), body: res.body }).toEqual({
        status: c.status,
        allow: c.allow,
        body: c.body,
      })
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    })
  }

  test('HEAD is in Allow because a GET route answers it: 200, no body', async () => {
    const res = await t.request('HEAD', '/api/v3/health')
    expect({ status: res.status, text: res.text }).toEqual({ status: 200, text: '' })
  })

  test('a share URL with an unknown token is the 404 of every share route, whatever the method', async () => {
    const res = await t.request('POST', `${SHARE}/not-a-token/query`)
    expect({
      status: res.status,
      allow: res.headers.get('allow'),
      cors: res.headers.get('access-control-allow-origin'),
      body: res.body,
    }).toEqual({
      status: 404,
      allow: null,
      cors: '*',
      body: {
        code: 404,
        error: {
          type: 'not_found',
          message:
            'No published form has this address: the link may be mistyped, or the owner rotated its token or unpublished it',
        },
      },
    })
  })

  test('POST /query of a published endpoint: 405 with the share hint, Allow and CORS; the preflight still answers', async () => {
    const url = `${BASE}${SHARE}/${token}`
    const res = await t.request('POST', `${SHARE}/${token}/query/`, { body: { a: 1 } })
    expect({
      status: res.status,
      allow: res.headers.get('allow'),
      cors: res.headers.get('access-control-allow-origin'),
      body: res.body,
    }).toEqual({
      status: 405,
      allow: 'GET, HEAD, OPTIONS',
      cors: '*',
      body: { code: 405, error: { type: 'method_not_allowed', message: shareHints['/query'](url) } },
    })
    const preflight = await t.request('OPTIONS', `${SHARE}/${token}/query`)
    expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([204, '*'])
  })

  test('the OpenAPI document has only operations the routes take', async () => {
    const paths = (await t.call('openapi.get')).body.paths as Record<string, Record<string, unknown>>
    const registered = new Set(t.app.routes.map((route) => `${route.method} ${route.path.replace(/(.)\/$/, '$1')}`))
    const operations = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item).map(
        (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1')}`,
      ),
    )
    expect(operations.filter((operation) => !registered.has(operation))).toEqual([])
    // HEAD and OPTIONS are operations of their own only where tus makes them so; elsewhere HEAD is GET's and OPTIONS the preflight.
    expect(operations.filter((operation) => /^(HEAD|OPTIONS) /.test(operation))).toEqual([
      'OPTIONS /api/v3/share/:token/uploads',
      'HEAD /api/v3/share/:token/uploads/:upload',
    ])
  })
})

describe('through the real server (Bun.serve, with its fast ingest route)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  test('DELETE /api/v3/health is a 405, HEAD /api/v3/health a 200', async () => {
    const refused = await fetch(`${server.url}/api/v3/health`, { method: 'DELETE' })
    expect({ status: refused.status, allow: refused.headers.get('allow'), body: await refused.json() }).toEqual({
      status: 405,
      allow: 'GET, HEAD',
      body: refusal('/api/v3/health', 'GET, HEAD', 'DELETE'),
    })
    const head = await fetch(`${server.url}/api/v3/health`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    const headRefused = await fetch(`${server.url}/api/v3/auth/login`, { method: 'HEAD' })
    expect({
      status: headRefused.status,
      allow: headRefused.headers.get('allow'),
      text: await headRefused.text(),
    }).toEqual({ status: 405, allow: 'POST', text: '' })
  })

  test('the fast ingest path leaves the other methods of /api/v3/share/:token to the app', async () => {
    const endpoint = await makeEndpoint(server.ctx)
    const url = `${server.url}${endpoint.path}`
    const refused = await fetch(url, { method: 'PATCH' })
    expect({ status: refused.status, allow: refused.headers.get('allow'), body: await refused.json() }).toEqual({
      status: 405,
      allow: 'GET, HEAD, POST, OPTIONS',
      body: {
        code: 405,
        error: { type: 'method_not_allowed', message: shareHints[''](`${server.ctx.config.baseUrl}${endpoint.path}`) },
      },
    })
    const head = await fetch(`${url}?help`, { method: 'HEAD' })
    expect(head.status).toBe(200)
  })
})
