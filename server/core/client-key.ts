/**
 * @module Which client a limit counts: the auth throttles (failed log-ins, code requests
 * and code tries count per account and client, so a stranger using up their own tries
 * never locks the owner out) and the per-client share of an endpoint's rate limit. A
 * client is its network address; an IPv6 address counts by its /64 prefix, since one host
 * usually holds a whole /64 and could otherwise take a fresh address for every try. What
 * stays open is counted wider still, by network (`clientNetwork`).
 */

/** The key of the client at `address` (as http/client-address.ts gives it). */
export function clientKey(address: string): string {
  const bare = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)
  if (mapped) return mapped[1]
  if (!bare.includes(':')) return bare
  const groups = expandIpv6(bare)
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : bare
}

/** The eight 16-bit groups of an IPv6 address (leading zeros dropped); null when it is not one. */
function expandIpv6(address: string): string[] | null {
  const halves = address.split('::')
  if (halves.length > 2) return null
  const part = (text: string) => (text === '' ? [] : text.split(':'))
  const head = part(halves[0])
  const tail = halves.length === 2 ? part(halves[1]) : []
  // An embedded IPv4 tail (::1.2.3.4) stands for two groups.
  const last = tail.length > 0 ? tail : head
  if (last.length > 0 && last.at(-1)!.includes('.')) {
    const octets = last.pop()!.split('.').map(Number)
    last.push(((octets[0] << 8) | octets[1]).toString(16), ((octets[2] << 8) | octets[3]).toString(16))
  }
  const missing = 8 - head.length - tail.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  const groups = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => '0'), ...tail]
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null
  return groups.map((group) => group.replace(/^0+(?=.)/, ''))
}

/**
 * The network of the client at `address`, for the counts of what stays open (live streams,
 * reads under way): an IPv4 /24 and an IPv6 /56, the blocks one person or one cheap server
 * can usually pick addresses from, so taking more addresses there takes no more places.
 */
export function clientNetwork(address: string): string {
  const key = clientKey(address)
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.\d+$/.exec(key)
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`
  if (!key.endsWith('::/64')) return key
  const groups = key.slice(0, -5).split(':')
  const fourth = (Number.parseInt(groups[3], 16) & 0xff00).toString(16)
  return `${[...groups.slice(0, 3), fourth].join(':')}::/56`
}
