/**
 * The clamd scanner (server/files/clamd.ts) against Debian's real clamd, started by the test
 * on its own one-signature database (test/support/clamd.ts), over its local socket and over
 * TCP: clean files, EICAR whole and in pieces, a file over StreamMaxLength, a scan given up
 * mid-way, a clamd that stops mid-stream, nothing listening, and one that never answers.
 * Without clamd on the machine it skips, saying so.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readdirSync, readlinkSync } from 'node:fs'
import { join } from 'node:path'
import { AppError } from '../../server/contract/errors.ts'
import type { ScanResult, Scanner } from '../../server/core/files/scanner.ts'
import { clamdScanner, parseClamdAddress } from '../../server/files/clamd.ts'
import { type Clamd, clamdUnavailable, EICAR, EICAR_SIGNATURE, STREAM_MAX_BYTES, startClamd } from '../support/clamd.ts'
import { freePort } from '../support/ports.ts'
import { tempDir } from '../support/tmp.ts'

const why = clamdUnavailable()
if (why) console.warn(`⚠ test/files/clamd.test.ts: the clamd tests skipped — ${why}`)

const bytes = (text: string) => new TextEncoder().encode(text)

/** What a scan of `chunks` came to: the verdict, or the error it rejected with (from a write or from finish). */
async function scan(
  scanner: Scanner,
  chunks: Uint8Array[],
): Promise<ScanResult | { type: string; status: number; message: string }> {
  try {
    const session = await scanner.open()
    for (const chunk of chunks) await session.write(chunk)
    return await session.finish()
  } catch (error) {
    return errorOf(error)
  }
}

/** An AppError as a test compares it: its type, status and message. */
function errorOf(error: unknown): { type: string; status: number; message: string } {
  if (!(error instanceof AppError)) throw error
  return { type: error.type, status: error.status, message: error.message }
}

const unreachable = (reason: string) => ({
  type: 'scan_unavailable',
  status: 503,
  message: `The virus scanner could not be reached (${reason}), so the file was not stored; try again later.`,
})

const UNREACHABLE = /^The virus scanner could not be reached \(.+\), so the file was not stored; try again later\.$/

const TOO_LARGE = {
  type: 'too_large',
  status: 413,
  message:
    "The file is larger than the virus scanner accepts: clamd's StreamMaxLength limit was reached, so the file was " +
    'not stored. The operator can raise StreamMaxLength in clamd.conf.',
}

/** The sockets clamd holds with no client connected: its local socket and its TCP socket. */
const LISTENING = 2

/** The sockets clamd (process `pid`) holds: the LISTENING ones and a connection per client. */
const socketsOf = (pid: number) =>
  readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')
    } catch {
      return false
    }
  }).length

/**
 * The sockets clamd holds once they number `count`, or after 5 s: clamd accepts a connection
 * and closes its side a moment after ours opens or closes.
 */
async function socketsOnceAt(clamd: Clamd, count: number): Promise<number> {
  const deadline = Date.now() + 5000
  while (socketsOf(clamd.proc.pid) !== count && Date.now() < deadline) await Bun.sleep(20)
  return socketsOf(clamd.proc.pid)
}

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => unhandled.push(reason)

describe.skipIf(why !== null)('clamd over INSTREAM', () => {
  let clamd: Clamd

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled)
    clamd = await startClamd()
  })

  afterAll(async () => {
    await clamd?.stop()
    process.off('unhandledRejection', onUnhandled)
  })

  describe.each(['unix', 'tcp'] as const)('at a %s address', (kind) => {
    const scanner = () => clamdScanner(clamd[kind])

    test('ping resolves when clamd answers PONG', async () => {
      expect(await scanner().ping()).toBeUndefined()
    })

    test('a clean file, in a few writes, is clean', async () => {
      expect(await scan(scanner(), [bytes('Hello, '), bytes('world.\n')])).toEqual({ clean: true })
    })

    test('an empty file is clean', async () => {
      expect(await scan(scanner(), [])).toEqual({ clean: true })
    })

    test('a clean file of 1.5 MiB in one write goes as many chunks and is clean', async () => {
      expect(await scan(scanner(), [new Uint8Array(1.5 * 1024 * 1024).fill(0x61)])).toEqual({ clean: true })
    })

    test('the EICAR test file is found, with the signature name', async () => {
      expect(await scan(scanner(), [bytes(EICAR)])).toEqual({ clean: false, signature: EICAR_SIGNATURE })
    })

    test('the EICAR test file split across writes, one byte each, is found', async () => {
      const pieces = [...bytes(EICAR)].map((byte) => Uint8Array.of(byte))
      expect(await scan(scanner(), pieces)).toEqual({ clean: false, signature: EICAR_SIGNATURE })
    })

    test('the EICAR test file split in three uneven parts is found', async () => {
      const all = bytes(EICAR)
      const pieces = [all.subarray(0, 5), all.subarray(5, 40), all.subarray(40)]
      expect(await scan(scanner(), pieces)).toEqual({ clean: false, signature: EICAR_SIGNATURE })
    })

    test('a file over StreamMaxLength is too_large, naming the limit and how to raise it', async () => {
      const mib = new Uint8Array(1024 * 1024)
      const chunks = Array.from({ length: STREAM_MAX_BYTES / mib.length + 2 }, () => mib)
      expect(await scan(scanner(), chunks)).toEqual(TOO_LARGE)
      // One byte over, in one write: clamd refuses at its last chunk, during the write or at finish.
      expect(await scan(scanner(), [new Uint8Array(STREAM_MAX_BYTES + 1)])).toEqual(TOO_LARGE)
    })

    test('a file of exactly StreamMaxLength is scanned', async () => {
      expect(await scan(scanner(), [new Uint8Array(STREAM_MAX_BYTES)])).toEqual({ clean: true })
    })

    test('abort mid-stream closes the connection: later calls fail, clamd holds no socket for it', async () => {
      // Connections of earlier tests are closed first, so that the one of this scan can be counted.
      expect(await socketsOnceAt(clamd, LISTENING)).toBe(LISTENING)
      const session = await scanner().open()
      await session.write(new Uint8Array(256 * 1024))
      expect(await socketsOnceAt(clamd, LISTENING + 1)).toBe(LISTENING + 1)
      session.abort()
      session.abort()
      expect(await socketsOnceAt(clamd, LISTENING)).toBe(LISTENING)
      expect(await session.write(bytes('more')).catch(errorOf)).toEqual(unreachable('the scan was given up'))
      expect(await session.finish().catch(errorOf)).toEqual(unreachable('the scan was given up'))
      expect(await scan(scanner(), [bytes(EICAR)])).toEqual({ clean: false, signature: EICAR_SIGNATURE })
    })

    test('a finished scan closes its connection, and a second finish fails', async () => {
      const session = await scanner().open()
      await session.write(bytes('a short clean file'))
      expect(await session.finish()).toEqual({ clean: true })
      expect(await session.finish().catch(errorOf)).toEqual(unreachable('the scan was already finished'))
      expect(await socketsOnceAt(clamd, LISTENING)).toBe(LISTENING)
    })
  })

  test('a clamd that stops mid-stream fails the scan scan_unavailable, and then cannot be reached', async () => {
    const own = await startClamd()
    const sessions = await Promise.all([clamdScanner(own.unix).open(), clamdScanner(own.tcp).open()])
    for (const session of sessions) await session.write(new Uint8Array(64 * 1024))
    await own.stop()
    for (const session of sessions) {
      const failed = await (async () => {
        for (let i = 0; i < 64; i++) await session.write(new Uint8Array(64 * 1024))
        return session.finish()
      })().catch(errorOf)
      expect(failed).toEqual({ type: 'scan_unavailable', status: 503, message: expect.stringMatching(UNREACHABLE) })
      session.abort()
    }
    expect(await scan(clamdScanner(own.unix), [bytes('x')])).toEqual(unreachable('no socket at that path'))
    expect(await scan(clamdScanner(own.tcp), [bytes('x')])).toEqual(unreachable('connection refused'))
    expect(await clamdScanner(own.tcp).ping().catch(errorOf)).toEqual(unreachable('connection refused'))
  })

  test('nothing listening at the address: open and ping fail scan_unavailable', async () => {
    const nowhere = `unix:${join(tempDir('clamd-none-'), 'clamd.ctl')}`
    const closedPort = `tcp://127.0.0.1:${freePort()}`
    expect(await clamdScanner(nowhere).open().catch(errorOf)).toEqual(unreachable('no socket at that path'))
    expect(await clamdScanner(nowhere).ping().catch(errorOf)).toEqual(unreachable('no socket at that path'))
    expect(await clamdScanner(closedPort).open().catch(errorOf)).toEqual(unreachable('connection refused'))
    expect(await clamdScanner(closedPort).ping().catch(errorOf)).toEqual(unreachable('connection refused'))
  })

  test('a server that never answers times out: ping and finish fail scan_unavailable', async () => {
    const silent = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
    try {
      const scanner = clamdScanner(`tcp://127.0.0.1:${silent.port}`, { timeoutMs: 300 })
      expect(await scanner.ping().catch(errorOf)).toEqual(unreachable('no answer from clamd within 300 ms'))
      expect(await scan(scanner, [bytes('x')])).toEqual(unreachable('no answer from clamd within 300 ms'))
    } finally {
      silent.stop(true)
    }
  })

  test('no rejection went unhandled', async () => {
    await Bun.sleep(50)
    expect(unhandled).toEqual([])
  })
})

describe('parseClamdAddress', () => {
  test.each([
    ['unix:/run/clamav/clamd.ctl', { kind: 'unix', path: '/run/clamav/clamd.ctl' }],
    ['unix:///run/clamav/clamd.ctl', { kind: 'unix', path: '/run/clamav/clamd.ctl' }],
    [' tcp://127.0.0.1:3310 ', { kind: 'tcp', host: '127.0.0.1', port: 3310 }],
    ['tcp://clamav.internal:3310/', { kind: 'tcp', host: 'clamav.internal', port: 3310 }],
    ['tcp://[::1]:3310', { kind: 'tcp', host: '::1', port: 3310 }],
  ])('%s', (text, address) => {
    expect(parseClamdAddress(text)).toEqual(address as ReturnType<typeof parseClamdAddress>)
  })

  const forms = '"unix:/run/clamav/clamd.ctl" or "tcp://127.0.0.1:3310"'
  test.each([
    ['/run/clamav/clamd.ctl', `SVC_CLAMD must start with unix: or tcp://, as in ${forms}; got "/run/clamav/clamd.ctl"`],
    ['127.0.0.1:3310', `SVC_CLAMD must start with unix: or tcp://, as in ${forms}; got "127.0.0.1:3310"`],
    ['unix:clamd.ctl', `SVC_CLAMD's socket path must be absolute, as in ${forms}`],
    ['tcp://127.0.0.1', `SVC_CLAMD must name a host and a port, as in ${forms}; got "tcp://127.0.0.1"`],
    ['tcp://127.0.0.1:99999', "SVC_CLAMD's port must be between 1 and 65535, got 99999"],
    ['tcp://127.0.0.1:0', "SVC_CLAMD's port must be between 1 and 65535, got 0"],
  ])('%s is refused', (text, message) => {
    expect(() => parseClamdAddress(text)).toThrow(new Error(message))
  })
})
