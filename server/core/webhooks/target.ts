/**
 * @module Where a webhook may go (SSRF): an http(s) URL whose host resolves only to public
 * unicast addresses. Loopback, private, link-local (cloud metadata: 169.254.169.254),
 * unique-local, carrier-grade NAT, multicast and unspecified addresses are refused unless
 * SVC_WEBHOOK_ALLOW_PRIVATE=1. Checked after DNS resolution before every attempt, so a
 * name that later points inside is refused then. (The HTTP client resolves the name again
 * to connect: a DNS server answering differently within that instant is not caught.)
 */
import { isHttpUrl } from '../../contract/connect/safe-url.ts'

/** The network facts a check needs (server/net/target-net.ts; tests replace `resolve`). */
export interface TargetNet {
  /** True for an IPv4 or IPv6 address literal. */
  isAddress(text: string): boolean
  /** The named range of a non-public address (loopback, private, linkLocal…), or null for public unicast. */
  range(address: string): string | null
  /** The host name's addresses. */
  resolve(host: string): Promise<string[]>
}

/**
 * Null when `url` may be sent to now; else what is wrong, in words for the owner.
 * `allowPrivate` skips the address check (not the URL's form).
 */
export async function targetProblem(url: string, allowPrivate: boolean, net: TargetNet): Promise<string | null> {
  if (!isHttpUrl(url)) return 'the URL must be an absolute http:// or https:// URL without user name or password'
  if (allowPrivate) return null
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  let addresses: string[]
  try {
    addresses = net.isAddress(host) ? [host] : await net.resolve(host)
  } catch (error) {
    return `the host ${host} could not be resolved (${(error as Error).message})`
  }
  if (addresses.length === 0) return `the host ${host} has no address`
  for (const address of addresses) {
    const range = net.range(address)
    if (range)
      return `the host ${host} resolves to ${address} (${range}), which webhooks may not reach; set SVC_WEBHOOK_ALLOW_PRIVATE=1 on the server to allow private targets`
  }
  return null
}
