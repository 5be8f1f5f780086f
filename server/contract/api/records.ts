/**
 * @module The records operations (the owner's records, their summary and exports) and the
 * answer shapes the share reads give too: `Record`, `RecordsPage`, `Summary`.
 */
import { z } from 'zod'
import { SPAM_REASONS } from '../records/spam-reasons.ts'
import { LIMITS } from '../limits.ts'
import { publicSummaryRules } from '../share/public-summary.ts'
import { FIELD_TYPES } from '../fields/types/index.ts'
import {
  csvExportQuerySchema,
  deleteRecordsSchema,
  editRecordSchema,
  exportQuerySchema,
  markSpamSchema,
  pageQuerySchema,
  summaryQuerySchema,
} from '../records/schemas.ts'
import { ownerLiveQuerySchema } from '../records/live-query.ts'
import { content, data, json, type OperationsOf, lazyAnswers } from './operation.ts'
import { named } from './named.ts'
import { isoTime } from './shapes.ts'

/** The spam reason codes with their meanings, for the documentation of `meta.spamReasons`. */
const SPAM_REASON_LIST = Object.entries(SPAM_REASONS)
  .map(([code, meaning]) => `${code} (${meaning})`)
  .join('; ')

const count = z.number().int()

export const scaleScoreSchema = named('ScaleScore', () =>
  z.object({
    score: z.number().nullable().meta({ description: 'Null when no item of the scale was answered' }),
    level: z.string().nullable().meta({ description: 'The key of the level the score falls in' }),
    levelLabel: z.string().nullable(),
  }),
)

export const recordSchema = named('Record', () =>
  z.object({
    id: z.string(),
    data: z.record(z.string(), z.unknown()).meta({ description: 'The values, by field name, as stored' }),
    meta: z.object({
      source: z.string().optional(),
      timestamp: z
        .union([z.string(), z.number()])
        .optional()
        .meta({ description: 'As sent: ISO 8601 text or an epoch number' }),
      verified: z.literal(true).optional().meta({
        description:
          "Only on a webhook delivery whose signature one of the app's senders verified; source is then that sender's name",
      }),
      redirectRefused: z.string().optional().meta({
        description:
          "Set by the server: the `_redirect` a form post asked for that the endpoint's redirect origins do not allow (not followed, and never shown to the respondent)",
      }),
      utm: z
        .object({
          source: z.string().optional(),
          medium: z.string().optional(),
          campaign: z.string().optional(),
          term: z.string().optional(),
          content: z.string().optional(),
        })
        .optional()
        .meta({
          description:
            "The UTM parameters of the form's link (utm_source… on /f/<token>, a form post's _utm_source…, or a JSON record's meta.utm), without their utm_ prefix",
        }),
      lang: z.string().optional().meta({
        description:
          "Set by the server: the language the fill-in page was shown in (its post's _lang, kept only when the form offers that language); the answers are the canonical option values whatever the language",
      }),
      dropped: z.array(z.string()).optional().meta({
        description:
          'Set by the server: the hidden fields whose values from the link did not fit their type or rules, so were dropped instead of refused',
      }),
      spamReasons: z
        .array(z.string())
        .optional()
        .meta({ description: `Set by the server on spam: why it is spam, one or more of ${SPAM_REASON_LIST}` }),
    }),
    scores: z
      .record(z.string(), scaleScoreSchema())
      .optional()
      .meta({ description: 'Assessment apps: the score and level per scale, computed at submission' }),
    spam: z
      .literal(true)
      .optional()
      .meta({ description: 'Only on records flagged as spam (seen when a read asks for spam)' }),
    createdAt: isoTime,
  }),
)
export type SvcRecord = z.output<ReturnType<typeof recordSchema>>

export const fieldChangeSchema = named('FieldChange', () =>
  z.object({
    field: z.string(),
    from: z.unknown().optional().meta({ description: 'The value before; absent when the record had none' }),
    to: z.unknown().optional().meta({ description: 'The value after; absent when the change removed it' }),
    fromCut: z
      .literal(true)
      .optional()
      .meta({
        description: `Set when \`from\` was longer than ${LIMITS.recordHistoryValueChars} characters of JSON: it is that text, cut, ending in "…"`,
      }),
    toCut: z.literal(true).optional().meta({ description: 'As fromCut, for `to`' }),
  }),
)
export type FieldChange = z.output<ReturnType<typeof fieldChangeSchema>>

export const recordEditSchema = named('RecordEdit', () =>
  z.object({
    n: count.meta({ description: "The edit's number: 1 for the record's first" }),
    at: isoTime,
    by: z
      .object({ id: z.string(), email: z.string() })
      .meta({ description: 'The account that made the edit, with its e-mail address at the time' }),
    changes: z.array(fieldChangeSchema()),
    more: count
      .optional()
      .meta({ description: `Fields changed but not listed (an edit lists at most ${LIMITS.recordHistoryFields})` }),
  }),
)
export type RecordEdit = z.output<ReturnType<typeof recordEditSchema>>

export const recordDetailSchema = named('RecordDetail', () =>
  recordSchema().extend({
    history: z.array(recordEditSchema()).meta({
      description: `The record's edits, newest first: the last ${LIMITS.recordHistoryKept} are kept`,
    }),
    edits: count.meta({
      description: 'Edits made in all; more than history holds when older ones were dropped',
    }),
  }),
)
export type RecordDetail = z.output<ReturnType<typeof recordDetailSchema>>

export const recordEditedSchema = named('RecordEdited', () =>
  recordDetailSchema().extend({
    changed: z
      .array(z.string())
      .meta({ description: 'The fields this edit changed; empty when the record already held the values given' }),
  }),
)
export type RecordEdited = z.output<ReturnType<typeof recordEditedSchema>>

export const recordsPageSchema = named('RecordsPage', () =>
  z.object({
    code: z.literal(200),
    records: z.array(recordSchema()),
    page: count,
    size: count,
    total: count.meta({ description: 'Records selected (by spam mode and filter) on all pages' }),
  }),
)
/** A page of records as clients read it (the top-level body without `code`). */
export type RecordsPage = Omit<z.output<ReturnType<typeof recordsPageSchema>>, 'code'>

export const topValueSchema = named('TopValue', () => z.object({ value: z.string(), count }))
export type TopValue = z.output<ReturnType<typeof topValueSchema>>

export const fieldSummarySchema = named('FieldSummary', () =>
  z.object({
    type: z.enum(FIELD_TYPES),
    count: count.meta({ description: 'Records holding a value' }),
    missing: count,
    min: z.number().nullable().optional(),
    max: z.number().nullable().optional(),
    mean: z.number().nullable().optional(),
    sum: z
      .number()
      .nullable()
      .optional()
      .meta({
        description: `In the public summary rounded and in steps of ${LIMITS.summaryPublicStep} numbers, as is mean; min and max are null there`,
      }),
    top: z
      .array(topValueSchema())
      .optional()
      .meta({ description: `The ${LIMITS.summaryTopValues} most frequent values` }),
    other: count.optional().meta({ description: 'Records with a value not listed in top' }),
    distribution: z
      .array(z.object({ value: z.number().int(), count }))
      .nullable()
      .optional()
      .meta({
        description:
          'Rating and NPS fields: records per point, every point in order (rating 1 to max, NPS 0 to 10), zeros included; null in the public summary',
      }),
    nps: z.number().int().min(-100).max(100).nullable().optional().meta({
      description:
        'NPS fields: the Net Promoter Score, the percentage of answers 9–10 (promoters) minus that of answers 0–6 (detractors), rounded to a whole number (a half away from zero); null without answers and in the public summary',
    }),
    true: count.optional(),
    false: count.optional(),
    items: z
      .object({ top: z.array(topValueSchema()), other: count })
      .optional()
      .meta({ description: 'Multiple-choice fields: the chosen items' }),
    files: z
      .object({
        answers: count.meta({ description: 'Records whose answer holds files' }),
        files: count.meta({ description: 'Files in those answers' }),
        bytes: count.nullable().meta({ description: 'Their bytes; null in the public summary' }),
      })
      .optional()
      .meta({ description: 'File fields: counts only, never names' }),
  }),
)
export type FieldSummary = z.output<ReturnType<typeof fieldSummarySchema>>

export const scaleSummarySchema = named('ScaleSummary', () =>
  z.object({
    count,
    missing: count,
    mean: z.number().nullable(),
    min: z.number().nullable(),
    max: z.number().nullable(),
    levels: z.record(z.string(), count).meta({ description: 'Records per level key' }),
  }),
)

export const summarySchema = named('Summary', () =>
  z.object({
    code: z.literal(200),
    total: count.meta({ description: 'Records counted (by the spam mode)' }),
    spam: count.meta({ description: 'Records flagged as spam' }),
    firstAt: isoTime.nullable(),
    lastAt: isoTime.nullable(),
    fields: z.record(z.string(), fieldSummarySchema()).meta({ description: 'By field name, in field order' }),
    days: z
      .array(z.object({ date: z.string().meta({ format: 'date' }), count }))
      .meta({ description: `Records per UTC day for the last ${LIMITS.summaryDays} days, oldest first` }),
    scores: z
      .record(z.string(), scaleSummarySchema())
      .optional()
      .meta({ description: 'Apps with scales: per scale count, missing, mean, min, max and records per level' }),
    minRespondents: count.optional().meta({
      description: `Only in the public summary (read with the endpoint token alone), where ${publicSummaryRules('this many')}`,
    }),
  }),
)
export type Summary = z.output<ReturnType<typeof summarySchema>>

const tags = ['records']

/** What both live streams send and take, for their descriptions. */
export const LIVE_STREAM_NOTE =
  `Server-Sent Events: each record is an event "record" whose id is its position in the app's stream (it only grows) and whose data is the record as /query shows it; a comment every ${LIMITS.streamHeartbeatMs / 1000} s keeps a quiet stream open, and retry: ${LIMITS.streamRetryMs} says when to reconnect. ` +
  'Without a position only records that arrive from now on are sent; the Last-Event-ID header (as EventSource resends it) or ?since= replays every record after that position first, in order, then goes on live, without gaps or repeats (?since=0: every record); a position the stream never sent is a 400. ' +
  `At most ${LIMITS.streamsPerApp} strangers' streams per app, ${LIMITS.streamsPerClient} per client network (IPv4 /24, IPv6 /56) and ${LIMITS.streamsPerProcess} per server by default (429 with Retry-After); the owner's own streams have ${LIMITS.ownerStreamsPerApp} places per app apart; a client that stops reading is cut and resumes with Last-Event-ID.`
const spamAndFilter =
  '?spam=include|only picks spam records too or only them (default: without spam); ?filter= as on the records pages.'

export const recordOperations = lazyAnswers({
  'records.list': {
    summary: 'A page of records',
    description:
      `Oldest first (?order=desc: newest first), ${LIMITS.defaultPageSize} a page (?size up to ${LIMITS.maxPageSize}; larger is a 400, never clamped). ` +
      'Pages have the same top-level shape as the public /query, so clients read both alike. ' +
      spamAndFilter,
    tags,
    access: 'owner',
    permission: 'records:read',
    query: pageQuerySchema,
    answers: () => ({ 200: json(recordsPageSchema(), 'A page of records') }),
    errors: ['bad_request', 'not_found'],
  },
  'records.get': {
    summary: 'One record, spam or not, with its history of edits',
    tags,
    access: 'owner',
    permission: 'records:read',
    answers: () => ({ 200: data(recordDetailSchema(), 'The record and its edits, newest first') }),
    errors: ['not_found'],
  },
  'records.update': {
    summary: 'Correct one record',
    description:
      'The values given are merged into the record (a field left out keeps its value; null removes it) and checked as a submission is: ' +
      'each must be a field of the app (or a key the record already holds) and fit its type, and a required field cannot be removed. ' +
      "id, createdAt, meta and the record's place in the pages stay; scores are computed again for assessment apps; " +
      `the summary follows at once; the edit (who, when, each field from → to) is added to the record's history (the last ${LIMITS.recordHistoryKept} are kept); ` +
      'webhooks listening to record.updated hear of it (not for spam). Answers the record as it is now.',
    tags,
    access: 'owner',
    permission: 'records:write',
    body: editRecordSchema,
    answers: () => ({
      200: data(recordEditedSchema(), 'The record as it is now, with its history and the fields changed'),
    }),
    errors: ['not_found', 'invalid_value', 'unknown_field', 'empty_record'],
  },
  'records.delete': {
    summary: 'Delete one record',
    description: 'Later records are renumbered so pages have no gaps.',
    tags,
    access: 'owner',
    permission: 'records:delete',
    answers: () => ({ 200: data(z.object({ deleted: z.literal(1) }), 'Deleted') }),
    errors: ['not_found'],
  },
  'records.deleteMany': {
    summary: 'Delete a selection of records by id',
    description: `Up to ${LIMITS.maxDeleteIds} ids; ids not in the app are skipped.`,
    tags,
    access: 'owner',
    permission: 'records:delete',
    body: deleteRecordsSchema,
    answers: () => ({
      200: data(z.object({ deleted: count.meta({ description: 'Records deleted' }) }), 'How many were deleted'),
    }),
    errors: ['not_found'],
  },
  'records.spam': {
    summary: 'Mark records as spam, or as not spam',
    description:
      'spam: true marks them, false takes them back; pages, totals and the summary follow at once. Ids not in the app are skipped.',
    tags,
    access: 'owner',
    permission: 'records:write',
    body: markSpamSchema,
    answers: () => ({
      200: data(
        z.object({ changed: count.meta({ description: 'Records whose mark changed' }), spam: z.boolean() }),
        'How many changed',
      ),
    }),
    errors: ['not_found'],
  },
  'records.summary': {
    summary: "Aggregates over the app's records",
    description:
      'Read even when public reads are off: every value is listed, and there is no minRespondents. ?spam=include|only counts spam records too or only them.',
    tags,
    access: 'owner',
    permission: 'records:read',
    query: summaryQuerySchema,
    answers: () => ({ 200: json(summarySchema(), 'The summary') }),
    errors: ['bad_request', 'not_found'],
  },
  'records.exportCsv': {
    summary: 'Download all records as CSV',
    description: `Streamed: a BOM, RFC 4180, cells that a spreadsheet would run as formulas neutralised (?raw=1: exactly as stored). With spam (?spam=include|only) a spam column says which rows are spam. ${spamAndFilter}`,
    tags,
    access: 'owner',
    permission: 'records:read',
    audited: true,
    query: csvExportQuerySchema,
    answers: () => ({ 200: content('text/csv', 'The records, a header row first') }),
    errors: ['bad_request', 'not_found'],
  },
  'records.stream': {
    summary: 'New records as they arrive (Server-Sent Events)',
    description: `The owner's live stream, as the public /stream but whatever reads says: ${LIVE_STREAM_NOTE} ?spam=include|only and ?filter= as on the records pages. With the admin session it answers a request from the admin page only.`,
    tags,
    access: 'owner',
    permission: 'records:read',
    query: ownerLiveQuerySchema,
    answers: () => ({
      200: content('text/event-stream', 'The stream: one `record` event per record, comments between'),
    }),
    errors: ['bad_request', 'not_found', 'rate_limited'],
  },
  'records.exportJsonl': {
    summary: 'Download all records as JSON Lines',
    description: `Streamed: one record ({id, data, meta, createdAt}) per line. ${spamAndFilter}`,
    tags,
    access: 'owner',
    permission: 'records:read',
    audited: true,
    query: exportQuerySchema,
    answers: () => ({ 200: content('application/x-ndjson', 'The records, one a line') }),
    errors: ['bad_request', 'not_found'],
  },
} as const) satisfies Omit<OperationsOf<'records'>, 'records.erase' | 'records.find'>
