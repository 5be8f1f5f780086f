/**
 * Slow uploads (issue 17 row 11), on a real server with the body deadline scaled down to
 * 3 s (the default is 30 s): a body sent at 64 KB/s that fits in the deadline is stored —
 * at the defaults, 1 MiB at 64 KB/s takes 16 s of the 30 —, one that does not is answered
 * 408 with the JSON error (and CORS headers) while the client is still sending, never
 * dropped without an answer.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { makeEndpoint, storedRecords } from '../core/collect/fixtures.ts'
import { rawConnect, type RawConnection } from '../support/raw-http.ts'
import { startTestServer } from '../support/server.ts'

const server = await startTestServer({ SVC_BODY_DEADLINE_MS: '3000' })
afterAll(() => server.close())

const CHUNK = 8 * 1024

/** Writes `body` to `connection` CHUNK bytes at a time, `bytesPerSecond` on average, until it is sent or `stop()` says so. */
async function trickle(
  connection: RawConnection,
  body: Uint8Array,
  bytesPerSecond: number,
  stop: () => boolean,
): Promise<void> {
  for (let sent = 0; sent < body.length && !stop(); sent += CHUNK) {
    connection.write(body.subarray(sent, sent + CHUNK))
    await Bun.sleep((CHUNK / bytesPerSecond) * 1000)
  }
}

/** A JSON record of `size` bytes. */
const recordOf = (size: number) => new TextEncoder().encode(`{"text":"${'x'.repeat(size - 12)}"}`)

describe('slow uploads', () => {
  test('96 KiB at 64 KB/s (1.5 s of the 3 s deadline) is stored', async () => {
    const endpoint = await makeEndpoint(server.ctx, { rateLimit: 'off' })
    const body = recordOf(96 * 1024)
    const connection = await rawConnect(server.url)
    connection.write(
      `POST ${endpoint.path} HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
    )
    await trickle(connection, body, 64 * 1024, () => false)
    const [response] = await connection.responses()
    connection.close()
    expect(response.status).toBe(200)
    const [record] = await storedRecords(server.ctx, endpoint.appId)
    expect(JSON.parse(response.body)).toEqual({ code: 200, data: { id: record.id } })
    expect((record.data as { text: string }).text.length).toBe(96 * 1024 - 12)
  })

  test.each([
    ['with Content-Length', (length: number) => `content-length: ${length}`],
    ['chunked', () => 'transfer-encoding: chunked'],
  ])(
    'a body at 8 KB/s (%s) gets the JSON 408 at the deadline, while it is still being sent',
    async (_name, framing) => {
      const endpoint = await makeEndpoint(server.ctx, { rateLimit: 'off' })
      const body = recordOf(96 * 1024)
      const connection = await rawConnect(server.url)
      const chunked = framing(0).startsWith('transfer')
      connection.write(
        `POST ${endpoint.path} HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\n${framing(body.length)}\r\n\r\n`,
      )
      let answered = false
      const responses = connection.responses().then((all) => {
        answered = true
        return all
      })
      const frame = (part: Uint8Array) =>
        chunked
          ? new Uint8Array([...new TextEncoder().encode(`${part.length.toString(16)}\r\n`), ...part, 0x0d, 0x0a])
          : part
      const framed: RawConnection = {
        ...connection,
        write: (data) => connection.write(typeof data === 'string' ? data : frame(data)),
      }
      void trickle(framed, body, 8 * 1024, () => answered)
      const [response] = await responses
      connection.close()
      expect({
        status: response.status,
        cors: response.headers['access-control-allow-origin'],
        body: JSON.parse(response.body),
      }).toEqual({
        status: 408,
        cors: '*',
        body: {
          code: 408,
          error: { type: 'timeout', message: 'The request body did not arrive within 3 s; send it in one go' },
        },
      })
      expect(await storedRecords(server.ctx, endpoint.appId)).toEqual([])
    },
  )
})
