/**
 * @module The virus scanner (core/files/scanner.ts) as ClamAV's clamd, reached at SVC_CLAMD
 * (`unix:/run/clamav/clamd.ctl` or `tcp://127.0.0.1:3310`). Each file is one connection
 * speaking INSTREAM: `zINSTREAM\0`, the file in chunks each led by its length (4 bytes, big
 * endian), a chunk of length 0, then clamd's one answer (`stream: OK`, `stream: <name>
 * FOUND`, or an error). The bytes go to clamd as the upload arrives, so a file is never held
 * whole in memory for the scan. A clamd that cannot be reached, is too slow or answers
 * anything else rejects with `scan_unavailable`: while scanning is on, no file is stored
 * unscanned. A file over clamd's StreamMaxLength rejects with `too_large`.
 */
import { AppError, cutText } from '../contract/errors.ts'
import type { ScanResult, ScanSession, Scanner } from '../core/files/scanner.ts'
import { type ClamdAddress, ClamdSocket, SocketProblem } from './clamd-socket.ts'

export type { ClamdAddress } from './clamd-socket.ts'

/** How long one step (connecting, a write waiting for room, the answer) may take by default. */
export const CLAMD_TIMEOUT_MS = 30_000

/**
 * The most bytes of one INSTREAM chunk. clamd reads a chunk into a buffer of its own; small
 * chunks keep that buffer and each write small, and let a slow clamd hold the upload back.
 */
export const CLAMD_CHUNK_BYTES = 64 * 1024

/** Options of clamdScanner. */
export interface ClamdOptions {
  /** How long each step may take before the scan fails `scan_unavailable` (CLAMD_TIMEOUT_MS). */
  timeoutMs?: number
}

const EXAMPLES = '"unix:/run/clamav/clamd.ctl" or "tcp://127.0.0.1:3310"'

/** SVC_CLAMD read as an address; throws an Error whose message names what is wrong and the two forms. */
export function parseClamdAddress(text: string): ClamdAddress {
  const value = text.trim()
  if (value.startsWith('unix:')) {
    const path = value.slice('unix:'.length).replace(/^\/\/(?=\/)/, '')
    if (!path.startsWith('/')) throw new Error(`SVC_CLAMD's socket path must be absolute, as in ${EXAMPLES}`)
    return { kind: 'unix', path }
  }
  if (value.startsWith('tcp://')) {
    const rest = value.slice('tcp://'.length)
    const match = /^(\[[0-9a-fA-F:.]+\]|[^:/[\]]+):(\d+)\/?$/.exec(rest)
    if (!match) throw new Error(`SVC_CLAMD must name a host and a port, as in ${EXAMPLES}; got ${JSON.stringify(text)}`)
    const port = Number(match[2])
    if (port < 1 || port > 65535) throw new Error(`SVC_CLAMD's port must be between 1 and 65535, got ${match[2]}`)
    return { kind: 'tcp', host: match[1].replace(/^\[|\]$/g, ''), port }
  }
  throw new Error(`SVC_CLAMD must start with unix: or tcp://, as in ${EXAMPLES}; got ${JSON.stringify(text)}`)
}

/** The error of a scanner that could not be reached or failed mid-way. */
const unavailable = (reason: string): AppError =>
  new AppError(
    'scan_unavailable',
    `The virus scanner could not be reached (${reason}), so the file was not stored; try again later.`,
  )

/** The error of a file longer than clamd reads (its StreamMaxLength). */
const tooLarge = (): AppError =>
  new AppError(
    'too_large',
    "The file is larger than the virus scanner accepts: clamd's StreamMaxLength limit was reached, so the file was " +
      'not stored. The operator can raise StreamMaxLength in clamd.conf.',
  )

/** clamd's answer to an INSTREAM: the verdict, or the error it stands for. */
export function verdictOf(reply: string): ScanResult | AppError {
  if (reply === 'stream: OK') return { clean: true }
  const found = /^stream: (.+) FOUND$/.exec(reply)
  if (found) return { clean: false, signature: found[1] }
  if (reply === 'INSTREAM size limit exceeded. ERROR') return tooLarge()
  return new AppError(
    'scan_unavailable',
    `The virus scanner could not scan the file (clamd answered ${JSON.stringify(cutText(reply, 200))}), so the file ` +
      'was not stored; try again later.',
  )
}

/** `error` as the AppError a scan rejects with. */
const asAppError = (error: unknown): AppError =>
  error instanceof AppError
    ? error
    : unavailable(error instanceof SocketProblem ? error.message : String((error as Error)?.message ?? error))

/** Opens a connection; a failure is `scan_unavailable`. */
async function openSocket(address: ClamdAddress, timeoutMs: number): Promise<ClamdSocket> {
  try {
    return await ClamdSocket.open(address, timeoutMs)
  } catch (error) {
    throw asAppError(error)
  }
}

/** The 4-byte big-endian length that leads each INSTREAM chunk. */
function lengthPrefix(length: number): Uint8Array {
  const prefix = new Uint8Array(4)
  new DataView(prefix.buffer).setUint32(0, length)
  return prefix
}

const encoder = new TextEncoder()

/** One file streamed to clamd. Writes run one after another; after a failure every call gives that failure. */
class ClamdScan implements ScanSession {
  private queue: Promise<void> = Promise.resolve()
  private failure: AppError | null = null
  private ended = false

  constructor(private readonly socket: ClamdSocket) {}

  write(chunk: Uint8Array): Promise<void> {
    const step = this.queue.then(() => this.send(chunk))
    // The next write waits for this one, but its failure is reported by this one's promise only.
    this.queue = step.catch(() => {})
    return step
  }

  async finish(): Promise<ScanResult> {
    await this.queue
    if (this.failure) throw this.failure
    if (this.ended) throw unavailable('the scan was already finished')
    this.ended = true
    try {
      await this.socket.write(lengthPrefix(0))
      const verdict = verdictOf(await this.socket.reply())
      if (verdict instanceof AppError) throw verdict
      return verdict
    } catch (error) {
      throw await this.fail(error)
    } finally {
      this.socket.destroy()
    }
  }

  abort(): void {
    this.ended = true
    this.failure ??= unavailable('the scan was given up')
    this.socket.destroy()
  }

  /** Sends `chunk` as INSTREAM chunks of at most CLAMD_CHUNK_BYTES. */
  private async send(chunk: Uint8Array): Promise<void> {
    if (this.failure) throw this.failure
    if (this.ended) throw unavailable('the scan was already finished')
    try {
      for (let start = 0; start < chunk.length; start += CLAMD_CHUNK_BYTES) {
        // clamd answers before the end only to refuse the stream (over StreamMaxLength, or an error).
        if (this.socket.answered) throw new SocketProblem('clamd answered before the end of the file')
        const part = chunk.subarray(start, start + CLAMD_CHUNK_BYTES)
        const framed = new Uint8Array(4 + part.length)
        framed.set(lengthPrefix(part.length))
        framed.set(part, 4)
        await this.socket.write(framed)
      }
    } catch (error) {
      throw await this.fail(error)
    }
  }

  /**
   * Records the failure of the scan and closes the connection. When clamd has answered (or
   * answers as it closes), its answer says why: a stream over StreamMaxLength is refused with
   * an answer and a closed connection, which the write may notice first.
   */
  private async fail(error: unknown): Promise<AppError> {
    if (!this.failure) {
      let failure = asAppError(error)
      if (error instanceof SocketProblem) {
        const answer = await this.socket.reply().then(verdictOf, () => null)
        if (answer instanceof AppError) failure = answer
        else if (answer) failure = unavailable('clamd answered before the end of the file')
      }
      this.failure = failure
    }
    this.socket.destroy()
    return this.failure
  }
}

/** The scanner at `address` (SVC_CLAMD): a new connection per file, and one per ping. */
export function clamdScanner(address: string | ClamdAddress, options: ClamdOptions = {}): Scanner {
  const target = typeof address === 'string' ? parseClamdAddress(address) : address
  const timeoutMs = options.timeoutMs ?? CLAMD_TIMEOUT_MS
  return {
    async open() {
      const socket = await openSocket(target, timeoutMs)
      try {
        await socket.write(encoder.encode('zINSTREAM\0'))
      } catch (error) {
        socket.destroy()
        throw asAppError(error)
      }
      return new ClamdScan(socket)
    },
    async ping() {
      const socket = await openSocket(target, timeoutMs)
      try {
        await socket.write(encoder.encode('zPING\0'))
        const reply = await socket.reply()
        if (reply !== 'PONG') throw unavailable(`clamd answered ${JSON.stringify(cutText(reply, 200))} to PING`)
      } catch (error) {
        throw asAppError(error)
      } finally {
        socket.destroy()
      }
    },
  }
}
