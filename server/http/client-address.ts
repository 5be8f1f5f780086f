/**
 * @module The network address of the client making a request, as the auth throttles
 * (and per-client limits) count it: the socket's peer address. Bun.serve's fetch hands
 * requests to the Elysia app with `app.handle`, where Elysia has no server to ask, so
 * boot.ts records each request's peer here (`rememberPeer`) before handing it on.
 * Requests handled without a socket (`app.handle` in tests) share the address `unknown`.
 */
import type { Server } from 'bun'
import type { Config } from '../config.ts'

/** What requests without a socket (in-process `app.handle`) count as. */
export const UNKNOWN_CLIENT = 'unknown'

const peers = new WeakMap<Request, string>()

/** Records the socket peer of `request` (as `server` saw `received`, the request it was built from). */
export function rememberPeer(request: Request, server: Server<unknown>, received: Request = request): void {
  const address = server.requestIP(received)?.address
  if (address) peers.set(request, address)
}

/** The client's address: the socket's peer (`config` is for trusted-proxy handling). */
export function clientAddress(request: Request, server: Server<unknown> | null | undefined, _config: Config): string {
  return peers.get(request) ?? server?.requestIP(request)?.address ?? UNKNOWN_CLIENT
}
