/**
 * @module The share endpoint's operations: taking records (`ingest.*`: one JSON record, an
 * HTML form, a batch), the Markdown help of each URL, and the reads with the endpoint token
 * (`reads.*`: a page of records, the summary, the live stream), which answer at the top level.
 */
import { MAX_UTM_LENGTH, UTM_KEYS } from '../fields/link.ts'
import { publicSummaryRules } from '../share/public-summary.ts'
import { z } from 'zod'
import { ERROR_STATUS, type ErrorType } from '../errors.ts'
import { LIMITS } from '../limits.ts'
import { CHALLENGE_TTL_MS } from '../share/challenge.ts'
import { liveQuerySchema } from '../records/live-query.ts'
import { sharePageQuerySchema, summaryQuerySchema } from '../records/schemas.ts'
import {
  content,
  empty,
  json,
  type ContentAnswer,
  type JsonAnswer,
  type OperationsOf,
  lazyAnswers,
} from './operation.ts'
import { onFirstUse } from './named.ts'
import { LIVE_STREAM_NOTE, recordsPageSchema, summarySchema } from './records.ts'

/** Any value: the answer is the Markdown help of the URL instead. */
// Any value passes (as the page parameters, server/contract/records/schemas.ts): only its presence counts.
const helpParameter = z.unknown().optional().meta({
  type: 'string',
  description: 'Present (any value, or none: ?help): answer with the Markdown help of this URL instead',
})
const helpQuery = z.object({ help: helpParameter })

const recordMeta = z
  .object({
    source: z
      .string()
      .max(LIMITS.maxSourceLength)
      .optional()
      .meta({ description: 'Where the record comes from (text)' }),
    timestamp: z
      .union([z.string(), z.number()])
      .optional()
      .meta({ description: 'When it happened: ISO 8601 text or an epoch number' }),
    utm: z
      .object(Object.fromEntries(UTM_KEYS.map((key) => [key, z.string().max(MAX_UTM_LENGTH).optional()])))
      .optional()
      .meta({
        description: `The UTM parameters of the page the record came from (${UTM_KEYS.join(', ')}), kept in meta.utm`,
      }),
  })
  .meta({ description: 'Only source, timestamp and utm' })

/** One record as sent: canonical `{data, meta?}`, or flat (the whole object is the data). */
const recordBody = z
  .union([
    z
      .object({ data: z.record(z.string(), z.unknown()), meta: recordMeta.optional() })
      .meta({ title: 'Canonical', description: 'The values under data, with optional meta' }),
    z.record(z.string(), z.unknown()).meta({ title: 'Flat', description: 'Every key is a field' }),
  ])
  .meta({
    description: `One record: {"data":{…},"meta":{…}} or a flat {"field":value}; at most ${LIMITS.maxKeys} keys, counted at every level`,
  })

const batchBody = z
  .array(recordBody)
  .min(1)
  .max(LIMITS.maxBatch)
  .meta({ description: `1 to ${LIMITS.maxBatch} records, stored all or none` })

/** The body as text/plain: the same JSON, sent without a preflight by a cross-origin fetch. */
const asText = (schema: z.ZodType, what: string) =>
  schema.meta({
    description: `${what}, as JSON text: what a cross-origin fetch sends without a preflight (Content-Type: text/plain)`,
  })

/**
 * An HTML form's fields: each named value as text, a name sent several times (checkboxes)
 * with each value. A new schema for each body type (the document names each body apart).
 */
export const formBody = () =>
  z
    .object({
      _redirect: z
        .string()
        .optional()
        .meta({ description: 'Where to send the browser after the post (an origin the owner allowed)' }),
      _charset_: z.string().optional().meta({ description: 'The encoding of the values, when the browser names it' }),
    })
    .catchall(z.union([z.string(), z.array(z.string())]))
    .meta({ description: "The fields by name; a file field's files as file parts (multipart only)" })

/** The bodies of a form post: urlencoded, or multipart with text parts and the file fields' files. */
export const formBodies = () => ({
  'application/x-www-form-urlencoded': formBody(),
  'multipart/form-data': formBody(),
})

/** The errors of storing a record, whichever way it is posted (the share endpoint, the fill-in page): the endpoint (404, switch, closed, rate limit), the body, the values, a duplicate response. */
export const WRITE_ERRORS = [
  'bad_request',
  'disabled',
  'closed',
  'challenge_required',
  'duplicate',
  'not_found',
  'timeout',
  'unsupported_media_type',
  'unknown_field',
  'empty_record',
  'field_limit',
  'invalid_value',
  'rate_limited',
  'bad_signature',
  'stale_signature',
] as const satisfies readonly ErrorType[]

/** What taking the files of a multipart form can refuse besides: the app's quota, a virus, the scanner away. */
export const FILE_ERRORS = ['quota_exceeded', 'infected', 'scan_unavailable'] as const satisfies readonly ErrorType[]

const HELP_ERRORS = ['not_found', 'method_not_allowed'] as const satisfies readonly ErrorType[]
const READ_ERRORS = ['bad_request', 'disabled', 'not_found', 'rate_limited'] as const satisfies readonly ErrorType[]

/**
 * The HTML page a browser's own form post gets when it is refused, at the status of each
 * error `types` can give (the same statuses as the JSON errors of scripts).
 */
export function refusalPages(types: readonly ErrorType[], description: string): Record<number, ContentAnswer> {
  const pages: Record<number, ContentAnswer> = {}
  for (const type of [...types, 'bad_json', 'too_large', 'storage_unavailable'] as const)
    pages[ERROR_STATUS[type]] = content('text/html', description)
  return pages
}

const challengeSchema = onFirstUse(() =>
  z
    .object({
      parameters: z
        .object({
          algorithm: z.string().meta({ description: 'SHA-256' }),
          nonce: z.string(),
          salt: z.string(),
          cost: z.number().int(),
          keyLength: z.number().int(),
          keyPrefix: z.string(),
          keySignature: z.string(),
          expiresAt: z.number().int().meta({ description: 'Epoch seconds' }),
          data: z.record(z.string(), z.string()),
        })
        .meta({ description: 'Signed: changing any of them makes the solution invalid' }),
      signature: z.string().meta({ description: "HMAC-SHA-256 of the parameters under the server's key" }),
    })
    .meta({ title: 'AltchaChallenge' }),
)

const idSchema = onFirstUse(() => z.object({ id: z.string().meta({ description: 'The new record' }) }))

/** `{code: 200, data: {id}}`, and `details.redirect` when a `_redirect` was refused. */
const formAnswer = () =>
  ({
    kind: 'json',
    description: 'Stored (a script, or fetch): the record id; details.redirect says why a _redirect was not followed',
    schema: z.object({
      code: z.literal(200),
      data: idSchema(),
      details: z
        .object({ redirect: z.string() })
        .optional()
        .meta({ description: 'Present when the _redirect was refused: why' }),
    }),
    data: idSchema(),
  }) as const satisfies JsonAnswer

const tags = ['share']
const idempotency =
  'An Idempotency-Key header (1 to 255 printable ASCII characters) makes a retry within 24 hours answer with the first ids instead of storing again.'
const readsNote =
  "the owner's access token (Authorization: Bearer) always reads, and any other token counts as none. Otherwise 403 `disabled`."

/** What the form's limits (share settings) answer, on every write. */
const limits =
  'A closed form (closed by hand, closeAfter records reached, closesAt passed) answers 403 closed; a value of the uniqueField given before, 409 duplicate.'

export const ingestOperations = lazyAnswers({
  'ingest.post': {
    summary: 'Submit one record (JSON)',
    description: `Anyone with the endpoint token may post. New keys become fields (auto-create), proposed fields when a stranger sends them, accepted ones with the owner's access token. ${limits} ${idempotency}`,
    tags,
    access: 'token-or-owner',
    bodies: { 'application/json': recordBody, 'text/plain': asText(recordBody, 'One record') },
    answers: () => ({
      200: {
        kind: 'json',
        description: 'Stored: the record id',
        schema: z.object({ code: z.literal(200), data: idSchema() }),
        data: idSchema(),
      },
    }),
    errors: [...WRITE_ERRORS, 'idempotency_key_reused'],
  },
  'ingest.form': {
    summary: 'Submit one record (HTML form)',
    description:
      'urlencoded or multipart text parts; form values are never parsed as JSON. A _redirect to an origin the owner allowed is a 303 there. ' +
      "A browser's own post (a navigation) gets a 303 to the owner's thank-you URL or the hosted thank-you page, and a refusal as an HTML page listing what to fix; " +
      `fetch and scripts get JSON. ${limits} ${idempotency}`,
    tags,
    access: 'token-or-owner',
    bodies: formBodies(),
    answers: () => ({
      200: formAnswer(),
      303: empty('To the allowed _redirect, or (a browser) the thank-you page', true),
      ...refusalPages(
        [...WRITE_ERRORS, ...FILE_ERRORS, 'idempotency_key_reused'],
        "A browser's own post was refused: the page says what to fix",
      ),
    }),
    errors: [...WRITE_ERRORS, ...FILE_ERRORS, 'idempotency_key_reused'],
  },
  'ingest.batch': {
    summary: `Submit up to ${LIMITS.maxBatch} records at once`,
    description: `All or nothing: a problem in one record stores none (its index is in the error), and so does a batch that does not fit the places closeAfter leaves (403 closed, details.remaining). ${limits} ${idempotency}`,
    tags,
    access: 'token-or-owner',
    bodies: { 'application/json': batchBody, 'text/plain': asText(batchBody, 'The records') },
    answers: () => ({
      200: {
        kind: 'json',
        description: 'Stored: the ids, in the order sent',
        schema: z.object({ code: z.literal(200), data: z.object({ ids: z.array(z.string()) }) }),
        data: z.object({ ids: z.array(z.string()) }),
      },
    }),
    errors: [...WRITE_ERRORS, 'idempotency_key_reused'],
  },
  'ingest.challenge': {
    summary: 'A proof-of-work challenge (ALTCHA) for a post to this endpoint',
    description:
      `An ALTCHA challenge (protocol v2, as altcha-lib makes it by default): point the altcha widget's challenge attribute here, or solve it with altcha-lib's solveChallenge. ` +
      `Send the solution as the widget does: the "altcha" form field, a top-level "altcha" key of a JSON record, or an X-Altcha header (a batch: the header). ` +
      `It is signed by this server, made for this endpoint, expires ${CHALLENGE_TTL_MS / 60_000} minutes after it is handed out and is accepted once. ` +
      `Needed when the share setting challenge is require (else 403 challenge_required) or flag (else the post is stored as spam); handed out whatever the setting. Rate limited apart from posts.`,
    tags,
    access: 'token-or-owner',
    answers: () => ({ 200: json(challengeSchema(), 'The challenge, as the altcha widget reads it') }),
    errors: ['not_found', 'disabled', 'closed', 'rate_limited'],
  },
  'ingest.help': {
    summary: 'Help for a collection endpoint (Markdown; add ?help)',
    description:
      "How to post records here and read them back, with examples for this endpoint's fields; counts only for the owner's access token or while reads are open. Without ?help: 405 (records are POSTed here).",
    tags,
    access: 'token-or-owner',
    query: helpQuery,
    answers: () => ({ 200: content('text/markdown', 'The help') }),
    errors: HELP_ERRORS,
  },
  'ingest.formHelp': {
    summary: 'Help for POST …/form (Markdown; add ?help)',
    description: 'Without ?help: 405 (forms are POSTed here).',
    tags,
    access: 'token-or-owner',
    query: helpQuery,
    answers: () => ({ 200: content('text/markdown', 'The help') }),
    errors: HELP_ERRORS,
  },
  'ingest.batchHelp': {
    summary: 'Help for POST …/batch (Markdown; add ?help)',
    description: 'Without ?help: 405 (batches are POSTed here).',
    tags,
    access: 'token-or-owner',
    query: helpQuery,
    answers: () => ({ 200: content('text/markdown', 'The help') }),
    errors: HELP_ERRORS,
  },
} as const) satisfies OperationsOf<'ingest'>

export const readOperations = lazyAnswers({
  'reads.query': {
    summary: 'A page of records, oldest first',
    description: `Open to anyone with the endpoint token only when reads is "records"; ${readsNote} ?page&size&spam as on the owner's pages (no order, no filter). With ?help this URL answers the Markdown of reads.queryHelp instead (…/query/help), which is documented there so this answer stays JSON.`,
    tags,
    access: 'token-or-owner',
    query: sharePageQuerySchema,
    answers: () => ({ 200: json(recordsPageSchema(), 'A page of records') }),
    helpOperation: 'reads.queryHelp',
    errors: READ_ERRORS,
  },
  'reads.queryHelp': {
    summary: 'Help for GET …/query (Markdown)',
    description:
      'How to read the records: the page parameters, the read-all loop, who may read. Also answered by GET …/query?help.',
    tags,
    access: 'token-or-owner',
    answers: () => ({ 200: content('text/markdown', 'How to read the records (Markdown)') }),
    errors: ['not_found'],
  },
  'reads.summary': {
    summary: 'Aggregates over all records',
    description:
      `Open to anyone with the endpoint token when reads is "summary" or "records"; ${readsNote} ` +
      `Without the owner's token ${publicSummaryRules('`minRespondents`')}. ` +
      '?spam=include|only counts spam records too or only them. With ?help this URL answers the Markdown of reads.summaryHelp instead (…/summary/help), which is documented there so this answer stays JSON.',
    tags,
    access: 'token-or-owner',
    query: summaryQuerySchema,
    answers: () => ({ 200: json(summarySchema(), 'The summary') }),
    helpOperation: 'reads.summaryHelp',
    errors: READ_ERRORS,
  },
  'reads.summaryHelp': {
    summary: 'Help for GET …/summary (Markdown)',
    description: 'What the summary holds and who may read it. Also answered by GET …/summary?help.',
    tags,
    access: 'token-or-owner',
    answers: () => ({ 200: content('text/markdown', 'What the summary holds (Markdown)') }),
    errors: ['not_found'],
  },
  'reads.stream': {
    summary: 'New records as they arrive (Server-Sent Events)',
    description: `Access as on /query: anyone with the endpoint token only when reads is "records"; ${readsNote} ${LIVE_STREAM_NOTE} ?spam=include|only as on /query (no filter); ?help answers with Markdown.`,
    tags,
    access: 'token-or-owner',
    query: liveQuerySchema.extend({ help: helpParameter }),
    answers: () => ({
      200: content('text/event-stream', 'The stream: one `record` event per record, comments between'),
    }),
    alternatives: { 200: content('text/markdown', 'with ?help: how to follow the records (Markdown)') },
    errors: READ_ERRORS,
  },
} as const) satisfies OperationsOf<'reads'>
