/**
 * @module Reads a Server-Sent Events answer the way the WHATWG parser does (lines ending in
 * CR, LF or CRLF; `field: value`; a comment starts with `:`; a blank line dispatches), and
 * keeps everything it saw: events (with the last event id each carried), comments, the
 * `retry` and the last event id (also set by a block with an `id:` and no data). Tests wait
 * for a number of events or for the end of the stream; Bun's test timeout bounds the waits.
 */
import type { JsonDocument } from './contract.ts'

export interface SseEvent {
  /** The last event id after this event (what EventSource's `lastEventId` says). */
  id: string
  event: string
  data: string
}

export interface SseStream {
  response: Response
  events: SseEvent[]
  comments: string[]
  retry: number | null
  /** The last event id so far: what a client resumes with. */
  lastEventId: string
  /** The data of the `record` events so far, parsed. */
  records(): JsonDocument[]
  /** Resolves with the events once there are at least `count`; rejects when the stream ends before. */
  waitFor(count: number): Promise<SseEvent[]>
  /** Resolves once `predicate` holds for what was seen (checked after every chunk); rejects when the stream ends before. */
  until(predicate: () => boolean, what?: string): Promise<void>
  /** Settles when the server ends the stream: 'done' (closed) or 'reset' (broken off). */
  ended: Promise<'done' | 'reset'>
  /** Closes it from the client's side. */
  close(): Promise<void>
}

/** Reads `response`'s body as an event stream. */
export function readEvents(response: Response): SseStream {
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let data: string[] = []
  let event = ''
  let idBuffer = ''
  const waiters = new Set<{ check: () => boolean; resolve: () => void; reject: (error: Error) => void }>()
  let finished: 'done' | 'reset' | null = null
  const stream: SseStream = {
    response,
    events: [],
    comments: [],
    retry: null,
    lastEventId: '',
    records: () => stream.events.filter((e) => e.event === 'record').map((e) => JSON.parse(e.data)),
    waitFor: async (count) => {
      await stream.until(() => stream.events.length >= count, `${count} events`)
      return stream.events
    },
    until: (predicate, what = 'the condition') =>
      new Promise<void>((resolve, reject) => {
        if (predicate()) return resolve()
        if (finished)
          return reject(new Error(`the stream ended (${finished}) before ${what}; saw ${stream.events.length} events`))
        waiters.add({ check: predicate, resolve, reject })
      }),
    ended: null as never,
    close: async () => {
      await reader.cancel().catch(() => {})
    },
  }

  function line(text: string): void {
    if (text === '') {
      stream.lastEventId = idBuffer
      if (data.length > 0) stream.events.push({ id: idBuffer, event: event || 'message', data: data.join('\n') })
      data = []
      event = ''
      return
    }
    if (text.startsWith(':')) return void stream.comments.push(text.slice(1).trim())
    const colon = text.indexOf(':')
    const field = colon === -1 ? text : text.slice(0, colon)
    let value = colon === -1 ? '' : text.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'data') data.push(value)
    else if (field === 'event') event = value
    else if (field === 'id' && !value.includes('\0')) idBuffer = value
    else if (field === 'retry' && /^\d+$/.test(value)) stream.retry = Number(value)
  }

  function settle(): void {
    for (const waiter of [...waiters]) {
      if (waiter.check()) {
        waiters.delete(waiter)
        waiter.resolve()
      } else if (finished) {
        waiters.delete(waiter)
        waiter.reject(new Error(`the stream ended (${finished}); saw ${stream.events.length} events`))
      }
    }
  }

  stream.ended = (async () => {
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true })
        // A CR at the very end may be the first half of a CRLF: it waits for the next chunk.
        const held = buffer.endsWith('\r') ? '\r' : ''
        const parts = buffer.slice(0, buffer.length - held.length).split(/\r\n|\r|\n/)
        buffer = (parts.pop() ?? '') + held
        for (const part of parts) line(part)
        settle()
      }
      finished = 'done'
    } catch {
      finished = 'reset'
    }
    settle()
    return finished
  })()
  return stream
}
