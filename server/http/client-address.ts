/**
 * @module The address of the client a request comes from, for per-client limits. That is
 * the socket's peer address, unless the peer is a reverse proxy the operator trusts
 * (SVC_TRUST_PROXY; loopback peers by default while HOST is loopback, server/config.ts):
 * then the proxy's `X-Forwarded-For` names it. The header is read from
 * the right: each trusted proxy appends the address it got the request from, so the
 * rightmost address that is not a trusted proxy is the client; anything left of it was
 * written by the client and proves nothing. Without a trusted proxy the header is ignored.
 */
import { BlockList, isIP } from 'node:net'
import type { Config } from '../config.ts'

/** What a request without a socket (in-process `app.handle` in tests) counts as where an address is needed (the auth throttles). */
export const UNKNOWN_CLIENT = 'unknown'

/** What Bun.serve's `server` offers here (`requestIP`); null when the app is driven by `app.handle`. */
export interface PeerSource {
  requestIP(request: Request): { address: string } | null
}

/**
 * Peer addresses noted by the Bun.serve `fetch` handler before it hands the request to
 * Elysia (whose own `server` is null under `app.handle`), by request.
 */
const peers = new WeakMap<Request, string>()

/** Notes `request`'s peer address (server/boot.ts; tests stand in for a socket with it). */
export function notePeerAddress(request: Request, address: string | null | undefined): void {
  if (address) peers.set(request, address)
}

/** `::ffff:192.0.2.1` → `192.0.2.1`: one client, one spelling. */
const plain = (address: string): string =>
  address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address

const lists = new WeakMap<readonly string[], BlockList>()

/** The trusted proxies as a BlockList, built once per configuration. */
function trustedList(entries: readonly string[]): BlockList {
  let list = lists.get(entries)
  if (!list) {
    list = new BlockList()
    for (const entry of entries) {
      const [address, bits] = entry.split('/')
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4'
      if (bits === undefined) list.addAddress(address, family)
      else list.addSubnet(address, Number(bits), family)
    }
    lists.set(entries, list)
  }
  return list
}

/** True when `address` is one of the trusted proxies. */
function trusted(address: string, entries: readonly string[]): boolean {
  const family = isIP(address)
  return family !== 0 && trustedList(entries).check(address, family === 6 ? 'ipv6' : 'ipv4')
}

/** True when the request reached svc through one of the trusted proxies (its socket's peer is one). */
export function fromTrustedProxy(request: Request, config: Pick<Config, 'trustProxy'>): boolean {
  if (config.trustProxy.length === 0) return false
  const peer = peers.get(request)
  return peer !== undefined && trusted(plain(peer), config.trustProxy)
}

/**
 * The client's address: the socket's peer, or, when that peer is a trusted proxy, the
 * rightmost address of `X-Forwarded-For` that is not one. Null when the request came
 * through no socket (tests driving `app.handle`).
 */
export function clientAddress(
  request: Request,
  server: PeerSource | null | undefined,
  config: Pick<Config, 'trustProxy'>,
): string | null {
  const peer = peers.get(request) ?? server?.requestIP(request)?.address
  if (!peer) return null
  const socket = plain(peer)
  if (config.trustProxy.length === 0 || !trusted(socket, config.trustProxy)) return socket
  const forwarded = request.headers.get('x-forwarded-for')
  if (!forwarded) return socket
  const hops = forwarded.split(',').map((hop) => plain(hop.trim()))
  for (let i = hops.length - 1; i >= 0; i--) {
    // A hop that is no address was not written by a proxy we trust: the last good one stands.
    if (isIP(hops[i]) === 0) return i === hops.length - 1 ? socket : hops[i + 1]
    if (!trusted(hops[i], config.trustProxy)) return hops[i]
  }
  return hops[0]
}
