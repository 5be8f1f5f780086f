/**
 * @module This process's live streams (`ctx.live`, docs/design.md rule 19): it opens them
 * within the limits (places per app, client network and process, the owner's apart, and the
 * held-bytes budget: core/places),
 * wakes an app's streams when the storage reports records appended there
 * (storage.appends: this process's commits, and on PostgreSQL every other process's), has
 * the streams that select the same records share their reads (tail.ts), re-checks access
 * when an app's settings change (reads switched off, token rotated, unpublished, deleted)
 * and at every heartbeat (a revoked access token, an ended session), and ends them all at
 * shutdown.
 *
 * One timer beats for every stream (a comment on quiet ones, the end of stalled ones), so
 * an idle stream costs no timer of its own.
 */
import type { AppContext } from '../core/context.ts'
import type { EVERY_APP as EveryApp } from '../db/storage/appends.ts'
import { LIMITS } from '../contract/limits.ts'
import type { Place } from '../core/places/ledger.ts'

/** Stands for all apps in a notice (storage/appends.ts). */
const EVERY_APP: typeof EveryApp = '*'
import type { LiveHub, LiveRequest } from '../core/live-hub.ts'
import { liveStream, type LiveStream } from './stream.ts'
import { tailReader, type TailReader } from './tail.ts'

interface Entry {
  stream: LiveStream
  request: LiveRequest
  group: string
  place: Place
  /** A re-check of access is under way (a second one is not started meanwhile). */
  checking: boolean
}

/** The hub of `ctx` (made once, in createContext). */
export function createLiveHub(ctx: AppContext): LiveHub {
  // Long: the streams, shared readers and known positions are state every method shares.
  const byApp = new Map<string, Set<Entry>>()
  /** Streams selecting the same records of an app share a reader: by app, then by spam setting and filter. */
  const tails = new Map<string, Map<string, { reader: TailReader; streams: number }>>()
  /** The newest position each app was told of (kept for every app, so a stream opening never misses one). */
  const known = new Map<string, number>()
  let size = 0
  let closed = false
  let timer: ReturnType<typeof setInterval> | null = null

  const raise = (appId: string, serial: number) => {
    if (serial > (known.get(appId) ?? 0)) known.set(appId, serial)
  }

  /** Reads the app's last position again (notices may have been missed) and wakes its streams. */
  async function resync(appId: string): Promise<void> {
    try {
      const serial = await ctx.storage.records.lastSerial(appId)
      if (serial !== null) raise(appId, serial)
      for (const entry of byApp.get(appId) ?? []) entry.stream.wake()
    } catch (error) {
      ctx.log.warn('live streams could not read where their app stands', { appId, error: String(error) })
    }
  }

  /** When each app's streams were last woken, and the apps with a wake-up waiting for its turn. */
  const woken = new Map<string, number>()
  const waiting = new Set<string>()

  /** Wakes the app's streams, at once unless they were woken within the last `streamWakeMs` (then at its end). */
  function wakeApp(appId: string): void {
    if (waiting.has(appId)) return
    const wait = (woken.get(appId) ?? Number.NEGATIVE_INFINITY) + LIMITS.streamWakeMs - performance.now()
    const wakeNow = () => {
      waiting.delete(appId)
      const entries = byApp.get(appId)
      if (!entries) return void woken.delete(appId)
      woken.set(appId, performance.now())
      for (const entry of entries) entry.stream.wake()
    }
    if (wait <= 0) {
      wakeNow()
      return
    }
    waiting.add(appId)
    setTimeout(wakeNow, wait)
  }

  ctx.storage.appends.subscribe((appId, serial) => {
    if (appId === EVERY_APP) {
      for (const app of byApp.keys()) void resync(app)
      return
    }
    const before = known.get(appId) ?? 0
    if (serial <= before) return
    known.set(appId, serial)
    if (byApp.has(appId)) wakeApp(appId)
  })

  /** Ends the stream of `entry` if its reader may no longer read. */
  async function recheck(entry: Entry): Promise<void> {
    if (entry.checking) return
    entry.checking = true
    try {
      if (!(await entry.request.allowed())) entry.stream.end('access withdrawn')
    } catch (error) {
      // The database did not answer: the stream goes on, and the next heartbeat asks again.
      ctx.log.warn('a live stream could not re-check its access', { error: String(error) })
    } finally {
      entry.checking = false
    }
  }

  ctx.changes.subscribe((appId, kind) => {
    if (kind === 'fields' || kind === 'webhooks') return
    // A deleted app takes no more records: its last position need not be kept.
    if (kind === 'deleted') known.delete(appId)
    const apps = appId === EVERY_APP ? [...byApp.keys()] : [appId]
    for (const app of apps) {
      // Records deleted or marked: kept reads may hold them as they were.
      if (kind === 'records') for (const tail of tails.get(app)?.values() ?? []) tail.reader.forget()
      // Settings, publication, token or the app itself: who may read may have changed.
      else for (const entry of byApp.get(app) ?? []) void recheck(entry)
    }
  })

  function beat(): void {
    for (const groups of tails.values()) for (const tail of groups.values()) tail.reader.forget()
    for (const entries of byApp.values())
      for (const entry of entries) {
        entry.stream.beat()
        void recheck(entry)
      }
  }

  /** Takes a stream off the books (once). */
  function remove(entry: Entry): void {
    size--
    const entries = byApp.get(entry.request.appId)
    entries?.delete(entry)
    if (entries?.size === 0) {
      byApp.delete(entry.request.appId)
      woken.delete(entry.request.appId)
    }
    entry.place.release()
    const groups = tails.get(entry.request.appId)
    const tail = groups?.get(entry.group)
    if (tail && --tail.streams === 0) groups!.delete(entry.group)
    if (groups?.size === 0) tails.delete(entry.request.appId)
    if (size === 0 && timer) {
      clearInterval(timer)
      timer = null
    }
    ctx.log.debug('live stream ended', { appId: entry.request.appId, open: size })
  }

  function readerFor(request: LiveRequest, group: string): TailReader {
    let groups = tails.get(request.appId)
    if (!groups) {
      groups = new Map()
      tails.set(request.appId, groups)
    }
    let tail = groups.get(group)
    if (!tail) {
      tail = {
        reader: tailReader(ctx, request.appId, {
          selection: request.selection,
          filter: request.filter,
          strangers: !request.owner,
        }),
        streams: 0,
      }
      groups.set(group, tail)
    }
    tail.streams++
    return tail.reader
  }

  return {
    open(request) {
      ctx.places.held.check(request.owner)
      const place = ctx.places.streams.take({ appId: request.appId, client: request.client, owner: request.owner })
      raise(request.appId, request.through)
      // Owners and strangers read the same rows apart: strangers see less of a file (core/files/strangers-view.ts).
      const group = `${request.owner ? 'owner' : 'strangers'}\u0000${request.selection}\u0000${request.filterText ?? ''}`
      let entry: Entry | null = null
      const stream = liveStream({
        ctx,
        tail: readerFor(request, group),
        after: request.after,
        known: () => known.get(request.appId) ?? 0,
        drop: request.drop,
        held: ctx.places.held,
        ended: () => entry && remove(entry),
      })
      entry = { stream, request, group, place, checking: false }
      size++
      let entries = byApp.get(request.appId)
      if (!entries) {
        entries = new Set()
        byApp.set(request.appId, entries)
      }
      entries.add(entry)
      timer ??= setInterval(beat, ctx.config.streamHeartbeatMs)
      ctx.log.debug('live stream opened', { appId: request.appId, open: size })
      // After shutdown began: the client gets its position and reconnects (to another process, or once this one is back).
      if (closed) stream.end('the server is shutting down')
      return stream.body
    },
    get size() {
      return size
    },
    close() {
      closed = true
      for (const entries of [...byApp.values()])
        for (const entry of [...entries]) entry.stream.end('the server is shutting down')
    },
  }
}
