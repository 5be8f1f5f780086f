/**
 * The owner's live stream, GET /api/v3/apps/:id/records/stream: the app's records as they
 * arrive whatever `reads` says, for the owner's access token or the admin session (from the
 * admin page only), with ?spam and ?filter as on the records pages and the same resume
 * rules as the public stream; it ends once the session ends. In-process, on either backend.
 */
import { describe, expect, test } from 'bun:test'
import { makeEndpoint } from '../core/collect/fixtures.ts'
import { target, type CallInput } from '../support/call.ts'
import { BASE, testApp } from '../support/http.ts'
import { readEvents } from '../support/sse.ts'
import { makeUser } from '../support/users.ts'
import { SAME_ORIGIN, signUp } from './auth-fixtures.ts'

async function setup(streamHeartbeatMs = 15_000) {
  const t = testApp({ rateLimit: null, signup: 'open', streamHeartbeatMs })
  const endpoint = await makeEndpoint(t.ctx, { fields: [{ name: 'n', type: 'number' }] })
  const post = async (n: number, spam = false) => {
    const body = spam ? { n, _gotcha: 'bot' } : { n }
    const posted = await t.call('ingest.post', { params: { token: endpoint.token }, body })
    expect(posted.status).toBe(200)
  }
  const params = { id: endpoint.appId }
  // Its own Request: the stream is read as it arrives, not whole.
  const open = async (
    query: StreamQuery = {},
    headers: Record<string, string> = { authorization: `Bearer ${endpoint.ownerToken}` },
  ) =>
    readEvents(
      await t.app.handle(new Request(`${BASE}${target('records.stream', { params, query }).path}`, { headers })),
    )
  return { ...t, endpoint, post, params, open }
}

type StreamQuery = CallInput<'records.stream'>['query']

const numbers = (stream: ReturnType<typeof readEvents>) => stream.records().map((record) => record.data.n)

describe('GET /api/v3/apps/:id/records/stream', () => {
  test('the owner follows the records with reads off, replaying from a position; ?filter= and ?spam= as on the pages', async () => {
    const t = await setup()
    for (const n of [1, 2, 3]) await t.post(n)
    const all = await t.open({ since: 0 })
    const big = await t.open({ since: 0, filter: 'n >= 3' })
    const spam = await t.open({ spam: 'only' })
    await all.waitFor(3)
    await big.waitFor(1)
    await t.post(4, true)
    await t.post(5)
    await Promise.all([all.waitFor(4), big.waitFor(2), spam.waitFor(1)])
    expect([numbers(all), numbers(big), numbers(spam)]).toEqual([[1, 2, 3, 5], [3, 5], [4]])
    expect(all.events.map((e) => e.id)).toEqual(['1', '2', '3', '5'])
    await Promise.all([all, big, spam].map((s) => s.close()))
  })

  test('a bad filter is a 400 naming the fields; another account, or no credentials, get what every owner route answers', async () => {
    const t = await setup()
    const stranger = await makeUser(t.ctx)
    const filter = await t.call(
      'records.stream',
      { params: t.params, query: { filter: 'colour = 1' } },
      { token: t.endpoint.ownerToken },
    )
    const other = await t.call('records.stream', { params: t.params }, { token: stranger.token })
    const anonymous = await t.call('records.stream', { params: t.params })
    expect([filter.status, filter.body.error!.type, filter.body.error!.message]).toEqual([
      400,
      'bad_request',
      expect.stringContaining('colour'),
    ])
    expect<unknown>([other.status, other.body]).toEqual([
      404,
      { code: 404, error: { type: 'not_found', message: 'App not found' } },
    ])
    expect([anonymous.status, anonymous.body.error!.type]).toEqual([401, 'unauthorized'])
  })

  test('with the admin session: from the admin page only, and it ends at the next heartbeat once the session is logged out', async () => {
    const t = await setup(20)
    const { cookie } = await signUp(t, { email: 'admin@example.com', password: 'a long password' })
    const app = await t.call('apps.create', { body: { name: 'Mine' } }, { cookie, headers: SAME_ORIGIN })
    const input = { params: { id: app.body.data.id } }
    const crossSite = await t.call('records.stream', input, { cookie, headers: { 'sec-fetch-site': 'cross-site' } })
    expect([crossSite.status, crossSite.body.error]).toEqual([
      403,
      {
        type: 'forbidden',
        message: 'Cross-site request refused: the admin session streams records to the admin page only',
      },
    ])
    const stream = readEvents(
      await t.app.handle(
        new Request(`${BASE}${target('records.stream', input).path}`, { headers: { cookie, ...SAME_ORIGIN } }),
      ),
    )
    await stream.until(() => stream.lastEventId === '0', 'the start')
    expect(stream.response.status).toBe(200)
    const logout = await t.call('auth.logout', {}, { cookie, headers: SAME_ORIGIN })
    expect(logout.status).toBe(200)
    expect(await stream.ended).toBe('done')
    expect(stream.comments.at(-1)).toBe('closed: access withdrawn')
  })

  test("a member's stream ends as soon as the member is removed, without waiting for a heartbeat", async () => {
    const t = await setup()
    const invited = await t.call(
      'members.invite',
      { params: t.params, body: { email: 'grace@example.com', role: 'viewer' } },
      { token: t.endpoint.ownerToken },
    )
    const link = invited.body.data.url.split('/').at(-1)!
    const accepted = await t.call('invitations.accept', {
      params: { token: link },
      body: { password: 'a long password' },
    })
    const member = accepted.body.data.login!.user.id
    const cookie = /^(svc_session=[^;]+);/.exec(accepted.headers.get('set-cookie')!)![1]
    const stream = readEvents(
      await t.app.handle(
        new Request(`${BASE}${target('records.stream', { params: t.params }).path}`, {
          headers: { cookie, ...SAME_ORIGIN },
        }),
      ),
    )
    await t.post(1)
    await stream.waitFor(1)
    const removed = await t.call(
      'members.remove',
      { params: { ...t.params, user: member } },
      { token: t.endpoint.ownerToken },
    )
    expect(removed.status).toBe(200)
    expect(await stream.ended).toBe('done')
    expect([numbers(stream), stream.comments.at(-1)]).toEqual([[1], 'closed: access withdrawn'])
  })
})
