/**
 * @module Solving a challenge as ALTCHA's widget does and encoding the solution as it sends it
 * (base64 of `{challenge, solution}`), for svc's own clients: `svc-cli share post` and the tests.
 * altcha-lib's solver, on Node's crypto.
 */
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'

/** The solution of `challenge` as the `altcha` field (or X-Altcha header) carries it; throws when none is found in time. */
export async function solvedPayload(challenge: Challenge, timeoutMs = 30_000): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: timeoutMs })
  if (!solution) throw new Error('No solution of the proof-of-work challenge was found in time')
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }
  return Buffer.from(JSON.stringify(payload)).toString('base64')
}
