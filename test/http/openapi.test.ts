/**
 * The OpenAPI document (server/contract/api): served as built from the route table, the
 * table and the routes the app mounts are the same, every owner route refuses a request
 * without credentials, and two tools nobody here wrote read it as it should be read —
 * Redocly's linter (recommended rules) finds no error, and the types openapi-typescript
 * generates from it compile and give the ingest, query, summary, apps and fields answers
 * their right shapes. Both tools are dev dependencies, run from node_modules, offline.
 */
import { describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { OPERATIONS } from '../../server/contract/api/operations.ts'
import { openapiDocument, openapiPath } from '../../server/contract/api/openapi.ts'
import { ROUTES, routeOf, type RouteName } from '../../server/contract/api/routes.ts'
import { VERSION } from '../../server/contract/version.ts'
import { SHARE_PREFIX } from '../../server/http/share/cors.ts'
import { BASE, testApp } from '../support/http.ts'
import type { ErrorEnvelope } from '../support/call.ts'
import { ROOT } from '../support/server.ts'
import { tempDir } from '../support/tmp.ts'
import type { JsonDocument } from '../support/contract.ts'

const NAMES = Object.keys(ROUTES) as RouteName[]

/** Runs a dev dependency's CLI with Bun, offline, within 60 s; resolves with its exit code and output. */
async function runTool(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const proc = Bun.spawn([process.execPath, ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: tempDir('svc-tool-home-'),
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      NO_COLOR: '1',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const timer = setTimeout(() => proc.kill(), 60_000)
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  clearTimeout(timer)
  return { code, stdout, stderr }
}

/** The document written to a fresh temp file. */
function documentFile(): string {
  const file = join(tempDir('svc-openapi-'), 'openapi.json')
  writeFileSync(
    file,
    JSON.stringify(openapiDocument({ serverUrl: 'https://svc.example.org', version: VERSION }), null, 2),
  )
  return file
}

describe('the route table', () => {
  test('the app mounts exactly the routes of the table (the CORS preflight aside)', () => {
    const { app } = testApp()
    const mounted = app.routes
      .filter((route) => !(route.method === 'OPTIONS' && route.path === `${SHARE_PREFIX}/*`))
      .map((route) => `${route.method} ${route.path}`)
    expect(mounted.sort()).toEqual(Object.values(ROUTES).sort())
  })

  test('every route has its operation, and no operation is left over', () => {
    expect(NAMES.filter((name) => !(name in OPERATIONS))).toEqual([])
    expect(Object.keys(OPERATIONS).filter((name) => !(name in ROUTES))).toEqual([])
  })

  test('no path ends in a slash, and /api/v3/apps is one of them', () => {
    // The path, not the route line: `GET /` is a path of one slash.
    expect(Object.values(ROUTES).filter((route) => /.\/$/.test(route.slice(route.indexOf(' ') + 1)))).toEqual([])
    expect(Object.values(ROUTES)).toContain('GET /api/v3/apps')
  })

  test('every owner route answers a request without credentials with 401 unauthorized', async () => {
    const t = testApp()
    const refused: string[] = []
    for (const name of NAMES) {
      if (OPERATIONS[name].access !== 'owner') continue
      const { method, path } = routeOf(name)
      const response = await t.request<Partial<ErrorEnvelope>>(
        method,
        path.replace(/:\w+/g, 'x'),
        method === 'GET' || method === 'DELETE' ? {} : { body: {} },
      )
      if (response.status !== 401 || response.body.error?.type !== 'unauthorized')
        refused.push(`${name}: ${response.status}`)
    }
    expect(refused).toEqual([])
  })
})

describe('the document', () => {
  test('is served at /api/v3/openapi.json as built from the table, with this server as its server', async () => {
    const t = testApp()
    const served = await t.request<Record<string, unknown>>('GET', '/api/v3/openapi.json')
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(served.body).toEqual(openapiDocument({ serverUrl: t.ctx.config.baseUrl, version: VERSION }))
    expect(served.body.servers).toEqual([{ url: t.ctx.config.baseUrl }])
    expect(t.ctx.config.baseUrl).toBe(BASE)
  })

  test('describes every operation of the table, public ones with security: []', () => {
    const doc = openapiDocument({ serverUrl: BASE, version: VERSION }) as JsonDocument
    const listed = Object.entries(doc.paths as Record<string, Record<string, JsonDocument>>).flatMap(
      ([path, operations]) =>
        Object.entries(operations).map(([method, op]) => `${op.operationId} ${method.toUpperCase()} ${path}`),
    )
    const expected = NAMES.filter((name) => name !== 'pages.adminAsset').map(
      (name) => `${name} ${routeOf(name).method} ${openapiPath(routeOf(name).path)}`,
    )
    expect(listed.sort()).toEqual(expected.sort())
    expect(doc.paths['/api/v3/health'].get.security).toEqual([])
    expect(doc.paths['/api/v3/apps'].get.security).toEqual([{ accessToken: [] }, { session: [] }])
  })

  test('Redocly lint (recommended rules) finds no error', async () => {
    const lint = await runTool(['node_modules/@redocly/cli/bin/cli.js', 'lint', documentFile(), '--format=json'])
    const report = JSON.parse(lint.stdout) as {
      totals: { errors: number }
      problems: Array<{ severity: string; ruleId: string; message: string; location: Array<{ pointer: string }> }>
    }
    const errors = report.problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`)
    expect(errors).toEqual([])
    expect(report.totals.errors).toBe(0)
    expect(lint.code).toBe(0)
  }, 90_000)

  test('openapi-typescript generates types that compile and give the answers their shapes', async () => {
    const dir = tempDir('svc-openapi-ts-')
    const generated = await runTool([
      'node_modules/openapi-typescript/bin/cli.js',
      documentFile(),
      '-o',
      join(dir, 'api.ts'),
    ])
    expect(generated.code).toBe(0)
    writeFileSync(
      join(dir, 'use.ts'),
      `import type { paths, components } from './api.ts'
type Json<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends { responses: infer R } ? (R extends Record<S, { content: { 'application/json': infer B } }> ? B : never) : never
type Schema<K extends keyof components['schemas']> = components['schemas'][K]

export const ingest: Json<'/api/v3/share/{token}', 'post', 200> = { code: 200, data: { id: '0192' } }
export const page: Json<'/api/v3/share/{token}/query', 'get', 200> = { code: 200, records: [], page: 1, size: 50, total: 0 }
export const firstRecord = (answer: Json<'/api/v3/share/{token}/query', 'get', 200>): string => answer.records[0].id
export const summaryTotal = (answer: Json<'/api/v3/share/{token}/summary', 'get', 200>): number => answer.total
export const apps = (answer: Json<'/api/v3/apps', 'get', 200>): string[] => answer.data.apps.map((app: Schema<'App'>) => app.name)
export const fields = (answer: Json<'/api/v3/apps/{id}/fields', 'get', 200>): string[] => answer.data.fields.map((field) => field.type)
export const refused: Json<'/api/v3/apps/{id}', 'get', 404> = { code: 404, error: { type: 'not_found', message: 'App not found' } }
// @ts-expect-error an app has a name
export const nameless: Schema<'App'> = { id: 'x' }
// @ts-expect-error the query answers records at the top level, not under data
export const wrapped: Json<'/api/v3/share/{token}/query', 'get', 200> = { code: 200, data: { records: [] } }
// The JSON reads are JSON only (the ?help Markdown is its own operation), so no typeof check is needed.
type Types<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends { responses: infer R } ? (R extends Record<S, { content: infer C }> ? keyof C : never) : never
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
export const queryJsonOnly: Exactly<Types<'/api/v3/share/{token}/query', 'get', 200>, 'application/json'> = true
export const summaryJsonOnly: Exactly<Types<'/api/v3/share/{token}/summary', 'get', 200>, 'application/json'> = true
export const queryHelp: Exactly<Types<'/api/v3/share/{token}/query/help', 'get', 200>, 'text/markdown'> = true
export const summaryHelp: Exactly<Types<'/api/v3/share/{token}/summary/help', 'get', 200>, 'text/markdown'> = true
`,
    )
    const tsc = await runTool([
      join(ROOT, 'node_modules/typescript/bin/tsc'),
      '--noEmit',
      '--strict',
      '--skipLibCheck',
      '--target',
      'es2022',
      '--module',
      'esnext',
      '--moduleResolution',
      'bundler',
      '--allowImportingTsExtensions',
      join(dir, 'use.ts'),
    ])
    expect(tsc.stdout + tsc.stderr).toBe('')
    expect(tsc.code).toBe(0)
  }, 90_000)
})
