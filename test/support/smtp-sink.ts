/**
 * @module A real SMTP server on a loopback port (smtp-server) that keeps what it receives,
 * and a small parser for the raw messages, for the mail tests.
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer, type SMTPServerSession } from 'smtp-server'

export interface Received {
  from: string
  to: string[]
  raw: string
}

/** A real SMTP server on a loopback port that keeps what it receives. */
export async function loopbackSmtp(options: { refuse?: string } = {}) {
  const received: Received[] = []
  const waiting: Array<(message: Received) => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(options.refuse && address.address === options.refuse ? new Error('mailbox unavailable') : null)
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const message = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        }
        received.push(message)
        waiting.shift()?.(message)
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves with the next message (or the first one already received). */
    next: () =>
      new Promise<Received>((resolve) =>
        received.length > waiting.length ? resolve(received[waiting.length]) : waiting.push(resolve),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Header value and decoded text body of a raw RFC 5322 message (7bit or quoted-printable). */
export function parseMessage(raw: string) {
  const [head, ...rest] = raw.split('\r\n\r\n')
  const headers = head.replace(/\r\n[ \t]+/g, ' ')
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1]
  let body = rest.join('\r\n\r\n')
  if (/^content-transfer-encoding: quoted-printable$/im.test(headers)) {
    // Bytes, then UTF-8: a character outside ASCII is several =XX escapes.
    body = Buffer.from(
      body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8')
  }
  return { header, text: body.replace(/\r\n/g, '\n') }
}

/** A header value with its RFC 2047 encoded words (UTF-8, Q or B) decoded. */
export function decodeHeader(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    )
}
