/**
 * @module The one ingest use case of the public collection endpoints (docs/design.md, "The
 * service"): a JSON record, a form post or a batch, from the endpoint's token to the ids of
 * the durable records. Every face that takes submissions calls it once per request: the
 * routes `ingest.post`, `ingest.form` and `ingest.batch`, the fast route of `ingest.post`
 * (server/http/fast-routes.ts) and the fill-in page's post.
 *
 * In order: the Idempotency-Key is checked (idempotency.ts), the endpoint resolved from its
 * token, with its write switch and its rate limits charged for the client (share/resolve.ts;
 * a batch only checks that the limits have room), then the submission is read — through
 * the face's reader, which knows bytes, charsets and media types — turned into prepared
 * records with the endpoint's settings (prepare.ts, batch.ts), the batch charged its
 * record count, and the records committed through the writer (writer.ts) with the key and
 * the endpoint's limits (closeAfter, the unique field's values), which the store checks
 * where it decides: 403 `closed` or 409 `duplicate`.
 *
 * The answer is plain: the ids, the endpoint (whose redirect settings a form post's answer
 * needs) and, on the call itself, the figures of the rate limits (also when refused) and
 * the endpoint once resolved (also when the submission is then refused).
 */
import type { AppContext } from '../context.ts'
import { resolveEndpoint, type ShareAccess, type ShareEndpoint } from '../share/resolve.ts'
import { chargeRate, type RateFigures } from '../share/throttle.ts'
import { prepareBatch } from './batch.ts'
import { fieldsOf } from './field-cache.ts'
import { allowedRedirect, formSubmission } from './form.ts'
import { formLanguage } from './form-language.ts'
import { cutText } from '../../contract/errors.ts'
import { LIMITS } from '../../contract/limits.ts'
import { idempotencyKey } from './idempotency.ts'
import { prepareRecord, type CollectSettings, type PreparedRecord } from './prepare.ts'
import type { FieldMap } from './field-cache-types.ts'
import { attachFiles } from '../files/references.ts'
import { type DataObject, toSubmission } from './shape.ts'
import { discardFiles } from '../files/discard.ts'
import { fileOptions, type FileReference } from '../../contract/files/model.ts'
import { proposerOf } from './submitter.ts'
import { senderGate, type HeaderGet, type SenderGate, type SignedBy } from '../senders/gate.ts'
import { signedSettings, signedSubmission } from '../senders/poster.ts'
import { duplicateBrowserError, NOT_UNIQUE_TYPES, uniqueKey } from '../../contract/share/closing.ts'
import type { JobLimits } from '../../db/storage/job-limits-types.ts'
import { dedupeKey, type DedupeKey } from './dedupe.ts'
import { spamReasons } from '../spam/rules.ts'
import { readStamp, type StampReading } from '../spam/stamp.ts'
import { challengeReasons, takeFormSolution, takeJsonSolution } from '../challenge/gate.ts'
import { CHALLENGE_HEADER } from '../../contract/share/challenge.ts'

/** A form's name/value pairs, in the order they were sent. */
export type FormPairs = Array<[string, string]>

/** What a form reader knows of the form it reads for: a multipart body's files go to the app's file fields. */
export interface FormTarget {
  appId: string
  fields: FieldMap
  /** The client charged for the bytes of its files; null for the owner's own post. */
  client: string | null
  /** The client key stored as the files' uploader; null for the owner. */
  uploadedBy: string | null
}

/** A form read: its text pairs, and the files it stored as pending files, by field name (ids). */
export interface FormRead {
  pairs: FormPairs
  files: Array<[name: string, id: string]>
}

/**
 * How the face reads the submission from its `source` (for HTTP, the request), called once
 * the endpoint is resolved and charged: one JSON value (`record`), form pairs (`form`), or
 * the parsed batch body (`batch`, checked to be an array of records here).
 */
export type SubmissionReader<S> =
  /** `check`, when given, sees the body's raw bytes before they are parsed (core/senders/gate.ts) and may throw. */
  | { readonly kind: 'record'; read(source: S, check?: (bytes: Uint8Array) => void): Promise<unknown> }
  | { readonly kind: 'form'; read(source: S, target: FormTarget): Promise<FormRead> }
  | { readonly kind: 'batch'; read(source: S): Promise<unknown> }

/** One submission as a face hands it over; `rate` and `endpoint` are filled in as the use case goes. */
export interface IngestCall<S> extends ShareAccess {
  /** The endpoint token of the share URL. */
  token: string
  /** The Idempotency-Key as sent; null without one. */
  idempotencyKey: string | null
  /** The client's address (null: none known): rate limited apart, and the proposer of its new keys. */
  client: string | null
  /** The `Authorization: Bearer` token, null without one: the owner's makes accepted fields. */
  bearer: string | null
  /** What the reader reads the submission from. */
  source: S
  /** The request's headers, for the signatures of the endpoint's senders (absent: none sent). */
  headers?: HeaderGet
  /** The figures of the rate limits charged (null until charged, and for an endpoint without a limit). */
  rate: RateFigures | null
  /** The endpoint once resolved and charged (null before): a refusal after that is still the endpoint's. */
  endpoint: ShareEndpoint | null
  /** The browser's cookie says it sent a response to this form before (absent: no cookie, or not a browser). */
  respondedBefore?: boolean
}

/** A submission stored. */
export interface Ingested {
  /** The records' ids, in the submission's order (one for a record or a form post). */
  ids: string[]
  /** The endpoint they went to (its redirect origins and thank-you URL decide where a form post leads). */
  endpoint: ShareEndpoint
  /** A form post's `_redirect` as sent; null without one (and for JSON). */
  redirect: string | null
}

/**
 * How `call` submits to `endpoint`: its settings, and whose fields its new keys make (the
 * owner's access token as bearer: accepted; anyone else: proposed by the client's key).
 */
async function collectSettings(
  ctx: AppContext,
  endpoint: ShareEndpoint,
  call: IngestCall<unknown>,
): Promise<CollectSettings> {
  return settingsFor(ctx, endpoint, await proposerOf(ctx, endpoint, call.bearer, call.client), { kind: 'none' })
}

/** The settings of a post by `proposer` (null: the owner) whose page stamp reads `stamp`. */
function settingsFor(
  ctx: AppContext,
  endpoint: ShareEndpoint,
  proposer: string | null,
  stamp: StampReading,
): CollectSettings {
  // The content rules are a stranger's: the owner's own posts are never checked.
  const rules = proposer === null ? null : endpoint.spamRules
  const now = ctx.clock.now()
  return {
    ...baseSettings(ctx, endpoint),
    proposer,
    ...(rules ? { spamCheck: (data: DataObject) => spamReasons(rules, data, { stamp, now }) } : {}),
  }
}

/** The endpoint's own settings, whoever submits. */
const baseSettings = (ctx: AppContext, endpoint: ShareEndpoint) => ({
  autoCreate: endpoint.autoCreate,
  honeypot: endpoint.honeypot,
  maxKeys: ctx.config.maxKeys,
  pageConditions: endpoint.pageConditions,
})

/** The headers of a call that has none. */
const noHeaders: HeaderGet = () => null

/**
 * Stores the submission of `call`, read by `reader`, and resolves with its ids once the
 * records are durable. Throws the AppError of the first check that refuses it: 400 for a bad
 * Idempotency-Key, 404 / 403 / 429 from the endpoint (before anything is read; 409
 * `duplicate` for a browser that responded before to a form taking one per browser), then
 * whatever reading and checking the submission refuses, 429 for a batch whose records the
 * limits cannot take, and the writer's refusals.
 */
export async function ingest<S>(ctx: AppContext, call: IngestCall<S>, reader: SubmissionReader<S>): Promise<Ingested> {
  const key = idempotencyKey(call.idempotencyKey)
  // A batch's records are counted once it is read: first only check that the limits have room.
  const endpoint = await resolveEndpoint(ctx, call.token, 'write', call, reader.kind === 'batch' ? 0 : 1)
  call.endpoint = endpoint
  if (endpoint.onePerBrowser && call.respondedBefore) throw duplicateBrowserError()
  const appId = endpoint.appId
  // An endpoint with senders checks signatures on the raw bytes (core/senders/gate.ts).
  const found = senderGate(ctx, appId, call.headers ?? noHeaders)
  const gate = found instanceof Promise ? await found : found
  if (gate && reader.kind !== 'record') gate.unsigned()
  if (reader.kind === 'form') return ingestForm(ctx, call, reader, endpoint, key)
  if (reader.kind === 'record') return ingestRecord(ctx, call, reader, endpoint, key, gate)
  const body = await reader.read(call.source)
  const fields = await fieldsOf(ctx, appId)
  const settings = await collectSettings(ctx, endpoint, call)
  const solution = call.headers?.(CHALLENGE_HEADER) ?? null
  const reasons = await challengeReasons(ctx, endpoint, call.token, settings.proposer === null, solution)
  const prepared = prepareBatch(fields, settings, body, reasons)
  chargeRate(ctx, endpoint, 'write', call.client, prepared.length, call)
  return { ids: await commit(ctx, endpoint, fields, prepared, key), endpoint, redirect: null }
}

/** Stores one form post: its text pairs are the record, the files it stored are named by it (and dropped when it is refused). */
async function ingestForm<S>(
  ctx: AppContext,
  call: IngestCall<S>,
  reader: Extract<SubmissionReader<S>, { kind: 'form' }>,
  endpoint: ShareEndpoint,
  key: string | null,
): Promise<Ingested> {
  const appId = endpoint.appId
  const fields = await fieldsOf(ctx, appId)
  const proposer = await proposerOf(ctx, endpoint, call.bearer, call.client)
  const read = await reader.read(call.source, {
    appId,
    fields,
    client: proposer === null ? null : call.client,
    uploadedBy: proposer,
  })
  try {
    const solution = takeFormSolution(read.pairs, call.headers)
    const reasons = await challengeReasons(ctx, endpoint, call.token, proposer === null, solution)
    const submission = formSubmission(read.pairs, fields, endpoint.honeypot, ctx.config)
    const settings = settingsFor(ctx, endpoint, proposer, readStamp(ctx.sealer, appId, submission.loaded))
    namedFiles(submission.data, fields, read.files)
    // The owner learns of a refused `_redirect` from the record; the respondent never sees its text.
    if (submission.redirect && !allowedRedirect(submission.redirect, endpoint.redirectOrigins))
      submission.meta.redirectRefused = cutText(submission.redirect, LIMITS.maxSourceLength)
    // The page's language is a note for the owner, kept only when the form offers it; it never changes a value.
    const lang = submission.lang === null ? null : formLanguage(submission.lang, endpoint, fields)
    if (lang) submission.meta.lang = lang
    const prepared = prepareRecord(fields, settings, submission, reasons)
    // Form posts take the duplicate window; one with its own Idempotency-Key is answered by that key.
    const replay = key ?? dedupeKey(call.client, prepared.data, endpoint.dedupeSeconds)
    return { ids: await commit(ctx, endpoint, fields, [prepared], replay), endpoint, redirect: submission.redirect }
  } catch (error) {
    await discardFiles(
      ctx,
      appId,
      read.files.map(([, id]) => id),
    )
    throw error
  }
}

/** Names a form's stored files in its data as references, as a JSON record would: one, or an array for a field of several. */
function namedFiles(data: DataObject, fields: FieldMap, files: FormRead['files']): void {
  const byName = new Map<string, FileReference[]>()
  for (const [name, id] of files) byName.set(name, [...(byName.get(name) ?? []), { file: id }])
  for (const [name, references] of byName) {
    const several = fileOptions(fields.get(name)?.file).maxFiles > 1
    data[name] = several ? references : references[0]
  }
}

/** The endpoint's limits the records must fit, checked by the store (storage/records.ts `JobLimits`); undefined for none. */
function jobLimits(endpoint: ShareEndpoint, fields: FieldMap, prepared: PreparedRecord[]): JobLimits | undefined {
  const limits: JobLimits = {}
  if (endpoint.closeAfter !== null) limits.closeAfter = endpoint.closeAfter
  const unique = endpoint.uniqueField
  const type = unique === null ? undefined : fields.get(unique)?.type
  // A field whose type changed to one of lists or objects since is no longer a limit.
  if (unique !== null && type !== undefined && !NOT_UNIQUE_TYPES.includes(type)) {
    limits.unique = {
      field: unique,
      folded: type === 'email',
      values: prepared.map((record) => (record.spam ? null : uniqueKey(record.data[unique], type))),
    }
  }
  return limits.closeAfter === undefined && limits.unique === undefined ? undefined : limits
}

/** Puts the files the records name in place (core/files/references.ts), then writes them; resolves with their ids once durable. */
async function commit(
  ctx: AppContext,
  endpoint: ShareEndpoint,
  fields: FieldMap,
  prepared: PreparedRecord[],
  key: string | DedupeKey | null,
): Promise<string[]> {
  const files = attachFiles(ctx, endpoint.appId, fields, prepared)
  if (files) await files
  return ctx.writer.write(endpoint.appId, prepared, key, jobLimits(endpoint, fields, prepared))
}

/** Stores one JSON record, signed by a sender when `gate` names one (then as core/senders/poster.ts says). */
async function ingestRecord<S>(
  ctx: AppContext,
  call: IngestCall<S>,
  reader: Extract<SubmissionReader<S>, { kind: 'record' }>,
  endpoint: ShareEndpoint,
  key: string | null,
  gate: SenderGate | null,
): Promise<Ingested> {
  let signed: SignedBy | null = null
  const check = gate
    ? (bytes: Uint8Array) => {
        signed = gate.check(bytes)
      }
    : undefined
  const body = await reader.read(call.source, check)
  const fields = await fieldsOf(ctx, endpoint.appId)
  const verified = signed as SignedBy | null
  if (verified) {
    const delivery = signedSubmission(verified, body, toSubmission(body), key)
    const prepared = prepareRecord(fields, signedSettings(baseSettings(ctx, endpoint)), delivery.submission)
    return { ids: await commit(ctx, endpoint, fields, [prepared], delivery.key), endpoint, redirect: null }
  }
  const solution = takeJsonSolution(body, call.headers)
  const settings = await collectSettings(ctx, endpoint, call)
  const reasons = await challengeReasons(ctx, endpoint, call.token, settings.proposer === null, solution)
  const prepared = prepareRecord(fields, settings, toSubmission(body), reasons)
  // JSON takes the duplicate window only with dedupeJson: devices may send one reading twice on purpose.
  const replay = key ?? (endpoint.dedupeJson ? dedupeKey(call.client, prepared.data, endpoint.dedupeSeconds) : null)
  return { ids: await commit(ctx, endpoint, fields, [prepared], replay), endpoint, redirect: null }
}
