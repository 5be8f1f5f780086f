/**
 * @module Where a webhook may go (SSRF): an http(s) URL whose host resolves only to public
 * addresses — global unicast in no IANA special-purpose block (server/net/special-purpose.ts)
 * — unless SVC_WEBHOOK_ALLOW_PRIVATE=1. Checked when a webhook is added or changed and again
 * before every attempt, and the attempt connects to the very address checked (pinned, see
 * send.ts): the name is resolved once per attempt, so a DNS answer that changes between the
 * check and the connection (rebinding) cannot lead inside.
 */
import { isHttpUrl } from '../../contract/connect/safe-url.ts'

/** The network facts a check needs (server/net/target-net.ts; tests replace `resolve`). */
export interface TargetNet {
  /** True for an IPv4 or IPv6 address literal. */
  isAddress(text: string): boolean
  /** Why an address may not be reached (its block's name and RFC), or null for a public address. */
  range(address: string): string | null
  /** The host name's addresses. */
  resolve(host: string): Promise<string[]>
}

/** A target that may be sent to, and the address to connect to; or what is wrong. */
export type TargetCheck = { ok: true; address: string } | { ok: false; problem: string }

const URL_PROBLEM = 'the URL must be an absolute http:// or https:// URL without user name or password'

/** The address to connect to among checked ones: IPv4 first (reachable from every host), else the first. */
const pick = (addresses: string[]): string => addresses.find((address) => !address.includes(':')) ?? addresses[0]

/**
 * Resolves `url`'s host once and checks every address. `allowPrivate` skips the address
 * check (not the URL's form, nor the pinning).
 */
export async function checkTarget(url: string, allowPrivate: boolean, net: TargetNet): Promise<TargetCheck> {
  if (!isHttpUrl(url)) return { ok: false, problem: URL_PROBLEM }
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  let addresses: string[]
  try {
    addresses = net.isAddress(host) ? [host] : await net.resolve(host)
  } catch (error) {
    return { ok: false, problem: `the host ${host} could not be resolved (${(error as Error).message})` }
  }
  if (addresses.length === 0) return { ok: false, problem: `the host ${host} has no address` }
  if (!allowPrivate) {
    for (const address of addresses) {
      const range = net.range(address)
      if (range)
        return {
          ok: false,
          problem: `the host ${host} resolves to ${address} (${range}), which webhooks may not reach; set SVC_WEBHOOK_ALLOW_PRIVATE=1 on the server to allow private targets`,
        }
    }
  }
  return { ok: true, address: pick(addresses) }
}

/** Null when `url` may be sent to now; else what is wrong, in words for the owner. */
export async function targetProblem(url: string, allowPrivate: boolean, net: TargetNet): Promise<string | null> {
  const check = await checkTarget(url, allowPrivate, net)
  return check.ok ? null : check.problem
}
