/**
 * @module Drives the real Elysia app in-process with `app.handle(request)`.
 */
import type { Config } from '../../server/config.ts'
import { buildApp, type SvcApp } from '../../server/http/app.ts'
import { notePeerAddress } from '../../server/http/client-address.ts'
import { testContext, type TestContext } from './context.ts'
import { testAppOptions } from './admin-build.ts'
import { assertContract, assertResponse } from './contract.ts'
import { target, type BodyOf, type CallArgs } from './call.ts'
import type { Described } from '../../server/contract/api/request.ts'

export interface TestResponse<T = unknown> {
  status: number
  headers: Headers
  /** Parsed JSON when the response is JSON, else the text. */
  body: T
  text: string
}

export interface RequestOptions {
  body?: unknown
  /** Raw body sent as is (string or form data); `body` is JSON-encoded instead. */
  raw?: BodyInit
  token?: string
  cookie?: string
  headers?: Record<string, string>
  /** The socket peer address the request comes from (as Bun.serve notes it); none by default. */
  from?: string
}

export interface TestApp extends TestContext {
  app: SvcApp
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>
  /** Calls operation `name` of the route table (test/support/call.ts): its path from the table, its body and answer typed. */
  call<N extends Described>(
    name: N,
    ...args: CallArgs<N, Omit<RequestOptions, 'body'>>
  ): Promise<TestResponse<BodyOf<N>>>
}

export const BASE = 'http://localhost:8787'

/** A test context with the app built over it and a request helper. */
export function testApp(config: Partial<Config> = {}): TestApp {
  const context = testContext(config)
  const app = buildApp(context.ctx, testAppOptions())
  // Every answer a test gets, through request() or app.handle(), is checked against the OpenAPI document.
  const handle = app.handle.bind(app)
  app.handle = async (request: Request) => {
    const response = await handle(request)
    await assertResponse(request.method, request.url, response)
    return response
  }
  const testApp: TestApp = {
    ...context,
    app,
    call: (name, ...[input, options = {}]) => {
      const { method, path, body } = target(name, input)
      return testApp.request(method, path, { ...options, body })
    },
    async request(method, path, options = {}) {
      const headers = new Headers(options.headers)
      if (options.token) headers.set('authorization', `Bearer ${options.token}`)
      if (options.cookie) headers.set('cookie', options.cookie)
      let body: BodyInit | undefined = options.raw
      if (options.body !== undefined) {
        body = JSON.stringify(options.body)
        if (!headers.has('content-type')) headers.set('content-type', 'application/json')
      }
      const request = new Request(`${BASE}${path}`, { method, headers, body })
      if (options.from) notePeerAddress(request, options.from)
      const response = await handle(request)
      const text = await response.text()
      const type = response.headers.get('content-type') ?? ''
      assertContract({ method, url: request.url, status: response.status, contentType: type, text })
      return {
        status: response.status,
        headers: response.headers,
        text,
        body: type.includes('json') && text ? JSON.parse(text) : text,
      }
    },
  }
  return testApp
}

/** The 422 body svc answers for `problems` (message: every problem, `path: message`, joined by "; "). */
export const validationBody = (...problems: Array<{ path: string; message: string }>) => ({
  code: 422,
  error: {
    type: 'validation',
    message: problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; '),
    details: { problems },
  },
})
