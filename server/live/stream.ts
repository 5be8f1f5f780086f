/**
 * @module One live stream: a Bun direct stream that sends the records after its position as
 * they are committed. One loop does the replay and the live tail alike: while the app's
 * newest position (`known`) is ahead of what the stream has sent, it reads the next batch
 * after its own position from storage (tail.ts) and writes it; then it waits to be woken.
 * A record committed while the stream switches from replay to tail is simply in the next
 * read, after the position: it arrives once, never twice, never skipped.
 *
 * Each write waits while the client is behind (backpressure), so a stream holds at most one
 * batch its client has not taken (`LIMITS.readBatchBytes`, or one larger record). If the
 * client takes none of it for `LIMITS.streamStallBeats` heartbeats, the connection is cut
 * and the client resumes with Last-Event-ID; a quiet stream sends a comment every heartbeat.
 */
import type { AppContext } from '../core/context.ts'
import { LIMITS } from '../contract/limits.ts'
import { closing, HEARTBEAT, opening } from './events.ts'
import type { HeldBytes } from '../core/places/held-bytes.ts'
import type { TailReader } from './tail.ts'

/** Bun's direct ReadableStream; the DOM typings the project compiles with lack `type: 'direct'`. */
const DirectStream = ReadableStream as unknown as new (
  source: Bun.DirectUnderlyingSource<Uint8Array>,
) => ReadableStream<Uint8Array>

export interface StreamParts {
  ctx: AppContext
  tail: TailReader
  /** The position the stream starts after. */
  after: number
  /** The newest position of the app the stream was told of. */
  known(): number
  /** Cuts the connection without waiting for the client (HTTP's; absent in-process, where the body is closed with an error). */
  drop?: () => void
  /**
   * The process's meter of bytes waiting for their clients: a write the client is behind on
   * counts there until taken, and a batch is reserved while the stream replays (what it will
   * hold), so a burst of replaying streams meets the budget before their reads are in.
   */
  held?: HeldBytes
  /** Called once when the stream ends, whatever ended it. */
  ended(): void
}

export interface LiveStream {
  readonly body: ReadableStream<Uint8Array>
  /** Newer records may be there. */
  wake(): void
  /** A heartbeat: a comment, or, for a client that took nothing since the last ones, the end. */
  beat(): void
  /** Ends the stream with a last comment saying why (access withdrawn, shutdown). */
  end(why: string): void
}

/** A stream over `parts`; it starts when the response body is first pulled. */
export function liveStream(parts: StreamParts): LiveStream {
  // Long: the stream's position and controller are state every step shares.
  const { ctx, tail } = parts
  let last = parts.after
  /** The last record sent, when there is one: the next read starts right after it. */
  let lastId: string | null = null
  let over = false
  let controller: ReadableStreamDirectController | null = null
  /** The write the client has not taken yet, if any, and how many heartbeats it has waited. */
  let pending: Promise<unknown> | null = null
  let stalled = 0
  /** The held-bytes releases of writes the client has not taken yet. */
  const holding = new Set<() => void>()
  /** The batch reserved while the stream replays; given back once it has caught up. */
  const replaying = parts.held?.hold(LIMITS.readBatchBytes) ?? (() => {})
  let woken: (() => void) | null = null

  const wake = () => {
    const resolve = woken
    woken = null
    resolve?.()
  }

  /** Marks the stream over (once) and tells the hub. */
  function finish(): boolean {
    if (over) return false
    over = true
    for (const release of holding) release()
    holding.clear()
    replaying()
    wake()
    parts.ended()
    return true
  }

  /** Writes `text` (or bytes); a promise while the client is behind. */
  function write(text: string | Uint8Array): Promise<unknown> | null {
    if (!controller || over) return null
    const written = controller.write(text)
    if (!(written instanceof Promise)) return null
    const unhold = parts.held?.hold(typeof text === 'string' ? text.length : text.byteLength) ?? (() => {})
    const release = () => {
      unhold()
      holding.delete(release)
    }
    holding.add(release)
    const current = written.then(() => {
      release()
      if (pending === current) {
        pending = null
        stalled = 0
      }
    }, release)
    pending = current
    return current
  }

  /** Cuts the connection at once (a client that stopped reading cannot be given a last comment). */
  function cut(): void {
    if (!finish()) return
    ctx.log.info(
      `live stream cut: its client took nothing sent to it for ${LIMITS.streamStallBeats} heartbeats (it resumes with Last-Event-ID)`,
    )
    if (parts.drop) parts.drop()
    else controller?.close(new Error('live stream cut: the client stopped reading'))
  }

  async function run(): Promise<void> {
    void write(opening(LIMITS.streamRetryMs, last))
    while (!over) {
      const known = parts.known()
      if (last >= known) {
        replaying()
        await new Promise<void>((resolve) => (woken = resolve))
        continue
      }
      const chunk = await tail.next(last, lastId, known)
      if (over) return
      last = chunk.through
      lastId = chunk.lastId ?? lastId
      if (chunk.count > 0) await write(chunk.bytes)
    }
  }

  const body = new DirectStream({
    type: 'direct',
    async pull(direct: ReadableStreamDirectController) {
      // Bun calls pull once and the stream lasts as long as it runs.
      if (controller) return
      controller = direct
      // Ended before the client's first read (a shutdown): close at once.
      if (over) return direct.close()
      try {
        await run()
      } catch (error) {
        // A read failed (the database went away): end the stream; the client resumes from its last event.
        ctx.log.warn('a live stream ended: reading records failed', {
          error: error instanceof Error ? error.message : String(error),
        })
        if (finish()) direct.close()
      }
    },
    // The client went away.
    cancel() {
      finish()
    },
  })

  return {
    body,
    wake,
    beat() {
      if (over || !controller) return
      if (pending) {
        if (++stalled >= LIMITS.streamStallBeats) cut()
        return
      }
      void write(HEARTBEAT)
    },
    end(why) {
      if (over) return
      const stuck = pending !== null
      if (!finish()) return
      if (!controller) return
      if (stuck) return void (parts.drop ? parts.drop() : controller.close(new Error(why)))
      void controller.write(closing(why))
      controller.close()
    },
  }
}
