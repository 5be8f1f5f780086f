/**
 * The bounds of the live streams, on a real server (sockets, Bun's own buffering): at most
 * SVC_STREAMS_PER_APP streams per app and SVC_STREAMS_PER_CLIENT per client network (an
 * IPv4 /24, an IPv6 /56 as one), 429 with Retry-After beyond; a client that stops reading is cut once what
 * was sent to it waits through two heartbeats, and resumes with Last-Event-ID, getting every
 * record once; stopping the server ends every stream in time.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import net from 'node:net'
import { createLogger } from '../../server/core/logger.ts'
import { LIMITS } from '../../server/contract/limits.ts'
import { target, type ErrorEnvelope } from '../support/call.ts'
import { readableApp } from '../support/readable-app.ts'
import { readEvents } from '../support/sse.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

/** Lines the server logged, and a way to wait for one. */
function logLines(level: 'info' | 'debug' = 'info') {
  const lines: string[] = []
  const waiters: Array<{ text: string; resolve: () => void }> = []
  const log = createLogger(level, (_level, line) => {
    lines.push(line)
    for (const waiter of [...waiters])
      if (line.includes(waiter.text)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve()
      }
  })
  const logged = (text: string) =>
    lines.some((line) => line.includes(text))
      ? Promise.resolve()
      : new Promise<void>((resolve) => void waiters.push({ text, resolve }))
  return { log, logged }
}

/** A published app open for reads on `server`: its endpoint and stream URLs. */
async function published(server: TestServer) {
  const { token } = await server.account()
  const app = await readableApp(server.url, token, 'Live')
  return {
    endpoint: app.endpoint,
    stream: `${server.url}${target('reads.stream', { params: { token: app.token } }).path}`,
  }
}

describe('how many streams', () => {
  const servers: TestServer[] = []
  afterAll(() => Promise.all(servers.map((server) => server.close())))

  test('per app: the one past the limit is a 429 with Retry-After; a closed stream frees its place', async () => {
    const { log, logged } = logLines('debug')
    const server = await startTestServer({ SVC_STREAMS_PER_APP: '2' }, { log })
    servers.push(server)
    const { stream } = await published(server)
    const open = [readEvents(await fetch(stream)), readEvents(await fetch(stream))]
    const refused = await fetch(stream)
    expect([refused.status, refused.headers.get('retry-after'), await refused.json()]).toEqual([
      429,
      String(LIMITS.streamRetryAfterSeconds),
      {
        code: 429,
        error: {
          type: 'rate_limited',
          message: `This app has 2 live streams open, the most it may have, or read pages with /query (each stream resumes where it stopped with Last-Event-ID); retry after ${LIMITS.streamRetryAfterSeconds} s`,
          details: { retryAfterSeconds: LIMITS.streamRetryAfterSeconds },
        },
      },
    ])
    await open[0].close()
    // The server hears of the closed stream when Bun cancels its body.
    await logged('live stream ended {"appId"')
    const again = readEvents(await fetch(stream))
    expect(again.response.status).toBe(200)
    await Promise.all([open[1].close(), again.close()])
  })

  test('per client network: an IPv6 /56 counts as one client, another /56 is another', async () => {
    const server = await startTestServer({ SVC_STREAMS_PER_CLIENT: '2', SVC_TRUST_PROXY: '127.0.0.1' })
    servers.push(server)
    const { stream } = await published(server)
    const from = (address: string) => fetch(stream, { headers: { 'x-forwarded-for': address } })
    const open = [readEvents(await from('2001:db8::1')), readEvents(await from('2001:db8:0:1::2'))]
    const sameNetwork = await from('2001:db8:0:ff::3')
    const otherNetwork = readEvents(await from('2001:db8:0:100::1'))
    expect([...open.map((s) => s.response.status), sameNetwork.status, otherNetwork.response.status]).toEqual([
      200, 200, 429, 200,
    ])
    expect(((await sameNetwork.json()) as ErrorEnvelope).error.message).toBe(
      `Your network (2001:db8:0:0::/56) has 2 live streams open, the most one client may have; close one; retry after ${LIMITS.streamRetryAfterSeconds} s`,
    )
    await Promise.all([...open, otherNetwork].map((s) => s.close()))
  })
})

describe('a client that stops reading', () => {
  test('is cut once what was sent waits through two heartbeats, and resumes with Last-Event-ID, each record once', async () => {
    const { log, logged } = logLines()
    const server = await startTestServer({ SVC_STREAM_HEARTBEAT_MS: '100' }, { log })
    try {
      const { endpoint, stream } = await published(server)
      // A raw socket that asks for the stream and then takes nothing from it.
      const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1')
      socket.pause()
      const received: Buffer[] = []
      socket.on('data', (chunk: Buffer) => void received.push(chunk))
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
      socket.on('error', () => {})
      socket.write(`GET ${new URL(stream).pathname}?since=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)
      // 40 batches of 20 records of 50 kB: 40 MB, far more than the socket buffers hold.
      const note = 'x'.repeat(50_000)
      for (let b = 0; b < 40; b++) {
        const batch = Array.from({ length: 20 }, (_, i) => ({ n: b * 20 + i + 1, note }))
        const posted = await fetch(`${endpoint}/batch`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(batch),
        })
        expect(posted.status).toBe(200)
      }
      await logged('live stream cut')
      socket.resume()
      await closed
      // What got through before the cut: whole events in order from the first record, perhaps half of one more.
      const text = Buffer.concat(received).toString('utf8')
      const ids = [...text.matchAll(/^id: (\d+)\nevent: record\ndata: (.*)\n\n/gm)].map((m) => {
        expect(JSON.parse(m[2]).data.n).toBe(Number(m[1]))
        return Number(m[1])
      })
      expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1))
      expect(ids.length).toBeLessThan(800)
      const resumed = readEvents(await fetch(stream, { headers: { 'last-event-id': String(ids.at(-1) ?? 0) } }))
      await resumed.waitFor(800 - ids.length)
      expect(resumed.records().map((record) => record.data.n)).toEqual(
        Array.from({ length: 800 - ids.length }, (_, i) => ids.length + i + 1),
      )
      await resumed.close()
    } finally {
      await server.close()
    }
  }, 60_000)
})

describe('stopping the server', () => {
  test('ends every open stream with a last comment, without waiting out the grace of requests in flight', async () => {
    const { log } = logLines()
    const lines: string[] = []
    const server = await startTestServer(
      { SVC_STREAM_HEARTBEAT_MS: '60000' },
      { log: { ...log, warn: (message: string) => void lines.push(message) } },
    )
    let stopped = false
    try {
      const { stream } = await published(server)
      const streams = await Promise.all([0, 1, 2].map(async () => readEvents(await fetch(stream))))
      await Promise.all(streams.map((s) => s.until(() => s.lastEventId === '0', 'the start')))
      await server.close()
      stopped = true
      // Had a stream held the stop, it would have waited out the grace and said so.
      expect(lines).toEqual([])
      for (const s of streams) {
        expect(await s.ended).toBe('done')
        expect(s.comments.at(-1)).toBe('closed: the server is shutting down')
      }
    } finally {
      if (!stopped) await server.close()
    }
  })
})
