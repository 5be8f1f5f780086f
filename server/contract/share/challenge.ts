/**
 * @module The proof-of-work challenge of an endpoint (share setting `challenge`): its modes,
 * its difficulty, how long a challenge lasts, and the words the API, CLI, admin and docs
 * share. Challenges follow the ALTCHA protocol (v2, altcha-lib's default), so ALTCHA's own
 * widget and clients solve them unchanged.
 */
import { z } from 'zod'
import { AppError } from '../errors.ts'

/** `off` (default), `flag` (a post without a valid solution is stored as spam) or `require` (refused, 403 `challenge_required`). */
export const CHALLENGE_MODES = ['off', 'flag', 'require'] as const
export type ChallengeMode = (typeof CHALLENGE_MODES)[number]

/** What each mode does. */
export const CHALLENGE_MEANING =
  "Proof-of-work challenge (ALTCHA): off (default); flag: a post without a valid solution is stored as spam; require: it is refused with 403 challenge_required and nothing is stored. The owner's own posts (access token) need none"

/**
 * The default difficulty: the largest counter a solver may have to reach (altcha's
 * "maxnumber"). SHA-256, one round per try: about 20 ms in Bun on a server core for the
 * worst case, well under a second on a phone in a browser (bench/challenge.ts measures it).
 */
export const DEFAULT_CHALLENGE_DIFFICULTY = 20_000
export const MIN_CHALLENGE_DIFFICULTY = 1_000
export const MAX_CHALLENGE_DIFFICULTY = 1_000_000

/** How long a challenge may be answered, from when it is handed out. */
export const CHALLENGE_TTL_MS = 10 * 60_000

/** The form field (and JSON top-level key) the solution travels in, as the ALTCHA widget names it. */
export const CHALLENGE_FIELD = 'altcha'
/** The header a JSON post (or a batch) may carry the solution in instead. */
export const CHALLENGE_HEADER = 'x-altcha'
/** The most characters of a solution read: a real one is under 1000. */
export const MAX_SOLUTION_CHARS = 4096

export const challengeModeSchema = z
  .enum(CHALLENGE_MODES, { error: 'must be "off", "flag" or "require"' })
  .meta({ description: CHALLENGE_MEANING })

export const challengeDifficultySchema = z
  .number({ error: `must be a whole number from ${MIN_CHALLENGE_DIFFICULTY} to ${MAX_CHALLENGE_DIFFICULTY}` })
  .int(`must be a whole number from ${MIN_CHALLENGE_DIFFICULTY} to ${MAX_CHALLENGE_DIFFICULTY}`)
  .min(MIN_CHALLENGE_DIFFICULTY, `must be at least ${MIN_CHALLENGE_DIFFICULTY}`)
  .max(MAX_CHALLENGE_DIFFICULTY, `can be at most ${MAX_CHALLENGE_DIFFICULTY}`)
  .meta({
    description: `How hard the challenge is: the largest counter a solver may have to try (altcha's maxnumber); the work is on average half of it. Default ${DEFAULT_CHALLENGE_DIFFICULTY}, which a phone solves in well under a second`,
    example: DEFAULT_CHALLENGE_DIFFICULTY,
  })

/** What a post without a good solution gets from an endpoint whose challenge is `require`; nothing is stored. */
export function challengeRequired(challengeUrl: string, reason: string): AppError {
  const why =
    reason === 'challenge_missing'
      ? 'no proof-of-work solution came with it'
      : reason === 'challenge_expired'
        ? 'its proof-of-work challenge expired'
        : reason === 'challenge_replayed'
          ? 'its proof-of-work solution was already used'
          : 'its proof-of-work solution is not valid for this form'
  return new AppError(
    'challenge_required',
    `This form requires a proof-of-work solution and ${why}, so nothing was stored. GET ${challengeUrl} for a challenge (ALTCHA), solve it (the altcha widget or altcha-lib's solveChallenge) and send the solution as the "${CHALLENGE_FIELD}" form field, a top-level "${CHALLENGE_FIELD}" key of the JSON record, or an X-Altcha header; each solution is accepted once`,
    { challenge: challengeUrl, reason },
  )
}
