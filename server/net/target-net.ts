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

type Parsed = ipaddr.IPv4 | ipaddr.IPv6

interface Block extends SpecialBlock {
  range: [Parsed, number]
}

const parsedBlocks = (blocks: readonly SpecialBlock[]): Block[] =>
  blocks.map((block) => ({ ...block, range: ipaddr.parseCIDR(block.cidr) }))

const IPV4_BLOCKS = parsedBlocks(SPECIAL_IPV4)
const IPV6_BLOCKS = parsedBlocks(SPECIAL_IPV6)
const GLOBAL_IPV6 = ipaddr.parseCIDR(GLOBAL_UNICAST_IPV6)

/** Why `address` may not be reached ("benchmarking, RFC 2544"), or null when it is public unicast. */
export function nonPublicBlock(address: string): string | null {
  let parsed: Parsed
  try {
    parsed = ipaddr.parse(address.replace(/%.*$/, ''))
  } catch {
    return 'not an IP address'
  }
  const blocks = parsed.kind() === 'ipv4' ? IPV4_BLOCKS : IPV6_BLOCKS
  // Zone-scoped IPv6 ("fe80::1%eth0") is link-local whatever its digits say.
  if (address.includes('%')) return 'scoped to an interface'
  for (const block of blocks) {
    if (parsed.match(block.range)) return `${block.name}, ${block.rfc}`
  }
  if (parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_IPV6))
    return `outside global unicast ${GLOBAL_UNICAST_IPV6}, RFC 4291`
  return null
}

export const systemTargetNet: TargetNet = {
  isAddress: (text) => ipaddr.isValid(text),
  range: nonPublicBlock,
  resolve: async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address),
}
