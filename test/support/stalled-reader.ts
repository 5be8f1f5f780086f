/**
 * @module A client that asks for an answer and then stops reading it, as a slow-reader attack
 * does: a raw socket that sends one GET (from an `X-Forwarded-For` address, for servers that
 * trust loopback as a proxy) and takes nothing once the answer's first bytes arrive, so the
 * kernel's buffers fill and the server is left holding the rest. Also the server's log lines,
 * to wait for what the server says it did (a cut) instead of sleeping.
 */
import net from 'node:net'
import { createLogger, type Logger } from '../../server/core/logger.ts'

export interface StalledReader {
  /** The answer's status line ("HTTP/1.1 200 OK"). */
  statusLine: string
  /** Reads again: resolves with everything received once the server closes the connection. */
  drain(): Promise<string>
  /** Closes the socket from the client's side. */
  close(): void
}

/** Sends `GET path` to `serverUrl` (with `headers`) and stops reading once the answer begins. */
export function stalledReader(
  serverUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<StalledReader> {
  const socket = net.connect(Number(new URL(serverUrl).port), '127.0.0.1')
  socket.on('error', () => {})
  const received: Buffer[] = []
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${head}\r\n`)
  return new Promise((resolve, reject) => {
    socket.once('close', () => reject(new Error('the server closed before answering')))
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk)
      if (received.length > 1) return
      socket.pause()
      resolve({
        statusLine: chunk.toString('latin1').split('\r\n')[0],
        drain: async () => {
          socket.resume()
          await closed
          return Buffer.concat(received).toString('utf8')
        },
        close: () => socket.destroy(),
      })
    })
  })
}

/** A logger at `level` that keeps its lines, and a promise for the next line holding a text. */
export function logLines(level: 'info' | 'debug' = 'info'): {
  log: Logger
  lines: string[]
  logged(text: string, times?: number): Promise<void>
} {
  const lines: string[] = []
  const waiters: Array<{ text: string; times: number; resolve: () => void }> = []
  const count = (text: string) => lines.filter((line) => line.includes(text)).length
  const log = createLogger(level, (_level, line) => {
    lines.push(line)
    for (const waiter of [...waiters])
      if (count(waiter.text) >= waiter.times) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve()
      }
  })
  const logged = (text: string, times = 1) =>
    count(text) >= times
      ? Promise.resolve()
      : new Promise<void>((resolve) => void waiters.push({ text, times, resolve }))
  return { log, lines, logged }
}
