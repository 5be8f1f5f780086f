/**
 * The access log and request ids: one JSON line per answered request naming its operation,
 * never its path (an endpoint's token is in it), its body or a credential; a trusted proxy's
 * X-Request-Id is kept and sent back; SVC_ACCESS_LOG=off writes none.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { createLogger } from '../../server/core/logger.ts'
import { makeEndpoint } from '../support/records.ts'
import { startTestServer } from '../support/server.ts'

/** A server whose log lines (JSON) are kept in `lines`. */
async function loggedServer(env: Record<string, string> = {}) {
  const lines: string[] = []
  const log = createLogger('info', (_level, line) => lines.push(line), 'json')
  const server = await startTestServer(env, { log })
  const requests = () =>
    lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'request')
  return { server, lines, requests }
}

const logged = await loggedServer()
const quiet = await loggedServer({ SVC_ACCESS_LOG: 'off' })
const untrusting = await loggedServer({ SVC_TRUST_PROXY: 'none' })
afterAll(async () => {
  await Promise.all([logged.server.close(), quiet.server.close(), untrusting.server.close()])
})

const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)

describe('the access log', () => {
  test('a post is one line with its id, operation, status and client; no token, path or value in the log', async () => {
    const { server, lines, requests } = logged
    const { user, token } = await server.account()
    const endpoint = await makeEndpoint(server.ctx, user.id, { autoCreate: true })
    const res = await fetch(`${server.url}${endpoint.path()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada.lovelace@example.com' }),
    })
    expect(res.status).toBe(200)
    const owner = await fetch(`${server.url}/api/v3/apps/${endpoint.appId}/fields`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(owner.status).toBe(200)
    const entries = requests()
    expect(entries).toEqual([
      {
        time: iso,
        level: 'info',
        msg: 'request',
        requestId: res.headers.get('x-request-id'),
        method: 'POST',
        route: 'ingest.post',
        status: 200,
        ms: expect.any(Number),
        client: '127.0.0.1',
      },
      {
        time: iso,
        level: 'info',
        msg: 'request',
        requestId: owner.headers.get('x-request-id'),
        method: 'GET',
        route: 'fields.list',
        status: 200,
        ms: expect.any(Number),
        client: '127.0.0.1',
        appId: endpoint.appId,
      },
    ])
    const all = lines.join('\n')
    for (const secret of [endpoint.token, token, 'ada.lovelace', '/api/v3/share/']) expect(all).not.toContain(secret)
  })

  test('a trusted proxy’s X-Request-Id is kept and sent back; one that is not plain is replaced', async () => {
    const { server, requests } = logged
    const kept = await fetch(`${server.url}/api/v3/health`, { headers: { 'x-request-id': 'edge-7f3a.42:1' } })
    expect(kept.headers.get('x-request-id')).toBe('edge-7f3a.42:1')
    const odd = await fetch(`${server.url}/api/v3/health`, { headers: { 'x-request-id': 'two words' } })
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/)
    const ids = requests()
      .filter((entry) => entry.route === 'health.get')
      .map((entry) => entry.requestId)
    expect(ids.slice(-2)).toEqual(['edge-7f3a.42:1', odd.headers.get('x-request-id')])
  })

  test('from a client that is no trusted proxy, its X-Request-Id is not taken', async () => {
    const res = await fetch(`${untrusting.server.url}/api/v3/health`, { headers: { 'x-request-id': 'forged-id' } })
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/)
  })

  test('SVC_ACCESS_LOG=off writes no request lines', async () => {
    expect((await fetch(`${quiet.server.url}/api/v3/health`)).status).toBe(200)
    expect(quiet.requests()).toEqual([])
  })
})
