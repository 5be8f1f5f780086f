/**
 * @module The flags of `share set` that limit a form (issue 45): `--closed`/`--open`,
 * `--close-after`, `--closes-at`, `--closed-message`, `--one-per-browser`, `--unique-field`,
 * and the share settings body they make. The server's schema checks the values
 * (contract/share/schemas.ts); here only the flags' own spelling is read.
 */
import type { ArgsDef } from 'citty'
import { boolArg } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { LIMITS } from '../../../server/contract/limits.ts'

/** Values that switch a limit off. */
const OFF = new Set(['off', 'none', ''])

export const limitsArgs = {
  closed: { type: 'boolean', description: 'Close the form by hand: every post answers 403 closed' },
  open: { type: 'boolean', description: 'Open a form closed by hand again' },
  'close-after': {
    type: 'string',
    description: `Close once the form holds this many records (spam not counted; at most ${LIMITS.maxCloseAfter}), or off`,
    valueHint: 'n|off',
  },
  'closes-at': {
    type: 'string',
    description: 'Close at this date and time with its zone (e.g. 2027-03-01T18:00:00Z), or off',
    valueHint: 'time|off',
  },
  'closed-message': {
    type: 'string',
    description: 'What the hosted page says while the form is closed ("" for the default sentence)',
    valueHint: 'text',
  },
  'one-per-browser': {
    type: 'string',
    description: 'One response per browser (a cookie the fill-in page sets): on or off',
    valueHint: 'on|off',
  },
  'unique-field': {
    type: 'string',
    description:
      'One response per value of this field (e.g. email; e-mail addresses compared case-insensitively), or off',
    valueHint: 'field|off',
  },
} as const satisfies ArgsDef

type LimitFlags = {
  [K in keyof typeof limitsArgs]?: (typeof limitsArgs)[K]['type'] extends 'boolean' ? boolean : string
}

/** `--close-after 100`: a whole number, or off; the schema says what range it must be in. */
function closeAfterArg(raw: string | undefined): number | null | undefined {
  if (raw === undefined) return undefined
  if (OFF.has(raw.trim().toLowerCase())) return null
  if (!/^\s*\d+\s*$/.test(raw))
    throw usageError(`--close-after must be a whole number of records, or off, got "${raw}"`)
  return Number(raw)
}

/** A flag whose value is text, or off (null). */
const orOff = (raw: string | undefined): string | null | undefined =>
  raw === undefined ? undefined : OFF.has(raw.trim().toLowerCase()) ? null : raw

/** The share settings the limit flags ask for (undefined where a flag is not given). */
export function limitsBody(args: LimitFlags) {
  if (args.closed && args.open) throw usageError('Pass --closed or --open, not both')
  return {
    closed: args.closed ? true : args.open ? false : undefined,
    closeAfter: closeAfterArg(args['close-after']),
    closesAt: orOff(args['closes-at']),
    closedMessage: args['closed-message'],
    onePerBrowser: boolArg(args['one-per-browser'], 'one-per-browser'),
    uniqueField: orOff(args['unique-field']),
  }
}
