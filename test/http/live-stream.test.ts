/**
 * GET /<token>/stream (docs/design.md rule 19): new records as Server-Sent Events, in order,
 * each with its position as id and the record exactly as /query shows it; resumable with
 * Last-Event-ID or ?since= without gaps or repeats, also while records keep arriving; the
 * access of /query for every caller and reads setting, re-checked while the stream is open;
 * spam left out unless asked for; CORS as the other share reads; its ?help. In-process,
 * through the real app and storage, on either backend.
 */
import { describe, expect, test } from 'bun:test'
import { createAccessToken, revokeAccessToken } from '../../server/core/auth/access-tokens.ts'
import type { Config } from '../../server/config.ts'
import type { ReadAccess } from '../../server/contract/share/reads.ts'
import { makeEndpoint, type TestEndpoint } from '../core/collect/fixtures.ts'
import type { Described } from '../../server/contract/api/request.ts'
import { invalid, target, type BodyOf, type CallInput } from '../support/call.ts'
import { BASE, testApp, type TestApp } from '../support/http.ts'
import { disabledBody } from '../support/reads.ts'
import { readEvents } from '../support/sse.ts'
import { makeUser } from '../support/users.ts'

type StreamQuery = CallInput<'reads.stream'>['query']

interface Live extends TestApp {
  endpoint: TestEndpoint
  /** Posts `{n}` for each n through the endpoint (with the honeypot filled for those in `spam`); returns the ids. */
  post(ns: number[], spam?: number[]): Promise<string[]>
  /** Opens the stream with this query and these headers. */
  open(query?: StreamQuery, headers?: Record<string, string>): Promise<ReturnType<typeof readEvents>>
  /** The owner's call of a control-plane operation; it must succeed. */
  owner<N extends Described>(name: N, input: CallInput<N>): Promise<BodyOf<N>>
}

async function setup(reads: ReadAccess = 'off', config: Partial<Config> = {}): Promise<Live> {
  const t = testApp({ rateLimit: null, ...config })
  const endpoint = await makeEndpoint(t.ctx, { reads })
  return {
    ...t,
    endpoint,
    async post(ns, spam = []) {
      const ids: string[] = []
      for (const n of ns) {
        const body = spam.includes(n) ? { n, _gotcha: 'bot' } : { n }
        const posted = await t.call('ingest.post', { params: { token: endpoint.token }, body })
        expect(posted.status).toBe(200)
        ids.push(posted.body.data.id)
      }
      return ids
    },
    async open(query = {}, headers = {}) {
      // Its own Request: the stream is read as it arrives, not whole.
      const { path } = target('reads.stream', { params: { token: endpoint.token }, query })
      return readEvents(await t.app.handle(new Request(`${BASE}${path}`, { headers })))
    },
    async owner<N extends Described>(name: N, input: CallInput<N>) {
      const { method, path, body } = target(name, input)
      const answer = await t.request<BodyOf<N>>(method, path, { token: endpoint.ownerToken, body })
      expect(answer.status).toBe(200)
      return answer.body
    },
  }
}

const ownerHeaders = (live: Live) => ({ authorization: `Bearer ${live.endpoint.ownerToken}` })
const numbers = (stream: ReturnType<typeof readEvents>) => stream.records().map((record) => record.data.n)

describe('GET /<token>/stream', () => {
  test('new records arrive in order, each an event `record` whose id is its position and whose data is the record as /query shows it', async () => {
    const live = await setup('records')
    await live.post([1, 2])
    const stream = await live.open()
    expect(stream.response.status).toBe(200)
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream')
    expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-store')
    // Records from before the stream opened are not sent without a position: it starts after them.
    await stream.until(() => stream.lastEventId === '2', 'the starting position')
    expect([stream.retry, stream.events]).toEqual([2000, []])
    await live.post([3, 4, 5])
    await stream.waitFor(3)
    const page = await live.call('reads.query', { params: { token: live.endpoint.token } })
    expect(stream.events).toEqual(
      page.body.records.slice(2).map((record: unknown, i: number) => ({
        id: String(3 + i),
        event: 'record',
        data: JSON.stringify(record),
      })),
    )
    await stream.close()
  })

  test('?since= replays every record after it, then goes on live; ?since=0 every record', async () => {
    const live = await setup('records')
    await live.post([1, 2, 3])
    const all = await live.open({ since: 0 })
    const later = await live.open({ since: 2 })
    await all.waitFor(3)
    await later.waitFor(1)
    await live.post([4])
    await all.waitFor(4)
    await later.waitFor(2)
    expect([numbers(all), all.events.map((e) => e.id)]).toEqual([
      [1, 2, 3, 4],
      ['1', '2', '3', '4'],
    ])
    expect(numbers(later)).toEqual([3, 4])
    await Promise.all([all.close(), later.close()])
  })

  test('resuming with Last-Event-ID after a drop gets every record posted meanwhile once, and wins over ?since=', async () => {
    const live = await setup('records')
    const first = await live.open({ since: 0 })
    await live.post([1, 2, 3])
    await first.waitFor(3)
    await first.close()
    await live.post([4, 5, 6, 7])
    const resumed = await live.open({ since: 0 }, { 'last-event-id': first.lastEventId })
    await resumed.waitFor(4)
    await live.post([8])
    await resumed.waitFor(5)
    expect(numbers(resumed)).toEqual([4, 5, 6, 7, 8])
    await resumed.close()
  })

  test('a stream that saw no record still resumes from where it started, not from when it reconnects', async () => {
    const live = await setup('records')
    await live.post([1])
    const quiet = await live.open()
    await quiet.until(() => quiet.lastEventId === '1', 'the starting position')
    await quiet.close()
    await live.post([2, 3])
    const resumed = await live.open({}, { 'last-event-id': quiet.lastEventId })
    await resumed.waitFor(2)
    expect(numbers(resumed)).toEqual([2, 3])
    await resumed.close()
  })

  test('records committed while a replay switches to the live tail arrive once each, in order', async () => {
    const live = await setup('records')
    await live.post(Array.from({ length: 40 }, (_, i) => i + 1))
    // Posts keep coming while streams open and replay: some land before each stream's start, some during, some after.
    const posting = live.post(Array.from({ length: 60 }, (_, i) => 41 + i))
    const streams = await Promise.all([0, 10, 25, 40].map((since) => live.open({ since })))
    await posting
    await Promise.all(streams.map((stream, i) => stream.waitFor(100 - [0, 10, 25, 40][i])))
    for (const [i, since] of [0, 10, 25, 40].entries())
      expect(numbers(streams[i])).toEqual(Array.from({ length: 100 - since }, (_, k) => since + k + 1))
    await Promise.all(streams.map((stream) => stream.close()))
  })

  test('positions only grow: records deleted after they were sent never lend theirs to later ones', async () => {
    const live = await setup('records')
    const ids = await live.post([1, 2, 3])
    await live.owner('records.deleteMany', { params: { id: live.endpoint.appId }, body: { ids: [ids[1], ids[2]] } })
    const stream = await live.open({ since: 1 })
    await live.post([4])
    await stream.waitFor(1)
    expect(stream.events.map((e) => [e.id, JSON.parse(e.data).data.n])).toEqual([['4', 4]])
    await stream.close()
  })

  test.each([
    ['abc', 'Last-Event-ID must be the id of an event this stream sent (a whole number from 0 to 2), got "abc"'],
    ['-1', 'Last-Event-ID must be the id of an event this stream sent (a whole number from 0 to 2), got "-1"'],
    [
      '3',
      "Last-Event-ID 3 is past this app's newest record (position 2): it is not an id this stream sent. Send the id of the last event you received, 0 for every record, or neither for new records only",
    ],
  ])('a position the stream never sent is a 400: Last-Event-ID %p', async (id, message) => {
    const live = await setup('records')
    await live.post([1, 2])
    const answer = await live.call(
      'reads.stream',
      { params: { token: live.endpoint.token } },
      { headers: { 'last-event-id': id } },
    )
    expect<unknown>([answer.status, answer.body]).toEqual([400, { code: 400, error: { type: 'bad_request', message } }])
  })

  test.each([
    [{ since: 9 }, "since 9 is past this app's newest record (position 0)"],
    [{ since: '1.5' }, 'since must be the id of an event this stream sent (a whole number from 0 to 0), got "1.5"'],
    [{ since: [1, 2] }, 'since must be given once'],
    [{ spam: 'yes' }, 'spam must be "include" or "only" (or left out to exclude spam), got "yes"'],
    [
      { filter: 'n = 1' },
      "filter is not taken here: the owner's GET /api/v3/apps/<app id>/records/stream (and svc-cli share tail --filter) filters records",
    ],
  ])('bad parameters are a 400 saying what to fix: %o', async (query, message) => {
    const live = await setup('records')
    const answer = await live.call('reads.stream', { params: { token: live.endpoint.token }, query: invalid(query) })
    expect(answer.status).toBe(400)
    expect(answer.body.error?.type).toBe('bad_request')
    expect(answer.body.error?.message).toStartWith(message)
  })

  test('spam is left out unless asked for: ?spam=include and ?spam=only as on /query', async () => {
    const live = await setup('records')
    const [plain, include, only] = await Promise.all(
      [{}, { spam: 'include' }, { spam: 'only' }].map((q) => live.open(q)),
    )
    await Promise.all([plain, include, only].map((s) => s.until(() => s.lastEventId === '0', 'the start')))
    await live.post([1, 2, 3, 4], [2, 3])
    await Promise.all([plain.waitFor(2), include.waitFor(4), only.waitFor(2)])
    expect([numbers(plain), numbers(include), numbers(only)]).toEqual([
      [1, 4],
      [1, 2, 3, 4],
      [2, 3],
    ])
    expect(only.records().every((record) => record.spam === true)).toBe(true)
    expect(include.events.map((e) => e.id)).toEqual(['1', '2', '3', '4'])
    await Promise.all([plain, include, only].map((s) => s.close()))
  })
})

type Caller = 'anonymous' | 'owner' | 'another account' | 'revoked token'

describe('who may stream: the access of /query', () => {
  const cases: Array<[ReadAccess, Caller, number]> = [
    ['off', 'anonymous', 403],
    ['off', 'another account', 403],
    ['off', 'revoked token', 403],
    ['off', 'owner', 200],
    ['summary', 'anonymous', 403],
    ['summary', 'another account', 403],
    ['summary', 'owner', 200],
    ['records', 'anonymous', 200],
    ['records', 'another account', 200],
    ['records', 'owner', 200],
  ]
  test.each(cases)('reads %p, %p: %p', async (reads, caller, status) => {
    const live = await setup(reads)
    const stranger = await makeUser(live.ctx)
    const revoked = await createAccessToken(live.ctx, live.endpoint.ownerId, 'old laptop')
    await revokeAccessToken(live.ctx, live.endpoint.ownerId, revoked.id)
    const tokens: Record<Caller, string | null> = {
      anonymous: null,
      owner: live.endpoint.ownerToken,
      'another account': stranger.token,
      'revoked token': revoked.token,
    }
    const token = tokens[caller]
    const answer = await live.app.handle(
      new Request(
        `${BASE}${target('reads.stream', { params: { token: live.endpoint.token } }).path}`,
        token ? { headers: { authorization: `Bearer ${token}` } } : {},
      ),
    )
    expect(answer.status).toBe(status)
    if (status === 200) await answer.body!.cancel()
    else expect(await answer.json()).toEqual(disabledBody(reads === 'off' ? 'off /query' : 'summary /query'))
  })

  test('an unknown token, a rotated one and an unpublished endpoint are a 404 like every share URL', async () => {
    const live = await setup('records')
    const unknown = await live.call('reads.stream', { params: { token: 'not-a-token' } })
    const app = { params: { id: live.endpoint.appId } }
    const rotatedShare = await live.owner('share.rotate', app)
    const rotated = await live.call(
      'reads.stream',
      { params: { token: live.endpoint.token } },
      { headers: ownerHeaders(live) },
    )
    await live.owner('share.unpublish', app)
    const unpublished = await live.call(
      'reads.stream',
      { params: { token: rotatedShare.data.token! } },
      { headers: ownerHeaders(live) },
    )
    expect([unknown, rotated, unpublished].map((answer) => [answer.status, answer.body.error!.type])).toEqual([
      [404, 'not_found'],
      [404, 'not_found'],
      [404, 'not_found'],
    ])
  })

  test.each([
    [
      'reads switched off',
      (live: Live) => live.owner('share.update', { params: { id: live.endpoint.appId }, body: { reads: 'off' } }),
    ],
    ['the token rotated', (live: Live) => live.owner('share.rotate', { params: { id: live.endpoint.appId } })],
    [
      'the endpoint unpublished',
      (live: Live) => live.owner('share.unpublish', { params: { id: live.endpoint.appId } }),
    ],
    ['the app deleted', (live: Live) => live.owner('apps.delete', { params: { id: live.endpoint.appId } })],
  ])("a stranger's open stream ends once %s", async (_what, change) => {
    const live = await setup('records')
    const stream = await live.open()
    await stream.until(() => stream.lastEventId === '0', 'the start')
    await change(live)
    expect(await stream.ended).toBe('done')
    expect(stream.comments.at(-1)).toBe('closed: access withdrawn')
  })

  test("the owner's stream outlives reads switched off, and ends at the next heartbeat once its token is revoked", async () => {
    const live = await setup('records', { streamHeartbeatMs: 20 })
    const token = await createAccessToken(live.ctx, live.endpoint.ownerId, 'dashboard')
    const stream = await live.open({}, { authorization: `Bearer ${token.token}` })
    await stream.until(() => stream.lastEventId === '0', 'the start')
    await live.owner('share.update', { params: { id: live.endpoint.appId }, body: { reads: 'off' } })
    await live.post([1])
    await stream.waitFor(1)
    await stream.until(() => stream.comments.includes('keep-alive'), 'a heartbeat')
    await revokeAccessToken(live.ctx, live.endpoint.ownerId, token.id)
    expect(await stream.ended).toBe('done')
    expect([numbers(stream), stream.comments.at(-1)]).toEqual([[1], 'closed: access withdrawn'])
  })
})

describe('the stream on the wire', () => {
  test('a quiet stream sends a comment every heartbeat', async () => {
    const live = await setup('records', { streamHeartbeatMs: 20 })
    const stream = await live.open()
    await stream.until(() => stream.comments.filter((c) => c === 'keep-alive').length >= 3, 'three heartbeats')
    expect(stream.events).toEqual([])
    await stream.close()
  })

  test('HEAD answers as the stream would, and opens none (nothing would ever end it)', async () => {
    const live = await setup('records')
    const head = await live.app.handle(new Request(`${BASE}${live.endpoint.path}/stream`, { method: 'HEAD' }))
    expect([head.status, head.headers.get('content-type'), await head.text(), live.ctx.live.size]).toEqual([
      200,
      'text/event-stream',
      '',
      0,
    ])
    const refused = await live.app.handle(
      new Request(`${BASE}${live.endpoint.path}/stream?since=9`, { method: 'HEAD' }),
    )
    expect(refused.status).toBe(400)
  })

  test('CORS as the other share reads: any origin, and a preflight that allows Last-Event-ID', async () => {
    const live = await setup('records')
    const preflight = await live.app.handle(
      new Request(`${BASE}${live.endpoint.path}/stream`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://dashboard.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'last-event-id',
        },
      }),
    )
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Last-Event-ID')
    const stream = await live.open({}, { origin: 'https://dashboard.example' })
    expect(stream.response.headers.get('access-control-allow-origin')).toBe('*')
    expect(stream.response.headers.get('access-control-allow-credentials')).toBeNull()
    await stream.close()
  })

  test('?help describes the stream; the endpoint and /query help point to it', async () => {
    const live = await setup('records')
    const help = await live.request('GET', `${live.endpoint.path}/stream?help`)
    expect([help.status, help.headers.get('content-type')]).toEqual([200, 'text/markdown; charset=utf-8'])
    expect(help.text).toContain('## Resuming without gaps or repeats')
    expect(help.text).toContain(`curl -N 'http://localhost:8787${live.endpoint.path}/stream'`)
    expect(help.text).toContain(`new EventSource("http://localhost:8787${live.endpoint.path}/stream")`)
    const pointer = `\`GET http://localhost:8787${live.endpoint.path}/stream\`: every new record as it arrives`
    for (const page of ['?help', '/query?help'])
      expect((await live.request('GET', `${live.endpoint.path}${page}`)).text).toContain(pointer)
  })
})
