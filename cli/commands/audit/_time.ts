/**
 * @module What `--since` and `--until` take: a date-time, a date (its midnight UTC) or an age
 * (`30m`, `24h`, `7d`, `4w`: that long before now), turned into the ISO time the API takes,
 * checked before any request so a typo costs nothing.
 */
import { flagError } from '../../errors.ts'

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const

/** The forms a time flag accepts, as its help and its usage error name them. */
export const TIME_FORMS = 'an age (30m, 24h, 7d, 4w), a date (2026-03-01) or a date-time (2026-03-01T09:30:00Z)'

/** The ISO time `raw` names, `now` being the time an age counts back from; a usage error naming `flag` and the forms otherwise. */
export function auditTime(raw: string, flag: string, now: number): string {
  const given = raw.trim()
  const age = /^(\d{1,6})([mhdw])$/i.exec(given)
  if (age) return new Date(now - Number(age[1]) * UNIT_MS[age[2].toLowerCase() as keyof typeof UNIT_MS]).toISOString()
  if (/^\d{4}-\d{2}-\d{2}$/.test(given)) {
    const day = new Date(`${given}T00:00:00Z`)
    // Date rolls 2026-02-30 over into March: only a day the calendar has is a date.
    if (!Number.isNaN(day.getTime()) && day.toISOString().startsWith(given)) return day.toISOString()
  } else if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/i.test(given)) {
    const at = Date.parse(given)
    if (!Number.isNaN(at)) return new Date(at).toISOString()
  }
  throw flagError(flag, `must be ${TIME_FORMS}, got "${raw}"`)
}
