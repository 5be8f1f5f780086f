/**
 * @module Handing out proof-of-work challenges (operation `ingest.challenge`): an ALTCHA v2
 * challenge (altcha-lib's default protocol, so ALTCHA's widget solves it unchanged), HMAC-signed
 * under a key derived from the server's secret, bound to the endpoint's app and expiring
 * CHALLENGE_TTL_MS after it is made. Deterministic mode: the server picks the counter (up
 * to the endpoint's difficulty) and signs the key it derives, so verifying is two HMACs.
 */
import { createChallenge, randomInt, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import type { AppContext } from '../context.ts'
import type { ShareAccess, ShareEndpoint } from '../share/resolve.ts'
import { resolveEndpoint } from '../share/resolve.ts'
import { CHALLENGE_TTL_MS } from '../../contract/share/challenge.ts'

/** The key-derivation algorithm of svc's challenges: SHA-256, which every browser does natively. */
export const CHALLENGE_ALGORITHM = 'SHA-256'

/** The HMAC secrets of challenges: the challenge's signature, and the derived key's. */
export const challengeSecrets = (ctx: AppContext) => ({
  hmacSignatureSecret: ctx.sealer.mac('altcha challenge v1'),
  hmacKeySignatureSecret: ctx.sealer.mac('altcha key v1'),
})

/** What binds a challenge to one endpoint's app: a keyed hash of its id (the id itself is not shown to strangers). */
export const endpointBinding = (ctx: AppContext, appId: string): string =>
  ctx.sealer.mac(`altcha endpoint ${appId}`).slice(0, 32)

/** A new challenge for `endpoint`. */
export async function challengeFor(ctx: AppContext, endpoint: ShareEndpoint): Promise<Challenge> {
  return createChallenge({
    algorithm: CHALLENGE_ALGORITHM,
    cost: 1,
    counter: randomInt(endpoint.challengeDifficulty),
    deriveKey,
    expiresAt: Math.floor((ctx.clock.now() + CHALLENGE_TTL_MS) / 1000),
    data: { endpoint: endpointBinding(ctx, endpoint.appId) },
    ...challengeSecrets(ctx),
  })
}

/**
 * A challenge for the endpoint of `token`: it must be published and take writes (404,
 * 403 `disabled` or `closed`), and the challenge bucket of its rate limit have room (429).
 * Handed out whatever the `challenge` setting, so a page can add the widget before the owner turns it on.
 */
export async function issueChallenge(ctx: AppContext, token: string, access: ShareAccess): Promise<Challenge> {
  const endpoint = await resolveEndpoint(ctx, token, 'challenge', access)
  return challengeFor(ctx, endpoint)
}
