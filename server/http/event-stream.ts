/**
 * @module The answer of a live stream: `text/event-stream`, never cached, and not buffered
 * by nginx (`X-Accel-Buffering: no`), keeping the headers hooks set (CORS, request id,
 * rate limits).
 */

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
