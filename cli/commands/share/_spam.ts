/**
 * @module The flags of `share set` against spam and duplicates: `--spam-rules` (the content
 * rules as one JSON object, or off), `--dedupe-seconds` (the duplicate window, or off) and
 * `--dedupe-json`, and the share settings body they make. The server's schema checks the
 * values (contract/share/spam-rules.ts); here only the flags' own spelling is read.
 */
import type { ArgsDef } from 'citty'
import { boolArg } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { DEDUPE_JSON_MEANING, SPAM_RULE_LIMITS } from '../../../server/contract/share/spam-rules.ts'
import type { Share } from '../../../server/contract/api/share.ts'

const OFF = new Set(['off', 'none', ''])

export const spamArgs = {
  'spam-rules': {
    type: 'string',
    description:
      'Content rules for strangers\' posts as JSON, e.g. \'{"maxLinks":2,"blockedWords":["casino"],"blockDisposable":true,"scripts":["Latin"],"minSeconds":3}\' (a post that trips one is stored as spam), or off',
    valueHint: 'json|off',
  },
  'dedupe-seconds': {
    type: 'string',
    description: `The same data from the same client within this many seconds is stored once (default 600, at most ${SPAM_RULE_LIMITS.maxDedupeSeconds}), or off`,
    valueHint: 'seconds|off',
  },
  'dedupe-json': { type: 'string', description: `${DEDUPE_JSON_MEANING}: on or off`, valueHint: 'on|off' },
} as const satisfies ArgsDef

/** `--spam-rules '{…}'`: a JSON object, or off (null). */
function rulesArg(raw: string | undefined): unknown {
  if (raw === undefined) return undefined
  if (OFF.has(raw.trim().toLowerCase())) return null
  try {
    return JSON.parse(raw)
  } catch {
    throw usageError(`--spam-rules must be a JSON object such as '{"maxLinks":2}', or off, got "${raw}"`)
  }
}

/** `--dedupe-seconds 600`: whole seconds, or off (0). */
function secondsArg(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined
  if (OFF.has(raw.trim().toLowerCase())) return 0
  if (!/^\s*\d+\s*$/.test(raw))
    throw usageError(`--dedupe-seconds must be a whole number of seconds, or off, got "${raw}"`)
  return Number(raw)
}

/** The share settings the spam flags ask for (undefined where a flag is not given). */
export const spamBody = (args: { 'spam-rules'?: string; 'dedupe-seconds'?: string; 'dedupe-json'?: string }) => ({
  spamRules: rulesArg(args['spam-rules']) as Record<string, unknown> | null | undefined,
  dedupeSeconds: secondsArg(args['dedupe-seconds']),
  dedupeJson: boolArg(args['dedupe-json'], 'dedupe-json'),
})

/** How the settings read in `share status` and `share get`. */
export const spamDetails = (share: Share) => ({
  'content rules': share.spamRules === null ? 'none' : JSON.stringify(share.spamRules),
  duplicates:
    share.dedupeSeconds === 0
      ? 'off'
      : `stored once within ${share.dedupeSeconds} s (form posts${share.dedupeJson ? ' and JSON' : ''})`,
})
