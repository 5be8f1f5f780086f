/**
 * @module The flags of `share set` that say how long records are kept: `--keep-records-days`
 * and `--keep-spam-days` (a number of days, or off), and the share settings body they make.
 * The server's schema checks the range (contract/share/retention.ts).
 */
import type { ArgsDef } from 'citty'
import { usageError } from '../../errors.ts'

export const retentionArgs = {
  'keep-records-days': {
    type: 'string',
    description: 'Delete records (not spam) older than this many days, with their files, hourly; off keeps them',
    valueHint: 'days|off',
  },
  'keep-spam-days': {
    type: 'string',
    description: 'Delete spam older than this many days, hourly; off keeps it',
    valueHint: 'days|off',
  },
} as const satisfies ArgsDef

/** `--keep-records-days 365`: whole days, or off (null). */
function daysArg(raw: string | undefined, flag: string): number | null | undefined {
  if (raw === undefined) return undefined
  const text = raw.trim().toLowerCase()
  if (text === 'off' || text === 'none' || text === '') return null
  if (!/^\d+$/.test(text)) throw usageError(`--${flag} must be a whole number of days, or off, got "${raw}"`)
  return Number(text)
}

/** The share settings the retention flags ask for (undefined where a flag is not given). */
export const retentionBody = (args: { 'keep-records-days'?: string; 'keep-spam-days'?: string }) => ({
  keepRecordsDays: daysArg(args['keep-records-days'], 'keep-records-days'),
  keepSpamDays: daysArg(args['keep-spam-days'], 'keep-spam-days'),
})

/** How the settings read in `share status` and `share get`. */
export const keptFor = (days: number | null, what: string): string =>
  days === null ? `${what} kept for ever` : `${what} deleted after ${days} day${days === 1 ? '' : 's'}`
