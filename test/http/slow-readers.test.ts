/**
 * Reads of records held open by clients that do not read them (issue 41's slow-reader
 * attack), on a real server with raw sockets that stop reading: a stranger's reads under
 * way are limited per client network (an IPv4 /24), per app and per process, each refusal a
 * 429 with Retry-After and a JSON body; a reader that takes nothing for SVC_READ_STALL_MS is
 * cut and its place and memory are free again; the bytes held for readers that are behind
 * count against SVC_HELD_MB; the owner's reads are never refused for what strangers hold.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { LIMITS } from '../../server/contract/limits.ts'
import { target, type BodyOf } from '../support/call.ts'
import { assertResponse } from '../support/contract.ts'
import { readableApp } from '../support/readable-app.ts'
import { startTestServer, type TestServer } from '../support/server.ts'
import { logLines, stalledReader, type StalledReader } from '../support/stalled-reader.ts'

/** 20 records of ≈ 1 MB: a page of them is far more than the kernel's socket buffers hold. */
const RECORDS = 20
const BLOB = 'x'.repeat(1_000_000)

const servers: TestServer[] = []
const readers: StalledReader[] = []
afterAll(async () => {
  for (const reader of readers) reader.close()
  await Promise.all(servers.map((server) => server.close()))
})

/** A server trusting loopback as its proxy (so X-Forwarded-For names the client), with `env`. */
async function serve(env: Record<string, string>, log = logLines().log) {
  // Unchecked by the test server (it would read every answer at once): read() checks what it gets.
  const server = await startTestServer(
    { SVC_TRUST_PROXY: '127.0.0.1', SVC_READ_STALL_MS: '600000', ...env },
    { log, contract: false },
  )
  servers.push(server)
  const { token } = await server.account()
  const owner = { authorization: `Bearer ${token}` }
  /** A published app, open for reads, holding the big records. */
  const app = async () => {
    const { token: share, endpoint } = await readableApp(server.url, token, 'Big')
    for (let n = 1; n <= RECORDS; n++) {
      const posted = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ n, blob: BLOB }),
      })
      expect(posted.status).toBe(200)
    }
    return {
      query: target('reads.query', { params: { token: share }, query: { size: 1000 } }).path,
      url: `${endpoint}/query?size=1000`,
    }
  }
  return { server, owner, app }
}

/** A reader from `address` that stops reading once its answer began. */
async function stall(server: TestServer, path: string, address: string): Promise<StalledReader> {
  const reader = await stalledReader(server.url, path, { 'x-forwarded-for': address })
  readers.push(reader)
  expect(reader.statusLine).toBe('HTTP/1.1 200 OK')
  return reader
}

/** A read as the tests compare it: the status, its Retry-After, the records counted or the refusal. */
interface Read {
  status: number
  retryAfter: string | null
  body: unknown
}

/** The whole answer to a read from `address`: status, Retry-After and the body's JSON (a page: its size and total). */
async function read(url: string, headers: Record<string, string>): Promise<Read> {
  const response = await fetch(url, { headers })
  await assertResponse('GET', url, response)
  const body = (await response.json()) as BodyOf<'reads.query'>
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: response.status === 200 ? { records: body.records.length, total: body.total } : body,
  }
}

const refused = (message: string) => ({
  status: 429,
  retryAfter: String(LIMITS.readRetryAfterSeconds),
  body: {
    code: 429,
    error: {
      type: 'rate_limited',
      message: `${message}; retry after ${LIMITS.readRetryAfterSeconds} s`,
      details: { retryAfterSeconds: LIMITS.readRetryAfterSeconds },
    },
  },
})
const whole = { status: 200, retryAfter: null, body: { records: RECORDS, total: RECORDS } }

describe('reads under way', () => {
  test('per client network: past SVC_READS_PER_CLIENT unread pages from one /24, the next is a 429; another /24 and the owner still read', async () => {
    const { server, owner, app } = await serve({ SVC_READS_PER_CLIENT: '2' })
    const { query, url } = await app()
    await stall(server, query, '10.0.0.1')
    await stall(server, query, '10.0.0.2')
    expect(await read(url, { 'x-forwarded-for': '10.0.0.3' })).toEqual(
      refused(
        'Your network (10.0.0.0/24) has 2 reads of records open, the most one client may have; close one (read the pages one after another)',
      ),
    )
    expect(await read(url, { 'x-forwarded-for': '10.0.1.1' })).toEqual(whole)
    expect(await read(url, { 'x-forwarded-for': '10.0.0.3', ...owner })).toEqual(whole)
  }, 60_000)

  test('per app and per process: strangers from many networks meet SVC_READS_PER_APP, then SVC_READS_PER_PROCESS', async () => {
    const { server, app } = await serve({ SVC_READS_PER_APP: '2', SVC_READS_PER_PROCESS: '3' })
    const first = await app()
    const second = await app()
    await stall(server, first.query, '10.0.1.1')
    await stall(server, first.query, '10.0.2.1')
    expect(await read(first.url, { 'x-forwarded-for': '10.0.3.1' })).toEqual(
      refused('This app has 2 reads of records open, the most it may have'),
    )
    await stall(server, second.query, '10.0.4.1')
    expect(await read(second.url, { 'x-forwarded-for': '10.0.5.1' })).toEqual(
      refused('This server has 3 reads of records open, the most it holds for everyone together'),
    )
  }, 60_000)

  test('a reader that takes nothing is cut after SVC_READ_STALL_MS: its place and the bytes it held are free again', async () => {
    const { log, logged } = logLines()
    const { server, app } = await serve({ SVC_READS_PER_CLIENT: '1', SVC_READ_STALL_MS: '200' }, log)
    const { query, url } = await app()
    const reader = await stall(server, query, '10.0.0.1')
    await logged('a page of records cut: its client took nothing sent to it for 200 ms')
    expect(server.ctx.places.held.held).toBe(0)
    // The client sees a broken answer, never a complete-looking short page.
    const text = await reader.drain()
    expect(text.startsWith('HTTP/1.1 200 OK')).toBe(true)
    expect(text.endsWith(`"total":${RECORDS}}`)).toBe(false)
    expect(await read(url, { 'x-forwarded-for': '10.0.0.2' })).toEqual(whole)
  }, 60_000)

  test('held bytes: once SVC_HELD_MB waits for readers, strangers from any network are refused; the owner is not', async () => {
    const { server, owner, app } = await serve({ SVC_HELD_MB: '1' })
    const { query, url } = await app()
    await stall(server, query, '10.0.0.1')
    // No event says when the kernel's buffers are full and the server starts to hold a batch of 2 MB itself.
    while (server.ctx.places.held.held < 1024 * 1024) await Bun.sleep(5)
    expect(await read(url, { 'x-forwarded-for': '10.9.9.9' })).toEqual(
      refused('This server holds 1 MiB of records its readers have not taken yet, the most it holds'),
    )
    expect(await read(url, { 'x-forwarded-for': '10.9.9.9', ...owner })).toEqual(whole)
  }, 60_000)
})
