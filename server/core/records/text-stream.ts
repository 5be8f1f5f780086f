/**
 * @module A streamed answer made of text: a head, the text of each batch of records, a tail.
 * A Bun direct stream: each piece of text goes to the response as it is (Bun encodes it
 * into its own buffer, no Uint8Array per piece), and awaiting each write waits while the
 * client is behind, so the next batch is read only once the last one has gone out: memory
 * holds a batch or two whatever the size of the answer.
 *
 * The first batch is read before the stream is made, so a failure there is still an
 * ordinary error answer. A failure after the status line went out cannot be one: the
 * connection is reset, so the client sees a broken body rather than a complete-looking
 * short page or file.
 */
import type { AppContext } from '../context.ts'

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

/** The byte stream of `parts`; `what` names the read in the log line of a failure mid-stream. */
export async function textStream<T>(
  ctx: AppContext,
  what: string,
  parts: StreamedText<T>,
): Promise<ReadableStream<Uint8Array>> {
  let next = await parts.batches.next()
  let cancelled = false
  let text = parts.head
  let first = true
  return new DirectStream({
    type: 'direct',
    // Bun.serve calls pull once and streams until it settles; a reader calls it again for
    // each later read, so every call carries on where the last one stopped.
    async pull(controller: ReadableStreamDirectController) {
      try {
        while (!cancelled && !next.done) {
          text += parts.text(next.value, first)
          first = false
          // Let go of the batch before reading the next one: only its text is held while it goes out.
          next = DRAINED
          await controller.write(text)
          text = ''
          if (cancelled) return
          next = await parts.batches.next()
        }
        if (cancelled) return
        await controller.write(text + parts.tail())
        controller.close()
      } catch (error) {
        ctx.log.error(`${what} failed after its answer began: connection reset`, {
          error: error instanceof Error ? error.message : String(error),
        })
        cancelled = true
        controller.close(error instanceof Error ? error : new Error(String(error)))
      }
    },
    // The client went away: stop reading.
    cancel() {
      cancelled = true
      void parts.batches.return?.()
    },
  })
}
