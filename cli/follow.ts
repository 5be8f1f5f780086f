/**
 * @module Following an app's records as they arrive (the owner's live stream,
 * `records.stream`), for `svc-cli share tail` and the MCP resource subscriptions: one
 * stream, read event by event, and when it drops (the server restarted, the network went,
 * nothing came for the timeout although the server sends a comment every 15 s) a new one
 * that resumes with Last-Event-ID, so no record is missed or repeated. Waits between tries
 * grow (the server's `retry:` first, doubling up to a limit). A refusal that trying again
 * cannot fix (the app is gone, the token refused, a bad filter) ends it with that error.
 */
import type { SvcRecord } from '../server/contract/api/records.ts'
import { LAST_EVENT_ID, LIVE_EVENT } from '../server/contract/records/live.ts'
import type { SpamMode } from '../server/contract/records/schemas.ts'
import type { SvcClient } from './client.ts'
import { CliError } from './errors.ts'
import { sseParser } from './sse.ts'

/** Longest wait between two tries. */
const MAX_WAIT_MS = 30_000
/** The first wait when the server named none. */
const FIRST_WAIT_MS = 1000

/** Failures a new try may get past: the server busy, away, silent or briefly broken. */
const PASSING = new Set(['timeout', 'unreachable', 'rate_limited', 'storage_unavailable', 'internal', 'http_error'])

export interface Follow {
  client: SvcClient
  appId: string
  spam?: SpamMode
  filter?: string
  /** The position to start after (an event id; '0' for every record); null: from now on. */
  since: string | null
  /** Stops following (the promise then resolves). */
  signal: AbortSignal
  /** Each record as it arrives, with its position; the next is read once this settles. */
  onRecord(record: SvcRecord, position: string): void | Promise<void>
  /** Told before each wait to try again: why, and how long. */
  onRetry?(why: string, waitMs: number): void
}

/** What `onRecord` threw (stdout closed, say): it ends the following, never a new try. */
class Delivery {
  constructor(readonly error: unknown) {}
}

/** Resolves after `ms`, or at once when `signal` fires. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })
}

/**
 * Follows the records of `follow.appId` until `follow.signal` fires; resolves with the last
 * position seen (what to resume with), or rejects with a refusal no new try can fix.
 */
export async function followRecords(follow: Follow): Promise<string | null> {
  let position = follow.since
  let wait = FIRST_WAIT_MS
  for (;;) {
    if (follow.signal.aborted) return position
    let why: string
    try {
      const response = await follow.client.callDownload(
        'records.stream',
        { params: { id: follow.appId }, query: { spam: follow.spam, filter: follow.filter } },
        {
          headers: { accept: 'text/event-stream', ...(position === null ? {} : { [LAST_EVENT_ID]: position }) },
          signal: follow.signal,
        },
      )
      const pending: Array<{ record: SvcRecord; position: string }> = []
      const parser = sseParser((event) => {
        if (event.event === LIVE_EVENT) pending.push({ record: JSON.parse(event.data), position: event.lastEventId })
      })
      const reader = response.body!.getReader()
      try {
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          parser.push(chunk.value)
          // The stream's first block names where it starts, so a drop before any record still resumes from there.
          if (parser.lastEventId !== '') position = parser.lastEventId
          for (const item of pending.splice(0))
            await Promise.resolve()
              .then(() => follow.onRecord(item.record, item.position))
              .catch((error: unknown) => {
                throw new Delivery(error)
              })
          // Connected and reading: the next drop waits the server's time again.
          wait = parser.retry ?? FIRST_WAIT_MS
        }
      } finally {
        await reader.cancel().catch(() => {})
      }
      why = 'the server ended the stream'
    } catch (error) {
      if (error instanceof Delivery) throw error.error
      if (follow.signal.aborted) return position
      if (error instanceof CliError && !PASSING.has(error.type)) throw error
      if (error instanceof CliError && error.type === 'rate_limited') {
        const seconds = (error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds
        if (seconds !== undefined) wait = Math.max(wait, seconds * 1000)
      }
      why = error instanceof Error ? error.message : String(error)
    }
    follow.onRetry?.(why, wait)
    await pause(wait, follow.signal)
    wait = Math.min(wait * 2, MAX_WAIT_MS)
  }
}
