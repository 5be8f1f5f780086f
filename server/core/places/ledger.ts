/**
 * @module The places of one kind of long answer (live streams, reads under way) in this
 * process, and who holds them. A stranger's place counts against their client's network
 * (core/client-key.ts: an IPv4 /24, an IPv6 /56), the app and the process; the owner's
 * places (the owner's access token or session) are apart: they count against the owner's
 * own share of the app and of the process, so strangers holding every place they may take
 * never keep the owner's live view, `share tail` or MCP subscriptions out. A place past a
 * limit is refused with 429 `rate_limited` and Retry-After, saying which limit it met.
 */
import { RateLimitError } from '../auth/rate-limit-error.ts'
import { clientNetwork } from '../client-key.ts'

/** How many places each holder may have at once. */
export interface PlaceLimits {
  /** A stranger's client network (an IPv4 /24, an IPv6 /56). */
  perClient: number
  /** Strangers together, per app and in the process. */
  perApp: number
  perProcess: number
  /** The owner's, per app and in the process, apart from the strangers' (absent: the owner's are counted, never refused). */
  ownerPerApp?: number
  ownerPerProcess?: number
}

/** What the refusals say: how the places are called, and what to do instead. */
export interface PlaceWords {
  /** "live streams", "reads of records". */
  noun: string
  /** Appended to the per-app refusal (an alternative to waiting). */
  appHint: string
  /** Appended to the per-client refusal. */
  clientHint: string
}

/** Who asks for a place. */
export interface PlaceClaim {
  appId: string
  /** The client's address (null: none known, counted against the app and the process only). */
  client: string | null
  /** The app's owner (the owner's access token or session). */
  owner: boolean
}

/** A place taken; `release` gives it back (once, later calls do nothing). */
export interface Place {
  release(): void
}

export interface Ledger {
  /** A place for `claim`, or a RateLimitError past a limit. */
  take(claim: PlaceClaim): Place
  /** Places held now: all of them, and strangers' only. */
  readonly size: number
  readonly strangers: number
}

/** Adds `by` to `key`'s count in `counts`, dropping keys that reach zero. */
function bump(counts: Map<string, number>, key: string, by: number): void {
  const count = (counts.get(key) ?? 0) + by
  if (count <= 0) counts.delete(key)
  else counts.set(key, count)
}

/** The ledger of places under `limits` (read on every claim, so a function of the configuration). */
export function createLedger(limits: () => PlaceLimits, words: PlaceWords, retryAfterSeconds: number): Ledger {
  const strangersByApp = new Map<string, number>()
  const ownersByApp = new Map<string, number>()
  const byClient = new Map<string, number>()
  let strangers = 0
  let owners = 0

  const refuse = (message: string) =>
    new RateLimitError(`${message}; retry after ${retryAfterSeconds} s`, retryAfterSeconds)

  function check(claim: PlaceClaim, network: string | null): void {
    const rules = limits()
    const { noun } = words
    if (claim.owner) {
      if (rules.ownerPerApp !== undefined && (ownersByApp.get(claim.appId) ?? 0) >= rules.ownerPerApp)
        throw refuse(
          `The owner has ${rules.ownerPerApp} ${noun} of this app open, the most the owner may have; close one`,
        )
      if (rules.ownerPerProcess !== undefined && owners >= rules.ownerPerProcess)
        throw refuse(`The owner's ${noun} on this server number ${rules.ownerPerProcess}, the most it holds`)
      return
    }
    if ((strangersByApp.get(claim.appId) ?? 0) >= rules.perApp)
      throw refuse(`This app has ${rules.perApp} ${noun} open, the most it may have${words.appHint}`)
    if (network !== null && (byClient.get(network) ?? 0) >= rules.perClient)
      throw refuse(
        `Your network (${network}) has ${rules.perClient} ${noun} open, the most one client may have; close one${words.clientHint}`,
      )
    if (strangers >= rules.perProcess)
      throw refuse(`This server has ${rules.perProcess} ${noun} open, the most it holds for everyone together`)
  }

  return {
    take(claim) {
      const network = claim.client === null ? null : clientNetwork(claim.client)
      check(claim, network)
      const step = (by: number) => {
        if (claim.owner) {
          owners += by
          bump(ownersByApp, claim.appId, by)
          return
        }
        strangers += by
        bump(strangersByApp, claim.appId, by)
        if (network !== null) bump(byClient, network, by)
      }
      step(1)
      let held = true
      return {
        release() {
          if (!held) return
          held = false
          step(-1)
        },
      }
    },
    get size() {
      return strangers + owners
    },
    get strangers() {
      return strangers
    },
  }
}
