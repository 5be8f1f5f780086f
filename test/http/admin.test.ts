/**
 * The admin page's static route: redirects, the CSP on every file, caching, and JSON
 * errors for anything that is not a built file.
 */
import { describe, expect, test } from 'bun:test'
import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Elysia } from 'elysia'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { buildApp } from '../../server/http/app.ts'
import { testAppOptions } from '../support/admin-build.ts'
import { ADMIN_CSP, adminRoutes } from '../../server/http/admin.ts'
import { testApp } from '../support/http.ts'
import { testContext } from '../support/context.ts'
import { tempDir } from '../support/tmp.ts'

describe('GET /admin/', () => {
  const t = testApp()

  test('/ and /admin redirect to /admin/, which serves index.html under the CSP', async () => {
    const root = await t.request('GET', '/')
    expect([root.status, root.headers.get('location')]).toEqual([302, '/admin/'])
    const bare = await t.request('GET', '/admin')
    expect([bare.status, bare.headers.get('location')]).toEqual([301, '/admin/'])
    const index = await t.request('GET', '/admin/')
    expect(index.status).toBe(200)
    expect(
      Object.fromEntries(
        ['content-type', 'content-security-policy', 'x-frame-options', 'cache-control', 'x-content-type-options'].map(
          (h) => [h, index.headers.get(h)],
        ),
      ),
    ).toEqual({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': ADMIN_CSP,
      'x-frame-options': 'DENY',
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    })
    expect(index.text).toContain('<svc-admin></svc-admin>')
  })

  test('the CSP allows only own scripts and styles and forbids framing, plugins and <base>', () => {
    expect(ADMIN_CSP.split('; ')).toEqual([
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ])
  })

  test('built assets are served with their type, the CSP and a year of caching', async () => {
    const index = await t.request('GET', '/admin/')
    const script = /src="\.\/([\w.-]+\.js)"/.exec(index.text)![1]
    const style = /href="\.\/([\w.-]+\.css)"/.exec(index.text)![1]
    for (const [name, type] of [
      [script, 'text/javascript; charset=utf-8'],
      [style, 'text/css; charset=utf-8'],
    ]) {
      const response = await t.request('GET', `/admin/${name}`)
      expect([
        response.status,
        response.headers.get('content-type'),
        response.headers.get('cache-control'),
        response.headers.get('content-security-policy'),
      ]).toEqual([200, type, 'public, max-age=31536000, immutable', ADMIN_CSP])
    }
  })

  test('text files go out as the Brotli or gzip copy the build made, as the browser accepts; the same bytes once decoded', async () => {
    const index = await t.request('GET', '/admin/')
    const script = /src="\.\/([\w.-]+\.js)"/.exec(index.text)![1]
    const app = buildApp(t.ctx, testAppOptions())
    const get = async (path: string, acceptEncoding?: string) => {
      const response = await app.handle(
        new Request(`http://localhost:8787${path}`, {
          headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
        }),
      )
      return {
        encoding: response.headers.get('content-encoding'),
        vary: response.headers.get('vary'),
        type: response.headers.get('content-type'),
        body: Buffer.from(await response.arrayBuffer()),
      }
    }
    for (const path of ['/admin/', `/admin/${script}`]) {
      const plain = await get(path)
      expect([plain.encoding, plain.vary]).toEqual([null, 'accept-encoding'])
      const br = await get(path, 'gzip, deflate, br, zstd')
      expect([br.encoding, br.vary, br.type]).toEqual(['br', 'accept-encoding', plain.type])
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
      expect(br.body.length).toBeLessThan(plain.body.length / 2)
      const gzip = await get(path, 'gzip;q=1.0, br;q=0')
      expect(gzip.encoding).toBe('gzip')
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true)
      expect((await get(path, 'identity')).encoding).toBeNull()
    }
  })

  test.each([
    ['/admin/missing.js', 'No admin file named "missing.js"'],
    ['/admin/..%2Fbuild.ts', 'No admin file named "../build.ts"'],
    // URL parsing resolves the dots first: the request leaves /admin/ and matches nothing.
    ['/admin/%2E%2E/package.json', 'No route for GET /package.json; the API is described at /api/v3/openapi.json'],
    ['/admin/.hidden', 'No admin file named ".hidden"'],
    ['/admin/%E0%A4%A', 'No admin file named "%E0%A4%A"'],
  ])('%s is a JSON 404, never a file outside the build', async (path, message) => {
    const response = await t.request('GET', path)
    expect([response.status, response.body]).toEqual([404, { code: 404, error: { type: 'not_found', message } }])
  })
})

describe('admin route without a build', () => {
  test('a missing build is a 500 that says how to build, not an empty page', async () => {
    const empty = tempDir('svc-admin-empty-')
    const app = new Elysia().use(adminRoutes(testContext().ctx, { distDir: empty }))
    const response = await app.handle(new Request('http://localhost/admin/'))
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({
      code: 500,
      error: { type: 'internal', message: 'The admin page is not built; run `npm run build:admin`' },
    })
  })

  test('a given build folder is served as is', async () => {
    const dir = tempDir('svc-admin-dist-')
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>x</title>')
    const app = new Elysia().use(adminRoutes(testContext().ctx, { distDir: dir }))
    const response = await app.handle(new Request('http://localhost/admin/'))
    expect([response.status, await response.text()]).toEqual([200, '<!doctype html><title>x</title>'])
    expect(readdirSync(dir)).toEqual(['index.html'])
  })
})
