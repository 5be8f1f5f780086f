/**
 * @module The server's log lines to stderr, written in batches: the lines of one turn of the
 * event loop (under load, the access lines of many requests) go out in one write instead of
 * one each. A batch is written on the next turn, at once when it passes BATCH_BYTES, with any
 * error line (which may be the last before a crash), and when the process exits.
 */
import type { LogSink } from './core/logger.ts'

/** A batch this large is written without waiting for the turn to end. */
const BATCH_BYTES = 64 * 1024

export interface BatchedSink {
  sink: LogSink
  /** Writes what is waiting now. */
  flush(): void
}

/** A sink batching into `write`; the batch left when the process exits is written then. */
export function batchedSink(write: (text: string) => void): BatchedSink {
  let pending = ''
  let scheduled = false
  const flush = () => {
    scheduled = false
    if (pending === '') return
    const text = pending
    pending = ''
    write(text)
  }
  process.once('exit', flush)
  return {
    flush,
    sink(level, line) {
      pending += `${line}\n`
      if (level === 'error' || pending.length >= BATCH_BYTES) flush()
      else if (!scheduled) {
        scheduled = true
        setImmediate(flush)
      }
    },
  }
}

let stderrBatch: BatchedSink | null = null

/** The process's one batched sink to stderr, however many servers it runs. */
export function stderrLines(): LogSink {
  stderrBatch ??= batchedSink((text) => void process.stderr.write(text))
  return stderrBatch.sink
}
