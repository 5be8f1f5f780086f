/**
 * @module What a long-lived answer (a live stream) needs of its connection beyond the
 * response: Bun.serve's idle timeout would cut a stream that only sends a comment now and
 * then (writes do not reset it), so a stream lifts it for its own request; and a stream,
 * page or export whose client stopped reading is cut by a short timeout, which Bun applies
 * without the error a body closed with an error would print. server/boot.ts notes the server of each
 * request here before handing it to the app (which has none under `app.handle`).
 */

/** What Bun.serve's `server` offers here. */
export interface TimeoutSource {
  timeout(request: Request, seconds: number): void
}

const servers = new WeakMap<Request, { server: TimeoutSource; request: Request }>()

/** Notes the server that got `original` (as `request` reaches the app: the same object, or one with its body read). */
export function noteServer(request: Request, original: Request, server: TimeoutSource): void {
  servers.set(request, { server, request: original })
}

export interface Connection {
  /** No idle timeout for this request: the answer stays open as long as it sends. */
  keepOpen(): void
  /** Closes the connection soon (Bun's timeout granularity: a few seconds), whether or not the client reads. */
  drop(): void
}

/** The connection of `request`, or null when it came without a server (tests driving `app.handle`). */
export function connectionOf(request: Request): Connection | null {
  const noted = servers.get(request)
  if (!noted) return null
  return {
    keepOpen: () => noted.server.timeout(noted.request, 0),
    drop: () => noted.server.timeout(noted.request, 1),
  }
}
