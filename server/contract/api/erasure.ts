/**
 * @module Erasure and subject access (`records.erase`, `records.find`): one person's records
 * across the caller's apps, found by a value they gave (an e-mail address), deleted with a
 * receipt or exported as JSON. The value travels in the body, never in a URL or a log.
 */
import { z } from 'zod'
import { ERASURE_LIMITS, eraseRecordsSchema, findRecordsSchema } from '../records/erasure.ts'
import { named } from './named.ts'
import { data, lazyAnswers, type OperationsOf } from './operation.ts'
import { isoTime } from './shapes.ts'

const tags = ['records']
const count = z.number().int()
const matching =
  'A record holds the value when one of its fields is that value or a list holding it: text compared trimmed, e-mail addresses without case, a number by its decimal text; spam included.'

export const erasureReceiptSchema = named('ErasureReceipt', () =>
  z.object({
    dryRun: z.boolean().meta({ description: 'True when nothing was erased: the answer lists what would be' }),
    records: count.meta({ description: 'Records erased (or, in a dry run, that would be)' }),
    apps: z
      .array(
        z.object({
          id: z.string(),
          name: z.string(),
          records: count,
          ids: z.array(z.string()).meta({ description: 'The records erased (or that would be)' }),
        }),
      )
      .meta({ description: 'Each app searched, with what it held' }),
    complete: z.boolean().meta({
      description: `False when more than ${ERASURE_LIMITS.maxRecords} records held the value: erase again for the rest`,
    }),
    at: isoTime,
  }),
)
export type ErasureReceipt = z.output<ReturnType<typeof erasureReceiptSchema>>

export const foundRecordsSchema = named('FoundRecords', () =>
  z.object({
    records: z.array(
      z.object({
        app: z.object({ id: z.string(), name: z.string() }),
        id: z.string(),
        createdAt: isoTime,
        spam: z.boolean(),
        data: z.record(z.string(), z.unknown()),
        meta: z.record(z.string(), z.unknown()),
      }),
    ),
    complete: z.boolean().meta({
      description: `False when more records held the value than one answer holds (${ERASURE_LIMITS.maxFound}, or ${ERASURE_LIMITS.maxFoundBytes / 1024 / 1024} MiB of stored text): the oldest are listed; name fewer apps for the rest`,
    }),
  }),
)
export type FoundRecords = z.output<ReturnType<typeof foundRecordsSchema>>

export const erasureOperations = lazyAnswers({
  'records.erase': {
    summary: "Erase one person's records across your apps",
    description: `Deletes every record holding the value (e.g. an e-mail address) in the apps named, or in every app you own or are an admin of, with their files and edit history; summaries are recounted. dryRun lists them first. ${matching}`,
    tags,
    access: 'owner',
    permission: 'records:erase',
    body: eraseRecordsSchema,
    answers: () => ({ 200: data(erasureReceiptSchema(), 'The receipt: how many, in which apps, when') }),
    errors: ['not_found', 'forbidden'],
  },
  'records.find': {
    summary: "One person's records across your apps (subject access)",
    description: `Every record holding the value in the apps named, or in every app you may read records of, as JSON. ${matching}`,
    tags,
    access: 'owner',
    permission: 'records:find',
    body: findRecordsSchema,
    answers: () => ({ 200: data(foundRecordsSchema(), "The person's records, oldest first per app") }),
    errors: ['not_found', 'forbidden'],
  },
} as const) satisfies Pick<OperationsOf<'records'>, 'records.erase' | 'records.find'>
