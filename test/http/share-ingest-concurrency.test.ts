import { afterAll, describe, expect, test } from 'bun:test'
import { loadConfig } from '../../server/config.ts'
import { startServer, type RunningServer } from '../../server/boot.ts'
import { createLogger } from '../../server/core/logger.ts'
import { LIMITS } from '../../server/contract/limits.ts'
import { notePeerAddress } from '../../server/http/client-address.ts'
import { fieldProposers, makeEndpoint, storedFields, storedRecords } from '../core/collect/fixtures.ts'
import { testApp } from '../support/http.ts'
import { tempDir } from '../support/tmp.ts'

const FIELD_LIMIT_ERROR = (key: string, existing: number) => ({
  code: 422,
  error: {
    type: 'field_limit',
    message: `This form already has ${existing} of at most ${LIMITS.maxFields} fields, so "${key}" cannot be added; nothing was stored. Reuse existing field names or delete unused fields`,
    details: { fields: [key], limit: LIMITS.maxFields, existing },
  },
})

/** The names of the app's catalogued unlisted keys, sorted. */
const unlistedNames = async (ctx: ReturnType<typeof testApp>['ctx'], appId: string) =>
  (await ctx.storage.unlisted.list(appId)).map((key) => key.name).sort()

/** 200 concurrent POSTs of `{k<i>: i}`, the i-th from `from(i)`, with `headers`; the answers' bodies in order. */
async function concurrentNewKeys(
  app: ReturnType<typeof testApp>['app'],
  path: string,
  from: (i: number) => string | null,
  headers: Record<string, string> = {},
) {
  const responses = await Promise.all(
    Array.from({ length: 200 }, (_, i) => {
      const request = new Request(`http://localhost:8787${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ [`k${i}`]: i }),
      })
      const address = from(i)
      if (address) notePeerAddress(request, address)
      return app.handle(request)
    }),
  )
  expect(responses.every((r) => r.status === 200 || r.status === 422)).toBe(true)
  return Promise.all(responses.map((r) => r.json()))
}

describe('auto-create under concurrency (race-free)', () => {
  test("the owner's 200 concurrent submissions with new keys (in-process): exactly 50 accepted fields, never a 500", async () => {
    const { app, ctx } = testApp({ rateLimit: null })
    const endpoint = await makeEndpoint(ctx)
    const bodies = await concurrentNewKeys(app, endpoint.path, () => null, {
      authorization: `Bearer ${endpoint.ownerToken}`,
    })
    const ok = bodies.filter((b) => b.code === 200)
    const refused = bodies.map((b, i) => [b, i] as const).filter(([b]) => b.code !== 200)
    expect(ok.length).toBe(LIMITS.maxFields)
    for (const [body, i] of refused) expect(body).toEqual(FIELD_LIMIT_ERROR(`k${i}`, LIMITS.maxFields))
    expect((await storedFields(ctx, endpoint.appId)).length).toBe(LIMITS.maxFields)
    const stored = await storedRecords(ctx, endpoint.appId)
    expect(stored.map((r) => r.id).sort()).toEqual(ok.map((b) => b.data.id).sort())
    expect(stored.map((r) => r.seq)).toEqual(Array.from({ length: LIMITS.maxFields }, (_, i) => i + 1))
  })

  test("strangers' 200 concurrent submissions from 200 addresses: every record stored, exactly 40 proposals, the rest unlisted", async () => {
    const { app, ctx } = testApp({ rateLimit: null })
    const endpoint = await makeEndpoint(ctx)
    const bodies = await concurrentNewKeys(app, endpoint.path, (i) => `198.51.100.${i % 250}`)
    expect(bodies.filter((b) => b.code !== 200)).toEqual([])
    const fields = await storedFields(ctx, endpoint.appId)
    expect(fields.length).toBe(LIMITS.maxProposedFields)
    expect(fields.every((f) => f.proposed)).toBe(true)
    const proposed = new Set(fields.map((f) => f.name))
    const all = Array.from({ length: 200 }, (_, i) => `k${i}`)
    expect(await unlistedNames(ctx, endpoint.appId)).toEqual(all.filter((name) => !proposed.has(name)).sort())
    const stored = await storedRecords(ctx, endpoint.appId)
    expect(stored.map((r) => r.id).sort()).toEqual(bodies.map((b) => b.data.id).sort())
    expect(stored.map((r) => Object.keys(r.data as object)[0]).sort()).toEqual([...all].sort())
  })

  test("one stranger's 200 concurrent submissions: every record stored, exactly its 10 proposals of the hour, the rest unlisted", async () => {
    const { app, ctx } = testApp({ rateLimit: null })
    const endpoint = await makeEndpoint(ctx)
    // Every address of one IPv6 /64 is one client.
    const bodies = await concurrentNewKeys(app, endpoint.path, (i) => `2001:db8:1:2::${i.toString(16)}`)
    expect(bodies.filter((b) => b.code !== 200)).toEqual([])
    expect((await fieldProposers(ctx, endpoint.appId)).map(([, by]) => by)).toEqual(
      Array(LIMITS.proposalsPerClient).fill('2001:db8:1:2::/64'),
    )
    expect((await unlistedNames(ctx, endpoint.appId)).length).toBe(200 - LIMITS.proposalsPerClient)
    expect((await storedRecords(ctx, endpoint.appId)).length).toBe(200)
  })

  let server: RunningServer | undefined
  afterAll(() => server?.stop())

  test("the owner's 200 concurrent submissions over real sockets: never more than 50 fields, never a 500", async () => {
    const config = {
      ...loadConfig({ PORT: '0', SVC_RATE_LIMIT: 'off', SVC_LOG: 'silent', SVC_DATA_DIR: tempDir('concurrency-') }),
      databasePath: ':memory:',
    }
    server = await startServer(config, { log: createLogger('silent') })
    const endpoint = await makeEndpoint(server.ctx)
    const statuses = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const res = await fetch(`${server!.url}${endpoint.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${endpoint.ownerToken}` },
          body: JSON.stringify({ shared: i, [`new${i}`]: true }),
        })
        await res.arrayBuffer()
        return res.status
      }),
    )
    expect(statuses.filter((s) => s !== 200 && s !== 422)).toEqual([])
    const fields = await storedFields(server.ctx, endpoint.appId)
    expect(fields.length).toBe(LIMITS.maxFields)
    expect(new Set(fields.map((f) => f.name)).size).toBe(LIMITS.maxFields)
    // `shared` plus one new key per accepted record.
    expect(statuses.filter((s) => s === 200).length).toBe(LIMITS.maxFields - 1)
    expect((await storedRecords(server.ctx, endpoint.appId)).length).toBe(LIMITS.maxFields - 1)
  })
})
