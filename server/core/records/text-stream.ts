/**
 * @module A streamed answer made of text: a head, the text of each batch of records, a tail.
 * A Bun direct stream: each piece of text goes to the response as it is (Bun encodes it
 * into its own buffer, no Uint8Array per piece), and awaiting each write waits while the
 * client is behind, so the next batch is read only once the last one has gone out: memory
 * holds a batch or two whatever the size of the answer.
 *
 * A client that stops reading would still hold its batch until Bun's idle timeout, so the
 * text goes out in pieces of `LIMITS.readWriteChars`: what waits for the client counts
 * against the process's held-bytes budget (core/places), and once no piece of a stranger's
 * read is taken for SVC_READ_STALL_MS the answer is cut, giving back its memory and its
 * read place.
 *
 * The first batch is read before the stream is made, so a failure there is still an
 * ordinary error answer. A failure after the status line went out cannot be one: the
 * connection is reset, so the client sees a broken body rather than a complete-looking
 * short page or file.
 */
import type { AppContext } from '../context.ts'
import { LIMITS } from '../../contract/limits.ts'
import type { Place } from '../places/ledger.ts'

/** Bun's direct ReadableStream; the DOM typings the project compiles with lack `type: 'direct'`. */
const DirectStream = ReadableStream as unknown as new (
  source: Bun.DirectUnderlyingSource<Uint8Array>,
) => ReadableStream<Uint8Array>

/** Stands for a batch already written, so its rows can be collected while the next is read. */
const DRAINED: IteratorResult<never, void> = { done: false, value: undefined as never }

export interface StreamedText<T> {
  head: string
  batches: AsyncIterator<T, void, undefined>
  /** The text of one batch; `first` tells the first batch written from the rest (separators). */
  text(batch: T, first: boolean): string
  /** Written after the last batch; a function, so it can say what the batches found. */
  tail(): string
}

/** What the answer is sent with besides its text. */
export interface TextDelivery {
  /** The read's place (core/places), given back once the answer ends, whatever ends it. */
  place?: Place
  /**
   * Cut the answer once its client has taken nothing for this long (a stranger's read:
   * SVC_READ_STALL_MS); absent, a client that is behind is waited for (the owner's reads).
   */
  stallMs?: number
  /** Cuts the connection (the HTTP face's); without it a stalled answer is closed with an error. */
  drop?: () => void
}

/** The end of the `size` characters of `text` from `at`, never splitting a surrogate pair. */
function pieceEnd(text: string, at: number, size: number): number {
  const end = Math.min(text.length, at + size)
  const code = text.charCodeAt(end - 1)
  return end < text.length && code >= 0xd800 && code <= 0xdbff ? end - 1 : end
}

/** Writes text to a direct stream's controller piece by piece, as TextDelivery says. */
interface Sender {
  /** Writes `out`; false when the answer ended meanwhile (the client went away, or it was cut). */
  send(controller: ReadableStreamDirectController, out: string): Promise<boolean>
  /** Stops waiting for a write (the client went away: Bun may never settle it then). */
  interrupt(): void
}

/**
 * A sender that counts what waits for the client against the held-bytes budget and, with
 * `delivery.stallMs`, cuts a client that takes nothing for that long (`ended()` then, and the
 * connection dropped). `over()` tells whether the answer ended elsewhere.
 */
function sender(ctx: AppContext, what: string, delivery: TextDelivery, over: () => boolean, ended: () => void): Sender {
  let interrupt: (() => void) | null = null

  /** True once `written` is taken; false when the answer ended meanwhile or was cut. */
  function taken(written: Promise<unknown>, controller: ReadableStreamDirectController): Promise<boolean> {
    return new Promise((resolve) => {
      const settle = (ok: boolean) => {
        clearTimeout(timer)
        interrupt = null
        resolve(ok)
      }
      const { stallMs } = delivery
      const cut = () => {
        settle(false)
        ctx.log.info(
          `${what} cut: its client took nothing sent to it for ${stallMs} ms (its memory and read place are free again)`,
        )
        ended()
        if (delivery.drop) delivery.drop()
        else controller.close(new Error(`${what} cut: the client stopped reading`))
      }
      const timer = stallMs === undefined ? undefined : setTimeout(cut, stallMs)
      interrupt = () => settle(false)
      void written.then(
        () => settle(!over()),
        () => settle(false),
      )
    })
  }

  return {
    async send(controller, out) {
      for (let at = 0; at < out.length && !over(); ) {
        const end = pieceEnd(out, at, LIMITS.readWriteChars)
        const written = controller.write(at === 0 && end === out.length ? out : out.slice(at, end))
        if (written instanceof Promise) {
          // The whole text stays in memory until its last piece is taken.
          const unhold = ctx.places.held.hold(out.length)
          const ok = await taken(written, controller)
          unhold()
          if (!ok) return false
        }
        at = end
      }
      return !over()
    },
    interrupt: () => interrupt?.(),
  }
}

/** The byte stream of `parts`; `what` names the read in the log lines of a failure or a cut. */
export async function textStream<T>(
  ctx: AppContext,
  what: string,
  parts: StreamedText<T>,
  delivery: TextDelivery = {},
): Promise<ReadableStream<Uint8Array>> {
  let next: IteratorResult<T, void>
  try {
    next = await parts.batches.next()
  } catch (error) {
    delivery.place?.release()
    throw error
  }
  const release = () => delivery.place?.release()
  // An answer nobody starts sending (a HEAD, a response dropped unsent) gives its place back all the same.
  const unstarted = setTimeout(release, delivery.stallMs ?? ctx.config.readStallMs)
  unstarted.unref?.()
  let cancelled = false
  let text = parts.head
  let first = true
  const finish = () => {
    cancelled = true
    writer.interrupt()
    release()
  }
  const writer = sender(
    ctx,
    what,
    delivery,
    () => cancelled,
    () => {
      finish()
      void parts.batches.return?.()
    },
  )

  return new DirectStream({
    type: 'direct',
    // Bun.serve calls pull once and streams until it settles; a reader calls it again for
    // each later read, so every call carries on where the last one stopped.
    async pull(controller: ReadableStreamDirectController) {
      clearTimeout(unstarted)
      try {
        while (!cancelled && !next.done) {
          text += parts.text(next.value, first)
          first = false
          // Let go of the batch before reading the next one: only its text is held while it goes out.
          next = DRAINED
          const out = text
          text = ''
          if (!(await writer.send(controller, out))) return
          next = await parts.batches.next()
        }
        if (cancelled) return
        if (!(await writer.send(controller, text + parts.tail()))) return
        controller.close()
        finish()
      } catch (error) {
        ctx.log.error(`${what} failed after its answer began: connection reset`, {
          error: error instanceof Error ? error.message : String(error),
        })
        finish()
        controller.close(error instanceof Error ? error : new Error(String(error)))
      }
    },
    // The client went away: stop reading.
    cancel() {
      clearTimeout(unstarted)
      finish()
      void parts.batches.return?.()
    },
  })
}
