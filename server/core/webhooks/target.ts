/**
 * @module Where a webhook may go (SSRF): an http(s) URL whose host resolves only to public
 * unicast addresses. Loopback, private, link-local (cloud metadata: 169.254.169.254),
 * unique-local, carrier-grade NAT, multicast and unspecified addresses are refused unless
 * SVC_WEBHOOK_ALLOW_PRIVATE=1. Checked after DNS resolution before every attempt, so a
 * name that later points inside is refused then. (The HTTP client resolves the name again
 * to connect: a DNS server answering differently within that instant is not caught.)
 */
import { lookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'
import { isHttpUrl } from '../connect/safe-url.ts'

/** Resolves a host name to its addresses (replaceable in tests). */
export type Resolver = (host: string) => Promise<string[]>

export const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address)

/** Why `address` may not be a webhook target, or null when it is public. */
export function privateRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address'
  const range = ipaddr.process(address).range()
  return range === 'unicast' ? null : range
}

/**
 * Null when `url` may be sent to now; else what is wrong, in words for the owner.
 * `allowPrivate` skips the address check (not the URL's form).
 */
export async function targetProblem(url: string, allowPrivate: boolean, resolve: Resolver = systemResolver): Promise<string | null> {
  if (!isHttpUrl(url)) return 'the URL must be an absolute http:// or https:// URL without user name or password'
  if (allowPrivate) return null
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  let addresses: string[]
  try {
    addresses = ipaddr.isValid(host) ? [host] : await resolve(host)
  } catch (error) {
    return `the host ${host} could not be resolved (${(error as Error).message})`
  }
  if (addresses.length === 0) return `the host ${host} has no address`
  for (const address of addresses) {
    const range = privateRange(address)
    if (range) return `the host ${host} resolves to ${address} (${range}), which webhooks may not reach; set SVC_WEBHOOK_ALLOW_PRIVATE=1 on the server to allow private targets`
  }
  return null
}
