/**
 * @module Reading a Server-Sent Events stream as the WHATWG parser does (HTML §9.2.6): lines
 * end in CR, LF or CRLF; `field: value` (one optional space after the colon); a line starting
 * with `:` is a comment; a blank line dispatches the event gathered so far. An `id:` sets the
 * last event id even in a block without data (svc's streams start with one), which is what a
 * client resumes with. Chunks may split a line or a character anywhere.
 */

export interface SseEvent {
  /** The event's name (`message` when it has none). */
  event: string
  data: string
  /** The last event id once this event was dispatched. */
  lastEventId: string
}

export interface SseParser {
  /** Takes the next chunk of the body; calls the handler for each complete event in it. */
  push(chunk: Uint8Array): void
  /** The last event id so far ('' before any). */
  readonly lastEventId: string
  /** The reconnection time the server asked for (`retry:`), in ms; null if it did not. */
  readonly retry: number | null
}

/** A parser that hands each dispatched event to `onEvent`. */
export function sseParser(onEvent: (event: SseEvent) => void): SseParser {
  const decoder = new TextDecoder()
  let buffer = ''
  let data: string[] = []
  let name = ''
  let idBuffer = ''
  let lastEventId = ''
  let retry: number | null = null
  // A CR just ended a line: an LF right after it (perhaps in the next chunk) belongs to it.
  let afterCr = false

  function line(text: string): void {
    if (text === '') {
      lastEventId = idBuffer
      if (data.length > 0) onEvent({ event: name || 'message', data: data.join('\n'), lastEventId })
      data = []
      name = ''
      return
    }
    if (text.startsWith(':')) return
    const colon = text.indexOf(':')
    const field = colon === -1 ? text : text.slice(0, colon)
    let value = colon === -1 ? '' : text.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'data') data.push(value)
    else if (field === 'event') name = value
    else if (field === 'id' && !value.includes('\u0000')) idBuffer = value
    else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value)
  }

  return {
    push(chunk) {
      buffer += decoder.decode(chunk, { stream: true })
      let start = 0
      for (let i = 0; i < buffer.length; i++) {
        const char = buffer[i]
        if (char === '\n' && afterCr && i === start) {
          // The LF of a CRLF whose CR ended the last line.
          start = i + 1
          afterCr = false
          continue
        }
        afterCr = false
        if (char !== '\n' && char !== '\r') continue
        line(buffer.slice(start, i))
        if (char === '\r') {
          if (buffer[i + 1] === '\n') i++
          else if (i + 1 === buffer.length) afterCr = true
        }
        start = i + 1
      }
      buffer = buffer.slice(start)
    },
    get lastEventId() {
      return lastEventId
    },
    get retry() {
      return retry
    },
  }
}
