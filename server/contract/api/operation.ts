/**
 * @module What one operation of the route table says beside its method and path: who may
 * call it, what it takes, every answer it gives (status → shape or content type) and the
 * error types it can answer with. The OpenAPI document, the HTTP face's request checks,
 * the suite's answer checks and the clients' types are all read from this one description.
 */
import { z } from 'zod'
import type { ErrorType } from '../errors.ts'
import type { RouteName } from './routes.ts'
import type { Permission } from '../access/roles.ts'

/**
 * Who may call: `owner` needs an access token (`Authorization: Bearer svc_pat_…`) or the
 * admin session cookie; `public` anyone; `token-or-owner` anyone with the endpoint token in
 * the path, where the owner's access token may read more (the share reads).
 */
export type Access = 'owner' | 'public' | 'token-or-owner'

/** A JSON answer; `data` is set when the body is the envelope `{code, data}`. */
export interface JsonAnswer<S extends z.ZodType = z.ZodType, D extends z.ZodType | undefined = z.ZodType | undefined> {
  kind: 'json'
  description: string
  schema: S
  data: D
}
/** An answer that is not JSON: a page, a CSV file, Markdown. */
export interface ContentAnswer {
  kind: 'content'
  description: string
  type: ContentType
}
/** An answer without a body (204, a redirect). */
export interface EmptyAnswer {
  kind: 'empty'
  description: string
  /** A redirect names where it goes in Location. */
  location?: true
  /** The headers that carry the answer (tus: Upload-Offset, Location…), each with what it says. */
  headers?: Readonly<Record<string, string>>
}
export type Answer = JsonAnswer | ContentAnswer | EmptyAnswer

export type ContentType =
  | 'text/markdown'
  | 'text/plain'
  | 'text/csv'
  | 'application/x-ndjson'
  | 'text/html'
  | 'text/javascript'
  | 'image/svg+xml'
  | 'text/css'
  | 'application/octet-stream'
  | 'text/event-stream'
  /** Whatever a stored file is (its sniffed type): downloads. */
  | '*/*'

/** The body types the share endpoint reads (and which other routes reading JSON accept). */
export type BodyType =
  | 'application/json'
  | 'text/plain'
  | 'application/x-www-form-urlencoded'
  | 'multipart/form-data'
  /** A file's bytes as they are (files.upload). */
  | 'application/octet-stream'
  /** A tus PATCH: the next bytes of an upload. */
  | 'application/offset+octet-stream'

export interface Operation {
  summary: string
  description?: string
  tags: readonly string[]
  access: Access
  /**
   * What the caller needs, when `access` is `owner` (contract/access/roles.ts): the least
   * role in the app of `:id` and the access token's scope. The HTTP guard asks core's one
   * policy with it before the route runs.
   */
  permission?: Permission
  /**
   * Whether the audit log records each call that ends well. Left out: the owner's calls
   * that are not GET (every change); false for those that change nothing (previews), true
   * for reads it records (exports).
   */
  audited?: boolean
  /** The query string, when the route reads one. */
  query?: z.ZodType
  /** The JSON body, when the route reads one (checked before the handler runs). */
  body?: z.ZodType
  /** Bodies of other types (the share ingest): each type with its schema. */
  bodies?: Partial<Record<BodyType, z.ZodType>>
  /**
   * Every answer but the error envelope, by status. An answer at an error status (a page a
   * browser is shown instead of the JSON error) is listed beside the error envelope.
   */
  answers: Partial<Record<number, Answer>>
  /**
   * Answers of another content type at a status that already has one (in `answers` or
   * through `errors`): a browser posting a form gets a page where a script gets JSON, and
   * a share read asked with ?help answers Markdown.
   */
  alternatives?: Partial<Record<number, ContentAnswer>>
  /**
   * The operation that documents what this URL answers with `?help` (Markdown), when that
   * answer is kept out of this one's: a generated client then types this read's 200 as JSON
   * alone. The document names it as `x-help-operation`.
   */
  helpOperation?: string
  /** The error types the route itself can answer with; the ones every route of its kind can give are added (implicitErrors). */
  errors: readonly ErrorType[]
}

/** The answer `{code: status, data}`: what the control plane answers. */
export function data<D extends z.ZodType>(schema: D, description: string, status = 200) {
  return {
    kind: 'json',
    description,
    schema: z.object({ code: z.literal(status), data: schema }),
    data: schema,
  } as const satisfies JsonAnswer
}

/** A JSON answer whose whole body is `schema` (the share reads and ingest answer at the top level). */
export function json<S extends z.ZodType>(schema: S, description: string) {
  return { kind: 'json', description, schema, data: undefined } as const satisfies JsonAnswer
}

/** An answer of another content type. */
export const content = (type: ContentType, description: string): ContentAnswer => ({
  kind: 'content',
  type,
  description,
})

/** No body: 204, or a redirect (`location`). */
export const empty = (description: string, location?: true): EmptyAnswer =>
  location ? { kind: 'empty', description, location } : { kind: 'empty', description }

/** No body, the answer in its headers (tus): each header named with what it says. */
export const headersOnly = (description: string, headers: Readonly<Record<string, string>>): EmptyAnswer => ({
  kind: 'empty',
  description,
  headers,
})

/**
 * The error types a route answers with beyond its own list, from what it is: any route may
 * fail unexpectedly (500) or find its storage unavailable (503); an owner route refuses a
 * request without valid credentials or with an expired token (401) or from another site or host (403); a route that reads a body refuses one that does not
 * parse, is too large, too slow, broken off or does not match.
 */
export function implicitErrors(operation: Operation): ErrorType[] {
  const types: ErrorType[] = ['internal', 'storage_unavailable']
  // Owner routes refuse a cookie sent from another site, and a request addressed to a host this server does not answer for (403 forbidden).
  if (operation.access === 'owner') types.push('unauthorized', 'token_expired', 'forbidden')
  // A body is read whole before the route runs: too big (413), too slow (408) or broken off (400).
  if (operation.body || operation.bodies) types.push('bad_json', 'bad_request', 'timeout', 'too_large', 'validation')
  return types
}

/** Every error type a route may answer with. */
export const errorTypesOf = (operation: Operation): ErrorType[] => [
  ...new Set([...operation.errors, ...implicitErrors(operation)]),
]

/** A table of operations written with each `answers` as a function (`lazyAnswers`' argument). */
type AnswersWritten = Record<string, { answers: () => Operation['answers'] }>

/** `T` with each operation's `answers` function replaced by what it returns: the table as readers see it. */
export type AnswersBuilt<T extends AnswersWritten> = {
  [N in keyof T]: { [P in keyof T[N]]: P extends 'answers' ? ReturnType<T[N]['answers']> : T[N][P] }
}

/**
 * A resource's operations, each one's `answers` built on its first read and kept: answers
 * (and the shapes they name) are read only by the OpenAPI document and the suite's answer
 * checks, so a server start does not build them.
 */
export function lazyAnswers<T extends AnswersWritten>(table: T): AnswersBuilt<T> {
  for (const operation of Object.values(table)) {
    const build = operation.answers
    let answers: Operation['answers'] | undefined
    Object.defineProperty(operation, 'answers', { enumerable: true, get: () => (answers ??= build()) })
  }
  return table as unknown as AnswersBuilt<T>
}

/** The operations of the routes whose names start with `<group>.`, all of them. */
export type OperationsOf<G extends string> = { [N in RouteName as N extends `${G}.${string}` ? N : never]: Operation }
