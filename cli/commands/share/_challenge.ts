/**
 * @module The flags of `share set` for the proof-of-work challenge: `--challenge off|flag|require`
 * and `--challenge-difficulty N`, and the share settings body they make. The server's schema
 * checks the values (contract/share/challenge.ts).
 */
import type { ArgsDef } from 'citty'
import { usageError } from '../../errors.ts'
import {
  CHALLENGE_MODES,
  DEFAULT_CHALLENGE_DIFFICULTY,
  type ChallengeMode,
} from '../../../server/contract/share/challenge.ts'

export const challengeArgs = {
  challenge: {
    type: 'string',
    description:
      'Proof-of-work challenge (ALTCHA): off, flag (a post without a valid solution is stored as spam) or require (refused with 403 challenge_required)',
    valueHint: 'off|flag|require',
  },
  'challenge-difficulty': {
    type: 'string',
    description: `How hard the challenge is (altcha's maxnumber; default ${DEFAULT_CHALLENGE_DIFFICULTY})`,
    valueHint: 'n',
  },
} as const satisfies ArgsDef

/** The share settings the challenge flags ask for (undefined where a flag is not given). */
export function challengeBody(args: { challenge?: string; 'challenge-difficulty'?: string }) {
  const mode = args.challenge?.trim().toLowerCase()
  if (mode !== undefined && !(CHALLENGE_MODES as readonly string[]).includes(mode))
    throw usageError(`--challenge must be off, flag or require, got "${args.challenge}"`)
  const raw = args['challenge-difficulty']
  if (raw !== undefined && !/^\s*\d+\s*$/.test(raw))
    throw usageError(`--challenge-difficulty must be a whole number, got "${raw}"`)
  return {
    challenge: mode as ChallengeMode | undefined,
    challengeDifficulty: raw === undefined ? undefined : Number(raw),
  }
}
