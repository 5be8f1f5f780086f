/**
 * @module The network facts webhook targets are checked against (core/webhooks/target.ts):
 * DNS resolution and which range an address is in (ipaddr.js). Outside core, which does no
 * I/O of its own; the context hands it in.
 */
import { lookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'
import type { TargetNet } from '../core/webhooks/target.ts'

export const systemTargetNet: TargetNet = {
  isAddress: (text) => ipaddr.isValid(text),
  range(address) {
    const range = ipaddr.process(address).range()
    return range === 'unicast' ? null : range
  },
  resolve: async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address),
}
