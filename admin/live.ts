/**
 * @module Following an app's records in the admin page: the owner's live stream
 * (`records.stream`, GET /api/v3/apps/:id/records/stream) through the browser's EventSource.
 * Same origin, so the session cookie goes along; EventSource reconnects by itself and
 * resumes with Last-Event-ID, so no record is missed or repeated across a drop. A refusal
 * (the session ended, the app deleted) is not retried: `onClosed` is called, and the page
 * can find out why with an ordinary call (api.ts), which also reports an ended session.
 *
 * Each event is a record as the pages show it (`SvcRecord`), with its position in the app's
 * stream; positions only grow. The server sends `id:` first with the position the stream
 * starts after, so `since` is only needed to replay records the page has not shown yet
 * (e.g. the position of the newest record it listed).
 */
import { requestLine } from '../server/contract/api/request.ts'
import { LIVE_EVENT } from '../server/contract/records/live.ts'
import type { SpamFilter, SvcRecord } from './api.ts'

export interface WatchOptions {
  spam?: SpamFilter
  /** Only records matching it, as on the records pages. */
  filter?: string
  /** Replay the records after this position first (0: every record); without it, records from now on. */
  since?: number
  /** Each record as it arrives, with its position. */
  onRecord(record: SvcRecord, position: number): void
  /** After records arrived, at most once per `changedEveryMs`: for what is read again rather than added to (the summary). */
  onChanged?(): void
  /** Default 1000 ms. */
  changedEveryMs?: number
  /** The stream is open (the server has fixed where it starts); again after each reconnection. */
  onOpen?(): void
  /** The stream ended for good: EventSource gave up after a refusal (the session ended, the app is gone, too many streams). */
  onClosed?(): void
}

export interface RecordWatch {
  /** Stops following (also stops pending `onChanged` calls). */
  close(): void
}

/** Follows the records of app `appId` until `close()`. */
export function watchRecords(appId: string, options: WatchOptions): RecordWatch {
  const line = requestLine('records.stream', {
    params: { id: appId },
    query: {
      spam: options.spam === 'exclude' ? undefined : options.spam,
      filter: options.filter || undefined,
      since: options.since,
    },
  })
  const query = new URLSearchParams(line.query).toString()
  const source = new EventSource(`${line.path}${query ? `?${query}` : ''}`)
  const every = options.changedEveryMs ?? 1000
  let last = Number.NEGATIVE_INFINITY
  let timer: ReturnType<typeof setTimeout> | null = null
  const changed = () => {
    if (!options.onChanged || timer) return
    const tell = () => {
      timer = null
      last = Date.now()
      options.onChanged?.()
    }
    const wait = last + every - Date.now()
    if (wait <= 0) tell()
    else timer = setTimeout(tell, wait)
  }
  source.addEventListener(LIVE_EVENT, (event) => {
    const message = event as MessageEvent<string>
    options.onRecord(JSON.parse(message.data) as SvcRecord, Number(message.lastEventId))
    changed()
  })
  source.addEventListener('open', () => options.onOpen?.())
  source.addEventListener('error', () => {
    // A drop is retried by EventSource itself (readyState CONNECTING); CLOSED means it will not be.
    if (source.readyState === EventSource.CLOSED) options.onClosed?.()
  })
  return {
    close() {
      source.close()
      if (timer) clearTimeout(timer)
      timer = null
    },
  }
}
