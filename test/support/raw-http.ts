/**
 * @module HTTP/1.1 over a raw TCP socket, for what fetch cannot do: send a head without
 * its body (or part of one), announce `Expect: 100-continue`, close half-way. Collects the
 * responses as they arrive, interim ones (100 Continue) included.
 */
import type { Socket } from 'bun'

export interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
}

export interface RawConnection {
  write(data: string | Uint8Array): void
  /** Closes the connection from the client's side. */
  close(): void
  /** Resolves with every response received once a final (non-1xx) one is complete, or when the server closes. */
  responses(): Promise<RawResponse[]>
}

/** Splits what arrived into complete responses. */
function parse(text: string): { responses: RawResponse[]; final: boolean } {
  const responses: RawResponse[] = []
  let rest = text
  for (;;) {
    const end = rest.indexOf('\r\n\r\n')
    if (end < 0) return { responses, final: false }
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n')
    const headers: Record<string, string> = {}
    for (const line of lines) {
      const colon = line.indexOf(':')
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
    }
    const status = Number(statusLine.split(' ')[1])
    const length = Number(headers['content-length'] ?? 0)
    const bodyStart = end + 4
    if (rest.length - bodyStart < length) return { responses, final: false }
    responses.push({ status, headers, body: rest.slice(bodyStart, bodyStart + length) })
    rest = rest.slice(bodyStart + length)
    if (status >= 200) return { responses, final: true }
  }
}

/** Opens a connection to `url`'s host and port. */
export async function rawConnect(url: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url)
  let received = ''
  let settle: (() => void) | null = null
  let closed = false
  const decoder = new TextDecoder()
  const socket: Socket = await Bun.connect({
    hostname,
    port: Number(port),
    socket: {
      data(_socket, data) {
        received += decoder.decode(data, { stream: true })
        if (parse(received).final) settle?.()
      },
      close() {
        closed = true
        settle?.()
      },
      error() {
        closed = true
        settle?.()
      },
    },
  })
  return {
    write: (data) => void socket.write(data),
    close: () => socket.end(),
    responses: () =>
      new Promise((resolve) => {
        const done = () => resolve(parse(received).responses)
        if (closed || parse(received).final) return done()
        settle = done
      }),
  }
}
