/**
 * @module How long an app keeps records (share settings `keepRecordsDays`, `keepSpamDays`):
 * records and spam older than that many days are deleted, with their files, by the hourly
 * retention job (core/records/retention.ts); null keeps them for ever, the default.
 */
import { z } from 'zod'
import { expect } from '../apps/input.ts'
import { LIMITS } from '../limits.ts'

const MAX_KEEP_DAYS = LIMITS.maxKeepDays

const days = (what: string) =>
  z
    .number({ error: expect(`a whole number of days from 1 to ${MAX_KEEP_DAYS}, or null`) })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day; null keeps them for ever')
    .max(MAX_KEEP_DAYS, `can be at most ${MAX_KEEP_DAYS} days`)
    .nullable()
    .meta({
      description: `${what} older than this many days are deleted, with their files, within the hour; null (the default) keeps them`,
      example: 365,
    })

export const KEEP_RECORDS_MEANING = 'Records (not spam)'
export const KEEP_SPAM_MEANING = 'Spam records'
export const keepRecordsDaysSchema = days(KEEP_RECORDS_MEANING)
export const keepSpamDaysSchema = days(KEEP_SPAM_MEANING)

/** The view's description of the two settings. */
export const keepDaysDescription = (what: string): string =>
  `${what} older than this many days are deleted within the hour; null keeps them`
