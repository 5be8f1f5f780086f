/**
 * @module Checking a proof-of-work solution as the ALTCHA widget sends it (base64 of
 * `{challenge, solution}`): well formed, signed by this server (altcha-lib's
 * `verifySolution`), not expired by the context's clock, made for this endpoint's app, and
 * never used before (the store's claim decides, across processes too). The answer is the spam
 * reason of a solution that fails, or null for a good one.
 */
import { verifySolution, type Challenge, type Solution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import type { AppContext } from '../context.ts'
import type { ShareEndpoint } from '../share/resolve.ts'
import { CHALLENGE_ALGORITHM, challengeSecrets, endpointBinding } from './issue.ts'
import { MAX_SOLUTION_CHARS } from '../../contract/share/challenge.ts'

/** Why a solution does not count (contract/records/spam-reasons.ts). */
export type ChallengeFailure = 'challenge_missing' | 'challenge_invalid' | 'challenge_expired' | 'challenge_replayed'

interface Payload {
  challenge: Challenge
  solution: Solution
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The `{challenge, solution}` of `text`, or null when it is not one of the shape svc's challenges have. */
function decode(text: string): Payload | null {
  if (text.length > MAX_SOLUTION_CHARS || !/^[A-Za-z0-9+/=_-]+$/.test(text)) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64').toString('utf8'))
  } catch {
    return null
  }
  if (!isRecord(parsed) || !isRecord(parsed.challenge) || !isRecord(parsed.solution)) return null
  const { parameters, signature } = parsed.challenge
  if (!isRecord(parameters) || typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return null
  if (parameters.algorithm !== CHALLENGE_ALGORITHM || typeof parameters.expiresAt !== 'number') return null
  if (typeof parameters.keySignature !== 'string' || !isRecord(parameters.data)) return null
  return parsed as unknown as Payload
}

/**
 * What is wrong with the solution `text` sent to `endpoint` (null: absent), or null when it
 * counts; a good one is used up by this call.
 */
export async function solutionProblem(
  ctx: AppContext,
  endpoint: ShareEndpoint,
  text: string | null,
): Promise<ChallengeFailure | null> {
  if (text === null || text.trim() === '') return 'challenge_missing'
  const payload = decode(text.trim())
  if (!payload) return 'challenge_invalid'
  const { challenge, solution } = payload
  let result: Awaited<ReturnType<typeof verifySolution>>
  try {
    result = await verifySolution({ challenge, solution, deriveKey, ...challengeSecrets(ctx) })
  } catch {
    return 'challenge_invalid'
  }
  // The context's clock decides expiry (tests move it); altcha-lib also checks the system's.
  const expiresAt = (challenge.parameters.expiresAt ?? 0) * 1000
  if (result.expired || (result.invalidSignature === false && expiresAt < ctx.clock.now())) return 'challenge_expired'
  if (!result.verified) return 'challenge_invalid'
  if (challenge.parameters.data?.endpoint !== endpointBinding(ctx, endpoint.appId)) return 'challenge_invalid'
  const first = await ctx.storage.challenges.claim(challenge.signature as string, expiresAt, ctx.clock.now())
  return first ? null : 'challenge_replayed'
}
