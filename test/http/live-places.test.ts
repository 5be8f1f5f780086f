/**
 * Who may take the live streams' places (issue 41): strangers count per client network (an
 * IPv4 /24 as one), per app and per process, and not while the process holds its budget of
 * bytes for readers that are behind; the owner's streams (access token or admin session,
 * on `records.stream` or the public `/stream`) have places of their own, so strangers
 * holding every place they may take never keep the owner's live view, `share tail` or MCP
 * subscriptions out.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { LIMITS } from '../../server/contract/limits.ts'
import { target } from '../support/call.ts'
import { readableApp } from '../support/readable-app.ts'
import { readEvents, type SseStream } from '../support/sse.ts'
import { startTestServer, type TestServer } from '../support/server.ts'
import { stalledReader, type StalledReader } from '../support/stalled-reader.ts'

const servers: TestServer[] = []
const streams: SseStream[] = []
const readers: StalledReader[] = []
afterAll(async () => {
  for (const reader of readers) reader.close()
  await Promise.all(streams.map((stream) => stream.close()))
  await Promise.all(servers.map((server) => server.close()))
})

/** A server trusting loopback as its proxy, with `env`, and a way to publish apps open for reads. */
async function serve(env: Record<string, string>, contract?: false) {
  const server = await startTestServer({ SVC_TRUST_PROXY: '127.0.0.1', ...env }, contract === false ? { contract } : {})
  servers.push(server)
  const { token } = await server.account()
  const owner = { authorization: `Bearer ${token}` }
  const app = async () => {
    const { id, endpoint } = await readableApp(server.url, token, 'Live')
    return {
      endpoint,
      stream: `${endpoint}/stream`,
      ownerStream: `${server.url}${target('records.stream', { params: { id } }).path}`,
    }
  }
  return { server, owner, app }
}

/** Opens a stream and keeps it open (closed after the file); its status. */
async function open(url: string, headers: Record<string, string>): Promise<number> {
  const stream = readEvents(await fetch(url, { headers }))
  streams.push(stream)
  return stream.response.status
}

/** A refused stream's status, Retry-After and body. */
async function refusal(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers })
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() }
}

const refused = (message: string, seconds: number = LIMITS.streamRetryAfterSeconds) => ({
  status: 429,
  retryAfter: String(seconds),
  body: {
    code: 429,
    error: {
      type: 'rate_limited',
      message: `${message}; retry after ${seconds} s`,
      details: { retryAfterSeconds: seconds },
    },
  },
})

const from = (address: string) => ({ 'x-forwarded-for': address })

describe("the owner's places", () => {
  test("the owner's streams open while strangers hold every place of the app, up to the owner's own limit", async () => {
    const { owner, app } = await serve({ SVC_STREAMS_PER_APP: '2' })
    const { stream, ownerStream } = await app()
    expect([await open(stream, from('10.0.1.1')), await open(stream, from('10.0.2.1'))]).toEqual([200, 200])
    expect(await refusal(stream, from('10.0.3.1'))).toEqual(
      refused(
        'This app has 2 live streams open, the most it may have, or read pages with /query (each stream resumes where it stopped with Last-Event-ID)',
      ),
    )
    // share tail and MCP follow records.stream; the owner's token on the public stream is the owner's too.
    const opened = [await open(ownerStream, { ...owner, ...from('10.0.3.1') }), await open(stream, owner)]
    for (let i = opened.length; i < LIMITS.ownerStreamsPerApp; i++) opened.push(await open(ownerStream, owner))
    expect(opened).toEqual(Array.from({ length: LIMITS.ownerStreamsPerApp }, () => 200))
    expect(await refusal(ownerStream, owner)).toEqual(
      refused(
        `The owner has ${LIMITS.ownerStreamsPerApp} live streams of this app open, the most the owner may have; close one`,
      ),
    )
  })
})

describe("strangers' places", () => {
  test('an IPv4 /24 counts as one client, another /24 is another', async () => {
    const { app } = await serve({ SVC_STREAMS_PER_CLIENT: '2' })
    const { stream } = await app()
    expect([await open(stream, from('192.0.2.1')), await open(stream, from('192.0.2.77'))]).toEqual([200, 200])
    expect(await refusal(stream, from('192.0.2.254'))).toEqual(
      refused('Your network (192.0.2.0/24) has 2 live streams open, the most one client may have; close one'),
    )
    expect(await open(stream, from('192.0.3.1'))).toBe(200)
  })

  test('the process holds at most SVC_STREAMS_PER_PROCESS strangers’ streams, whatever the apps', async () => {
    const { owner, app } = await serve({ SVC_STREAMS_PER_PROCESS: '2' })
    const [first, second] = [await app(), await app()]
    expect([await open(first.stream, from('10.0.1.1')), await open(second.stream, from('10.0.2.1'))]).toEqual([
      200, 200,
    ])
    expect(await refusal(second.stream, from('10.0.3.1'))).toEqual(
      refused('This server has 2 live streams open, the most it holds for everyone together'),
    )
    expect(await open(second.ownerStream, owner)).toBe(200)
  })

  test('while the process holds SVC_HELD_MB for a stream that stopped reading, strangers’ new streams wait; the owner’s open', async () => {
    // Unchecked by the test server: its check would read the replay at once, and nothing would be held.
    const { server, owner, app } = await serve({ SVC_HELD_MB: '1' }, false)
    const { endpoint, stream, ownerStream } = await app()
    const blob = 'x'.repeat(1_000_000)
    for (let n = 1; n <= 20; n++) {
      const posted = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ n, blob }),
      })
      expect(posted.status).toBe(200)
    }
    const stalled = await stalledReader(server.url, `${new URL(stream).pathname}?since=0`, from('10.0.1.1'))
    readers.push(stalled)
    expect(stalled.statusLine).toBe('HTTP/1.1 200 OK')
    // No event says when Bun's buffers are full and the server starts to hold bytes itself.
    while (server.ctx.places.held.held < 1024 * 1024) await Bun.sleep(5)
    expect(await refusal(stream, from('10.0.2.1'))).toEqual(
      refused(
        'This server holds 1 MiB of records its readers have not taken yet, the most it holds',
        LIMITS.readRetryAfterSeconds,
      ),
    )
    expect(await open(ownerStream, owner)).toBe(200)
  }, 60_000)
})
