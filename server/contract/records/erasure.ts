/**
 * @module Erasure and subject access across an owner's apps: the inputs of `records.erase`
 * and `records.find`, and the one rule of which records hold a person's value, shared by
 * the server (which deletes or exports them) and the docs. A record holds the value when
 * one of its fields is that value, or a list one of whose elements is; text is compared
 * trimmed, and without case when the value is an e-mail address (it has an `@`); a number
 * matches its decimal text (`42` holds "42"). Nested objects (files, consent) are not looked in.
 */
import { z } from 'zod'
import { bodyObject, expect } from '../apps/input.ts'

/** The most apps one call may name; the most records one call erases; the most records (and stored text) one find returns. */
export const ERASURE_LIMITS = {
  maxApps: 100,
  maxValueLength: 1000,
  maxRecords: 10_000,
  maxFound: 1000,
  maxFoundBytes: 16 * 1024 * 1024,
} as const

const valueSchema = z
  .string({ error: expect('the value to look for, as text') })
  .trim()
  .min(1, 'needs the value to look for, e.g. an e-mail address')
  .max(ERASURE_LIMITS.maxValueLength, `can have at most ${ERASURE_LIMITS.maxValueLength} characters`)
  .meta({
    description: 'The value: a whole field value or list element, e.g. an e-mail address',
    example: 'ada@example.com',
  })

const appsSchema = z
  .array(z.string({ error: expect('an app id') }).min(1, 'cannot be empty'), { error: expect('a list of app ids') })
  .min(1, 'needs at least one app id; leave it out for every app you may delete records of')
  .max(ERASURE_LIMITS.maxApps, `can name at most ${ERASURE_LIMITS.maxApps} apps`)
  .optional()
  .meta({ description: 'Only these apps (default: every app you own or are an admin of)' })

export const findRecordsSchema = bodyObject({ value: valueSchema, apps: appsSchema })
export type FindRecordsInput = z.input<typeof findRecordsSchema>

export const eraseRecordsSchema = bodyObject({
  value: valueSchema,
  apps: appsSchema,
  dryRun: z
    .boolean({ error: expect('true or false') })
    .optional()
    .meta({ description: 'List what would be erased, erase nothing' }),
})
export type EraseRecordsInput = z.input<typeof eraseRecordsSchema>

/** How `value` is compared: trimmed, and lower-cased when it is an e-mail address. */
export function valueMatcher(value: string): (candidate: unknown) => boolean {
  const wanted = value.trim()
  const folded = wanted.includes('@') ? wanted.toLowerCase() : null
  const same = (text: string) => {
    const trimmed = text.trim()
    return folded === null ? trimmed === wanted : trimmed.toLowerCase() === folded
  }
  const scalar = (candidate: unknown) =>
    typeof candidate === 'string' ? same(candidate) : typeof candidate === 'number' && String(candidate) === wanted
  return (candidate) => (Array.isArray(candidate) ? candidate.some(scalar) : scalar(candidate))
}

/** True when one of `data`'s values is the value `matches` looks for. */
export const holdsValue = (data: Record<string, unknown>, matches: (candidate: unknown) => boolean): boolean =>
  Object.values(data).some(matches)
