/**
 * @module How long svc-cli waits for the server: `--timeout` > `SVC_TIMEOUT` > 30 s, and
 * the waiting itself. The limit is on silence, not on length: each wait (for the answer's
 * headers, then for each chunk of its body) may last that long, so a large export that
 * keeps sending never times out and a server that stops sending always does.
 */
import { EXIT, CliError, flagError, usageError } from './errors.ts'

export const DEFAULT_TIMEOUT_SECONDS = 30
/** A day; also well inside setTimeout's limit (2^31 − 1 ms). */
export const MAX_TIMEOUT_SECONDS = 86_400

const NUMBER = /^\d+(\.\d+)?$|^\.\d+$/

/** Seconds from `--timeout` or `SVC_TIMEOUT` (flag first); usage error (exit 2) when not a positive number. */
export function timeoutSeconds(flag: string | undefined, env: Record<string, string | undefined>): number {
  const [raw, name] = flag !== undefined ? [flag, '--timeout'] : [env.SVC_TIMEOUT, 'SVC_TIMEOUT']
  if (raw === undefined || (name === 'SVC_TIMEOUT' && raw.trim() === '')) return DEFAULT_TIMEOUT_SECONDS
  const text = raw.trim()
  const seconds = NUMBER.test(text) ? Number(text) : Number.NaN
  const problem = `must be a number of seconds greater than 0 and at most ${MAX_TIMEOUT_SECONDS}, got "${raw}"`
  if (!(seconds > 0 && seconds <= MAX_TIMEOUT_SECONDS)) {
    throw name === '--timeout'
      ? flagError('--timeout', problem)
      : usageError(`SVC_TIMEOUT ${problem}`, [{ path: 'SVC_TIMEOUT', message: problem }])
  }
  return seconds
}

/** Seconds as people write them: `30 s`, `1.5 s`. */
export const secondsText = (seconds: number) => `${Number(seconds.toFixed(3))} s`

/** The error for a server that went silent; exit 124, details for scripts. */
export function timeoutError(server: string, request: string, seconds: number, bytes?: number): CliError {
  const what =
    bytes === undefined
      ? `svc at ${server} did not answer ${request} within ${secondsText(seconds)}`
      : `svc at ${server} stopped sending during ${request}: nothing for ${secondsText(seconds)} after ${bytes} bytes`
  return new CliError(
    'timeout',
    `${what}. Check that the server is running and that --server or SVC_URL points at it; to wait longer pass --timeout <seconds> or set SVC_TIMEOUT.`,
    EXIT.timeout,
    { server, request, timeoutSeconds: seconds, ...(bytes === undefined ? {} : { bytes }) },
  )
}

/** Where the waiting happens: the real timers, or a hand-moved clock in tests. */
export interface Timers {
  set(callback: () => void, ms: number): unknown
  clear(handle: unknown): void
}

export const systemTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** `work`, or a rejection with `onTimeout()` when it has not settled after `ms`. */
export function within<T>(
  work: Promise<T>,
  ms: number,
  onTimeout: () => Error,
  timers: Timers = systemTimers,
): Promise<T> {
  return idleWithin(() => work, ms, onTimeout, timers)
}

/**
 * `work(touch)`, or a rejection with `onTimeout()` once `ms` pass without a `touch()`: the
 * wait of an upload, where each chunk the connection takes is progress and only silence
 * (no chunk taken, then no answer) times out.
 */
export function idleWithin<T>(
  work: (touch: () => void) => Promise<T>,
  ms: number,
  onTimeout: () => Error,
  timers: Timers = systemTimers,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const fire = () => reject(onTimeout())
    let timer = timers.set(fire, ms)
    const touch = () => {
      timers.clear(timer)
      timer = timers.set(fire, ms)
    }
    void work(touch).then(
      (value) => {
        timers.clear(timer)
        resolve(value)
      },
      (error) => {
        timers.clear(timer)
        reject(error)
      },
    )
  })
}

/** An upload body that calls `touch` each time the connection takes a chunk of it (idleWithin). */
export function touchingBody(body: ReadableStream<Uint8Array>, touch: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader()
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        touch()
        const chunk = await reader.read()
        if (chunk.done) return controller.close()
        controller.enqueue(chunk.value)
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  )
}

/**
 * The body re-streamed so that each read waits at most `ms` for the server; when one
 * waits longer, `onIdle(bytesSoFar)` gives the error the reader sees and the download is
 * cancelled. Time spent while nobody reads (a slow consumer) does not count.
 */
export function idleLimited(
  body: ReadableStream<Uint8Array>,
  ms: number,
  onIdle: (bytes: number) => Error,
  timers: Timers = systemTimers,
): ReadableStream<Uint8Array> {
  const reader = body.getReader()
  let bytes = 0
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let chunk: Awaited<ReturnType<typeof reader.read>>
        try {
          chunk = await within(reader.read(), ms, () => onIdle(bytes), timers)
        } catch (error) {
          void reader.cancel().catch(() => {})
          controller.error(error)
          return
        }
        if (chunk.done) return controller.close()
        bytes += chunk.value.byteLength
        controller.enqueue(chunk.value)
      },
      cancel: (reason) => reader.cancel(reason),
    },
    // Pull only when the consumer asks, so the idle clock runs only while someone waits.
    { highWaterMark: 0 },
  )
}
