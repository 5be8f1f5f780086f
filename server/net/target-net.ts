/**
 * @module The network facts webhook targets are checked against (core/webhooks/target.ts):
 * DNS resolution and whether an address may be reached (an allow-list: global unicast and in
 * no block of special-purpose.ts). ipaddr.js only parses and matches CIDRs here: its own
 * range() calls several special-purpose blocks `unicast`. Outside core, which does no I/O of
 * its own; the context hands it in.
 */
import { lookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'
import type { TargetNet } from '../core/webhooks/target.ts'
import { GLOBAL_UNICAST_IPV6, SPECIAL_IPV4, SPECIAL_IPV6, type SpecialBlock } from './special-purpose.ts'

const parsed = (blocks: readonly SpecialBlock[]) =>
  blocks.map((block) => ({ label: `${block.name}, ${block.rfc}`, range: ipaddr.parseCIDR(block.cidr) }))

const IPV4_BLOCKS = parsed(SPECIAL_IPV4) as Array<{ label: string; range: [ipaddr.IPv4, number] }>
const IPV6_BLOCKS = parsed(SPECIAL_IPV6) as Array<{ label: string; range: [ipaddr.IPv6, number] }>
const GLOBAL_IPV6 = ipaddr.IPv6.parseCIDR(GLOBAL_UNICAST_IPV6)

/** Why `address` may not be reached ("benchmarking, RFC 2544"), or null when it is public unicast. */
export function nonPublicBlock(address: string): string | null {
  // Zone-scoped IPv6 ("fe80::1%eth0") names an interface of this machine's own links.
  if (address.includes('%')) return 'scoped to an interface'
  let ip: ipaddr.IPv4 | ipaddr.IPv6
  try {
    ip = ipaddr.parse(address)
  } catch {
    return 'not an IP address'
  }
  if (ip.kind() === 'ipv4') {
    const v4 = ip as ipaddr.IPv4
    return IPV4_BLOCKS.find((block) => v4.match(block.range))?.label ?? null
  }
  const v6 = ip as ipaddr.IPv6
  const block = IPV6_BLOCKS.find((entry) => v6.match(entry.range))
  if (block) return block.label
  return v6.match(GLOBAL_IPV6) ? null : `outside global unicast ${GLOBAL_UNICAST_IPV6}, RFC 4291`
}

export const systemTargetNet: TargetNet = {
  isAddress: (text) => ipaddr.isValid(text),
  range: nonPublicBlock,
  resolve: async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address),
}
