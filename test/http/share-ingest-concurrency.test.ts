import { afterAll, describe, expect, test } from 'bun:test'
import { loadConfig } from '../../server/config.ts'
import { startServer, type RunningServer } from '../../server/boot.ts'
import { createLogger } from '../../server/core/logger.ts'
import { LIMITS } from '../../server/core/limits.ts'
import { makeEndpoint, storedFields, storedRecords } from '../core/collect/fixtures.ts'
import { testApp } from '../support/http.ts'
import { tempDir } from '../support/tmp.ts'

const FIELD_LIMIT_ERROR = (key: string, existing: number) => ({
  code: 422,
  error: {
    type: 'field_limit',
    message: `This form already has ${existing} of at most ${LIMITS.maxFields} fields, so "${key}" cannot be added; nothing was stored. Reuse existing field names or ask the owner to delete unused fields`,
    details: { fields: [key], limit: LIMITS.maxFields, existing },
  },
})

describe('auto-create under concurrency (rule 7, race-free)', () => {
  test('200 concurrent submissions with new keys (in-process): exactly 50 fields, never a 500', async () => {
    const { app, ctx } = testApp({ rateLimit: null })
    const endpoint = await makeEndpoint(ctx)
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        app.handle(new Request(`http://localhost:8787${endpoint.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ [`k${i}`]: i }) })),
      ),
    )
    const bodies = await Promise.all(responses.map((r) => r.json()))
    const ok = bodies.filter((b) => b.code === 200)
    const refused = bodies.map((b, i) => [b, i] as const).filter(([b]) => b.code !== 200)
    expect(responses.every((r) => r.status === 200 || r.status === 422)).toBe(true)
    expect(ok.length).toBe(LIMITS.maxFields)
    for (const [body, i] of refused) expect(body).toEqual(FIELD_LIMIT_ERROR(`k${i}`, LIMITS.maxFields))
    expect((await storedFields(ctx, endpoint.appId)).length).toBe(LIMITS.maxFields)
    const stored = (await storedRecords(ctx, endpoint.appId))
    expect(stored.map((r) => r.id).sort()).toEqual(ok.map((b) => b.data.id).sort())
    expect(stored.map((r) => r.seq)).toEqual(Array.from({ length: LIMITS.maxFields }, (_, i) => i + 1))
  })

  let server: RunningServer | undefined
  afterAll(() => server?.stop())

  test('200 concurrent submissions over real sockets: never more than 50 fields, never a 500', async () => {
    const config = { ...loadConfig({ PORT: '0', SVC_RATE_LIMIT: 'off', SVC_LOG: 'silent', SVC_DATA_DIR: tempDir('concurrency-') }), databasePath: ':memory:' }
    server = await startServer(config, { log: createLogger('silent') })
    const endpoint = await makeEndpoint(server.ctx)
    const statuses = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const res = await fetch(`${server!.url}${endpoint.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ shared: i, [`new${i}`]: true }) })
        await res.arrayBuffer()
        return res.status
      }),
    )
    expect(statuses.filter((s) => s !== 200 && s !== 422)).toEqual([])
    const fields = (await storedFields(server.ctx, endpoint.appId))
    expect(fields.length).toBe(LIMITS.maxFields)
    expect(new Set(fields.map((f) => f.name)).size).toBe(LIMITS.maxFields)
    // `shared` plus one new key per accepted record.
    expect(statuses.filter((s) => s === 200).length).toBe(LIMITS.maxFields - 1)
    expect((await storedRecords(server.ctx, endpoint.appId)).length).toBe(LIMITS.maxFields - 1)
  })
})
