/**
 * @module A live stream's request and answer, the same for the public `reads.stream` and the
 * owner's `records.stream`: what core's stream takes from the request (query, Last-Event-ID,
 * the client, a way to cut the connection, whether it is a HEAD), and the answer:
 * `text/event-stream`, never cached, and not buffered by nginx (`X-Accel-Buffering: no`),
 * keeping the headers hooks set (CORS, request id, rate limits).
 */
import type { AppContext } from '../core/context.ts'
import type { StreamCall } from '../live/open.ts'
import { LAST_EVENT_ID } from '../contract/records/live.ts'
import { connectionOf } from './connection.ts'
import { requestClient } from './share/resolve.ts'

/** What core's stream needs of `request` besides whose records it reads. */
export function streamCallOf(ctx: AppContext, request: Request): StreamCall {
  return {
    query: new URL(request.url).searchParams,
    lastEventId: request.headers.get(LAST_EVENT_ID),
    client: requestClient(ctx, request),
    drop: connectionOf(request)?.drop,
    // A HEAD is answered as the stream would be, without one: nothing would ever end it.
    checkOnly: request.method === 'HEAD',
  }
}

/** The answer to `request` for a stream opened on `body` (null: a HEAD), lifting the idle timeout of a real one. */
export function streamAnswer(
  request: Request,
  body: ReadableStream<Uint8Array> | null,
  headers: Record<string, string>,
): Response {
  if (body) connectionOf(request)?.keepOpen()
  return eventStreamResponse(body, headers)
}

/** `body` as a Server-Sent Events response (null: the headers alone, for a HEAD). */
export function eventStreamResponse(
  body: ReadableStream<Uint8Array> | null,
  headers: Record<string, string>,
): Response {
  const response = new Response(body, { headers })
  response.headers.set('content-type', 'text/event-stream')
  response.headers.set('cache-control', 'no-cache, no-store')
  response.headers.set('x-accel-buffering', 'no')
  return response
}
