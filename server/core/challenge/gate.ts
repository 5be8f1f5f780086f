/**
 * @module Where the proof-of-work challenge meets the ingest use case (core/collect/ingest.ts):
 * the solution is taken out of the submission (the `altcha` form field or top-level JSON key,
 * else the X-Altcha header; never stored as data), and checked as the endpoint's `challenge`
 * setting says: `off` asks nothing, `flag` gives a failed one's reason (the record is stored as
 * spam), `require` refuses it (403 `challenge_required`). The owner's own posts need none.
 */
import type { AppContext } from '../context.ts'
import type { ShareEndpoint } from '../share/resolve.ts'
import type { HeaderGet } from '../senders/gate.ts'
import { endpointUrl } from '../apps/urls.ts'
import { CHALLENGE_FIELD, CHALLENGE_HEADER, challengeRequired } from '../../contract/share/challenge.ts'
import { solutionProblem } from './verify.ts'

/** Takes the `altcha` key out of a parsed JSON record (a top-level key of an object); the header's value without one. */
export function takeJsonSolution(body: unknown, headers: HeaderGet | undefined): string | null {
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.hasOwn(body, CHALLENGE_FIELD)) {
    const record = body as Record<string, unknown>
    const value = record[CHALLENGE_FIELD]
    delete record[CHALLENGE_FIELD]
    return typeof value === 'string' ? value : ''
  }
  return headers?.(CHALLENGE_HEADER) ?? null
}

/** Takes the `altcha` fields out of a form's pairs (in place); the first one's value, else the header's. */
export function takeFormSolution(pairs: Array<[string, string]>, headers: HeaderGet | undefined): string | null {
  let found: string | null = null
  for (let index = pairs.length - 1; index >= 0; index--) {
    if (pairs[index][0] !== CHALLENGE_FIELD) continue
    found = pairs[index][1]
    pairs.splice(index, 1)
  }
  return found ?? headers?.(CHALLENGE_HEADER) ?? null
}

/**
 * The spam reasons the challenge gives a post to `endpoint` carrying `solution` (null: none
 * sent): none when the challenge is off or the owner posts (`owner`), the failure's under
 * `flag`; under `require` a failure is thrown as 403 `challenge_required`.
 */
export async function challengeReasons(
  ctx: AppContext,
  endpoint: ShareEndpoint,
  token: string,
  owner: boolean,
  solution: string | null,
): Promise<string[]> {
  if (endpoint.challenge === 'off' || owner) return []
  const problem = await solutionProblem(ctx, endpoint, solution)
  if (problem === null) return []
  if (endpoint.challenge === 'require') throw challengeRequired(challengeUrl(ctx, token), problem)
  return [problem]
}

/** The URL of the endpoint's challenges (operation `ingest.challenge`). */
export const challengeUrl = (ctx: AppContext, token: string): string =>
  `${endpointUrl(ctx.config.baseUrl, token)}/challenge`
