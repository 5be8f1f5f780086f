/**
 * @module The address blocks a webhook may never reach (server/net/target-net.ts): every
 * entry of IANA's IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890 and the RFCs
 * named per row), plus the blocks outside global unicast the registries leave to others
 * (multicast, IPv4-compatible and site-local IPv6). An address is allowed only when it is
 * in global unicast (IPv4 outside these rows; IPv6 inside 2000::/3) and in no row here. Rows
 * are whole blocks, including the few the registry marks globally reachable (AS112, AMT,
 * 64:ff9b::/96 NAT64): a webhook target has no reason to be one, and a NAT64 prefix reaches
 * whatever IPv4 address it embeds. A more specific row comes before the block holding it,
 * so the owner reads the precise name.
 */

/** One block of the registries: its CIDR, the registry's name for it and where it is defined. */
export interface SpecialBlock {
  cidr: string
  name: string
  rfc: string
}

/** IANA IPv4 Special-Purpose Address Registry, and multicast (RFC 5771). */
export const SPECIAL_IPV4: readonly SpecialBlock[] = [
  { cidr: '0.0.0.0/8', name: 'this network', rfc: 'RFC 791' },
  { cidr: '10.0.0.0/8', name: 'private-use', rfc: 'RFC 1918' },
  { cidr: '100.64.0.0/10', name: 'shared address space (carrier-grade NAT)', rfc: 'RFC 6598' },
  { cidr: '127.0.0.0/8', name: 'loopback', rfc: 'RFC 1122' },
  { cidr: '169.254.0.0/16', name: 'link-local', rfc: 'RFC 3927' },
  { cidr: '172.16.0.0/12', name: 'private-use', rfc: 'RFC 1918' },
  { cidr: '192.0.0.0/24', name: 'IETF protocol assignments', rfc: 'RFC 6890' },
  { cidr: '192.0.2.0/24', name: 'documentation (TEST-NET-1)', rfc: 'RFC 5737' },
  { cidr: '192.31.196.0/24', name: 'AS112-v4', rfc: 'RFC 7535' },
  { cidr: '192.52.193.0/24', name: 'AMT', rfc: 'RFC 7450' },
  { cidr: '192.88.99.0/24', name: 'deprecated 6to4 relay anycast', rfc: 'RFC 7526' },
  { cidr: '192.168.0.0/16', name: 'private-use', rfc: 'RFC 1918' },
  { cidr: '192.175.48.0/24', name: 'direct delegation AS112 service', rfc: 'RFC 7534' },
  { cidr: '198.18.0.0/15', name: 'benchmarking', rfc: 'RFC 2544' },
  { cidr: '198.51.100.0/24', name: 'documentation (TEST-NET-2)', rfc: 'RFC 5737' },
  { cidr: '203.0.113.0/24', name: 'documentation (TEST-NET-3)', rfc: 'RFC 5737' },
  { cidr: '224.0.0.0/4', name: 'multicast', rfc: 'RFC 5771' },
  { cidr: '255.255.255.255/32', name: 'limited broadcast', rfc: 'RFC 919' },
  { cidr: '240.0.0.0/4', name: 'reserved', rfc: 'RFC 1112' },
]

/** IANA IPv6 Special-Purpose Address Registry, and the non-global blocks outside it. */
export const SPECIAL_IPV6: readonly SpecialBlock[] = [
  { cidr: '::/128', name: 'unspecified', rfc: 'RFC 4291' },
  { cidr: '::1/128', name: 'loopback', rfc: 'RFC 4291' },
  { cidr: '::ffff:0:0/96', name: 'IPv4-mapped', rfc: 'RFC 4291' },
  { cidr: '::/96', name: 'IPv4-compatible (deprecated)', rfc: 'RFC 4291' },
  { cidr: '64:ff9b::/96', name: 'IPv4-IPv6 translation (NAT64)', rfc: 'RFC 6052' },
  { cidr: '64:ff9b:1::/48', name: 'local-use IPv4-IPv6 translation', rfc: 'RFC 8215' },
  { cidr: '100::/64', name: 'discard-only', rfc: 'RFC 6666' },
  { cidr: '100:0:0:1::/64', name: 'dummy IPv6 prefix', rfc: 'RFC 9780' },
  { cidr: '2001::/32', name: 'TEREDO', rfc: 'RFC 4380' },
  { cidr: '2001:1::1/128', name: 'port control protocol anycast', rfc: 'RFC 7723' },
  { cidr: '2001:1::2/128', name: 'TURN anycast', rfc: 'RFC 8155' },
  { cidr: '2001:1::3/128', name: 'DNS-SD service registration protocol anycast', rfc: 'RFC 9665' },
  { cidr: '2001:2::/48', name: 'benchmarking', rfc: 'RFC 5180' },
  { cidr: '2001:3::/32', name: 'AMT', rfc: 'RFC 7450' },
  { cidr: '2001:4:112::/48', name: 'AS112-v6', rfc: 'RFC 7535' },
  { cidr: '2001:10::/28', name: 'deprecated ORCHID', rfc: 'RFC 4843' },
  { cidr: '2001:20::/28', name: 'ORCHIDv2', rfc: 'RFC 7343' },
  { cidr: '2001:30::/28', name: 'drone remote ID protocol entity tags', rfc: 'RFC 9374' },
  { cidr: '2001::/23', name: 'IETF protocol assignments', rfc: 'RFC 2928' },
  { cidr: '2001:db8::/32', name: 'documentation', rfc: 'RFC 3849' },
  { cidr: '2002::/16', name: '6to4', rfc: 'RFC 3056' },
  { cidr: '2620:4f:8000::/48', name: 'direct delegation AS112 service', rfc: 'RFC 7534' },
  { cidr: '3fff::/20', name: 'documentation', rfc: 'RFC 9637' },
  { cidr: '5f00::/16', name: 'segment routing (SRv6) SIDs', rfc: 'RFC 9602' },
  { cidr: 'fc00::/7', name: 'unique-local', rfc: 'RFC 4193' },
  { cidr: 'fec0::/10', name: 'site-local (deprecated)', rfc: 'RFC 3879' },
  { cidr: 'fe80::/10', name: 'link-local', rfc: 'RFC 4291' },
  { cidr: 'ff00::/8', name: 'multicast', rfc: 'RFC 4291' },
]

/** The only IPv6 block webhooks may reach (global unicast, RFC 4291 §2.4), minus the rows above. */
export const GLOBAL_UNICAST_IPV6 = '2000::/3'
