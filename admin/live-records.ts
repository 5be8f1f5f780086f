/**
 * @module A screen's live records as a Lit controller: follows one view of an app (its spam
 * mode and filter) on the owner's stream (live.ts), opens a stream for the new view when
 * the view changes, closes it when the screen leaves the page, and says in words why live
 * updates stopped when the stream ends for good.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'
import { ApiError, api, type SpamFilter, type SvcRecord } from './api.ts'
import { watchRecords, type RecordWatch } from './live.ts'

/** Which records a screen follows: the spam mode and filter of its reads. */
export interface LiveView {
  spam: SpamFilter
  /** '' for none. */
  filter: string
}

export interface LiveHandlers {
  /** Each record of the view as it arrives. */
  onRecord?(record: SvcRecord): void
  /** After records arrived, at most once a second. */
  onChanged?(): void
  /** A stream for a new view was opened: what was counted for the last one no longer holds. */
  onFollow?(): void
}

/**
 * How long a view's first read waits for its stream to open. The stream starts after the
 * newest record when the server opens it, so a page read before that could miss a record
 * stored in between; past this (a proxy holding the answer back) the page is read anyway.
 */
const OPEN_WAIT_MS = 2000

/** What the screens say once live updates have stopped while the app is still there. */
export const LIVE_STOPPED = 'Live updates stopped. Reload the page to resume them.'
export const LIVE_APP_GONE = 'Live updates stopped: this app was deleted.'

/**
 * Why the stream of `view` ended, asked with an ordinary read of the same records: null when
 * the view itself was refused (a filter the server cannot run, which the screen's own read
 * reports); an ended session signs the page out through api.ts.
 */
async function whyEnded(appId: string, view: LiveView): Promise<string | null> {
  try {
    await api.records(appId, { page: 1, size: 1, order: 'asc', ...view })
    return LIVE_STOPPED
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return null
    return error instanceof ApiError && error.status === 404 ? LIVE_APP_GONE : LIVE_STOPPED
  }
}

/** Follows one view of an app for a Lit element while it is on the page. */
export class LiveRecords implements ReactiveController {
  /** Why live updates stopped, in words; '' while they run. */
  stopped = ''
  private watch: RecordWatch | null = null
  private key = ''
  private target: { appId: string; view: LiveView } | null = null
  private opened: Promise<void> = Promise.resolve()

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly handlers: LiveHandlers,
  ) {
    host.addController(this)
  }

  /**
   * Follows `view` of app `appId`, closing the stream of any other view; resolves once the
   * stream is open (or has ended, or after OPEN_WAIT_MS), at once when it already was.
   */
  follow(appId: string, view: LiveView): Promise<void> {
    const key = JSON.stringify([appId, view.spam, view.filter])
    if (key === this.key && this.watch) return this.opened
    this.close()
    this.key = key
    this.target = { appId, view }
    this.stopped = ''
    this.handlers.onFollow?.()
    let settle = () => {}
    this.opened = new Promise<void>((resolve) => (settle = resolve))
    const timer = setTimeout(settle, OPEN_WAIT_MS)
    const opened = () => {
      clearTimeout(timer)
      settle()
    }
    const watch: RecordWatch = watchRecords(appId, {
      ...view,
      onOpen: opened,
      onRecord: (record) => this.handlers.onRecord?.(record),
      onChanged: () => this.handlers.onChanged?.(),
      onClosed: () => {
        opened()
        void this.ended(watch, appId, view)
      },
    })
    this.watch = watch
    return this.opened
  }

  private async ended(watch: RecordWatch, appId: string, view: LiveView) {
    const reason = await whyEnded(appId, view)
    // Another view may be followed by now; its own stream speaks for it.
    if (this.watch !== watch || reason === null) return
    this.stopped = reason
    this.host.requestUpdate()
  }

  private close() {
    this.watch?.close()
    this.watch = null
    this.key = ''
  }

  hostConnected() {
    // Back on the page (moved, not rebuilt): follow the same view again.
    if (this.target && !this.watch) void this.follow(this.target.appId, this.target.view)
  }

  hostDisconnected() {
    this.close()
  }
}
