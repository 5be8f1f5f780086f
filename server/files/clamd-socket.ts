/**
 * @module One connection to clamd (server/files/clamd.ts): connecting, writes that wait for
 * the socket to drain, and the NUL-terminated reply clamd sends for a `z`-prefixed command.
 * Every step is bounded by the same timeout, and every failure is a short reason in plain
 * words ("connection refused"), which clamd.ts turns into the AppError a client sees. The
 * socket is closed on any failure, so no step leaves a connection open behind it.
 */
import type { Socket, SocketHandler } from 'bun'

/** Where clamd listens: its local (Unix) socket, or a TCP address. */
export type ClamdAddress = { kind: 'unix'; path: string } | { kind: 'tcp'; host: string; port: number }

/** A failure of the connection itself (not an answer of clamd), in words a log line can quote. */
export class SocketProblem extends Error {
  override name = 'SocketProblem'
}

/** Node's error codes of a failed connection, said in words. */
const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOENT: 'no socket at that path',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  EACCES: 'permission denied',
  ENOTFOUND: 'unknown host',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
}

const reasonOf = (error: Error & { code?: string }): string =>
  (error.code && REASONS[error.code]) ?? error.code ?? error.message

/** `promise`, or a SocketProblem naming `what` when it has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string, onTimeout: () => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout()
      reject(new SocketProblem(`no ${what} within ${ms} ms`))
    }, ms)
  })
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer))
}

/** An open connection to clamd. */
export class ClamdSocket {
  private socket: Socket<unknown> | null = null
  /** The bytes clamd has sent so far. */
  private received: Buffer[] = []
  /** Set once the connection failed or closed: the reason, for every later step. */
  private problem: SocketProblem | null = null
  /** Resolves with the reply (up to its NUL, or all that came before clamd closed). */
  private readonly replied: Promise<string>
  /** Whether the whole reply has arrived. */
  private complete = false
  private settleReply: (result: { reply: string } | { problem: SocketProblem }) => void = () => {}
  /** Wakes a write waiting for the socket to drain (or to close). */
  private wake: (() => void) | null = null

  private constructor(private readonly timeoutMs: number) {
    this.replied = new Promise<{ reply: string } | { problem: SocketProblem }>((resolve) => {
      this.settleReply = resolve
    }).then((result) => {
      if ('problem' in result) throw result.problem
      return result.reply
    })
    // Nobody may ever ask for the reply (an aborted scan); its failure is then not a rejection to report.
    void this.replied.catch(() => {})
  }

  /**
   * Connects to `address`; rejects with a SocketProblem when it cannot within `timeoutMs`.
   * Bun's own sockets, not node:net: they still deliver what clamd sent before it closed
   * when a write has already failed (clamd refuses a stream over its limit with an answer
   * and a close, and the write in flight fails first), where node:net drops it.
   */
  static async open(address: ClamdAddress, timeoutMs: number): Promise<ClamdSocket> {
    const connection = new ClamdSocket(timeoutMs)
    const handlers: SocketHandler = {
      data: (_socket, chunk) => connection.onData(chunk),
      drain: () => connection.wakeWriter(),
      end: () => connection.onClosed(new SocketProblem('clamd closed the connection without an answer')),
      close: () => connection.onClosed(new SocketProblem('the connection closed')),
      error: (_socket, error) => connection.onClosed(new SocketProblem(reasonOf(error))),
    }
    const connecting =
      address.kind === 'unix'
        ? Bun.connect({ unix: address.path, socket: handlers })
        : Bun.connect({ hostname: address.host, port: address.port, socket: handlers })
    const connected = connecting.catch((error: Error) => {
      throw new SocketProblem(reasonOf(error))
    })
    // A connection that comes after the timeout is closed as it comes.
    connection.socket = await within(connected, timeoutMs, 'connection', () =>
      connected.then(
        (socket) => socket.terminate(),
        () => {},
      ),
    )
    return connection
  }

  /** Whether clamd has already answered in full (before the end of the stream: an error). */
  get answered(): boolean {
    return this.complete
  }

  /** Writes `bytes`; when the socket takes only part of them, waits for it to drain and goes on. */
  async write(bytes: Uint8Array): Promise<void> {
    let rest = bytes
    while (rest.length > 0) {
      if (this.problem) throw this.problem
      const written = this.socket!.write(rest)
      // -1: the connection failed. What clamd sent before it closed is still delivered; reply() waits for it.
      if (written < 0) throw new SocketProblem('the connection was closed')
      rest = rest.subarray(written)
      if (rest.length === 0) return
      const drained = new Promise<void>((resolve) => {
        this.wake = resolve
      })
      await within(drained, this.timeoutMs, 'room to write to clamd', () => this.destroy())
    }
  }

  /** clamd's reply without its NUL; rejects with a SocketProblem when none comes within the timeout. */
  reply(): Promise<string> {
    return within(this.replied, this.timeoutMs, 'answer from clamd', () => this.destroy())
  }

  /** Closes the connection at once; safe to call more than once. */
  destroy(): void {
    this.onClosed(new SocketProblem('the scan was given up'))
    this.socket?.terminate()
  }

  private wakeWriter(): void {
    const wake = this.wake
    this.wake = null
    wake?.()
  }

  private onData(chunk: Uint8Array): void {
    this.received.push(Buffer.from(chunk))
    const all = Buffer.concat(this.received)
    const end = all.indexOf(0)
    if (end < 0) return
    this.complete = true
    this.settleReply({ reply: all.subarray(0, end).toString('utf8') })
  }

  private onClosed(problem: SocketProblem): void {
    if (!this.problem) this.problem = problem
    this.wakeWriter()
    // An answer clamd sent in full and then closed after (a stream over its limit) stays its answer.
    if (this.complete) return
    const partial = Buffer.concat(this.received).toString('utf8')
    this.complete = partial.length > 0
    this.settleReply(this.complete ? { reply: partial } : { problem: this.problem })
  }
}
