import { describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { testApp } from '../support/http.ts'
import type { JsonDocument } from '../support/contract.ts'

describe('system routes and the error model', () => {
  test('GET /api/v3/health', async () => {
    const { call } = testApp()
    const res = await call('health.get')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 200, data: { status: 'ok', version: expect.any(String) } })
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/)
  })

  test('an unknown route is a JSON 404', async () => {
    const { request } = testApp()
    const res = await request('GET', '/api/v3/nope')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(res.body).toEqual({
      code: 404,
      error: {
        type: 'not_found',
        message: 'No route for GET /api/v3/nope; the API is described at /api/v3/openapi.json',
      },
    })
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  test('the OpenAPI document is served as JSON without a UI', async () => {
    const { request, call } = testApp()
    const res = await call('openapi.get')
    expect(res.status).toBe(200)
    // The document is free-form JSON to this test, read by path.
    const doc: JsonDocument = res.body
    expect(doc.openapi).toStartWith('3.1')
    expect(doc.info.title).toBe('svc')
    const paths = Object.keys(doc.paths)
    for (const path of [
      '/api/v3/health',
      '/api/v3/auth/signup',
      '/api/v3/apps',
      '/api/v3/share/{token}/query',
      '/api/v3/apps/{id}/export.csv',
      '/api/v3/smart/plans',
    ]) {
      expect(paths).toContain(path)
    }
    expect((await request('GET', '/api/v3/openapi')).status).toBe(404)
  })

  test('an unexpected exception is a 500 with a request id and no stack trace', async () => {
    const t = testApp()
    t.app.use(
      new Elysia().get('/boom', () => {
        throw new Error('secret internals')
      }),
    )
    const res = await t.request('GET', '/boom')
    expect(res.status).toBe(500)
    const requestId = res.headers.get('x-request-id')
    expect(res.body).toEqual({
      code: 500,
      error: {
        type: 'internal',
        message: `Something went wrong on the server; quote request id ${requestId} when reporting it`,
        details: { requestId },
      },
    })
    expect(res.text).not.toContain('secret internals')
    expect(t.logs.some((line) => line.includes(requestId!) && line.includes('secret internals'))).toBe(true)
  })
})
