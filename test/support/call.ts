/**
 * @module The suite's typed client: a test calls an operation of the route table by its name
 * (`call('fields.add', {params: {id}, body})`), as the CLI and the admin page do, instead of
 * writing its method and path. The path, its parameters and the query come from the route
 * table; what the body may hold and what the answer holds are the operation's types
 * (server/contract/api), so a renamed route or a changed answer breaks the suite when it
 * compiles, not when it runs. Used in-process (`testApp().call`, http.ts) and against a real
 * server (`callServer`). A test about the path itself (its encoding, an unknown route, a
 * method the route lacks) still writes the path.
 */
import type { z } from 'zod'
import type { ErrorType } from '../../server/contract/errors.ts'
import type { Operations } from '../../server/contract/api/operations.ts'
import { requestLine, type Described, type InputOf } from '../../server/contract/api/request.ts'

/** The error envelope every refusal answers with. */
export interface ErrorEnvelope {
  code: number
  error: {
    type: ErrorType
    message: string
    details?: { problems?: Array<{ path: string; message: string }>; [key: string]: unknown }
  }
}

type SuccessAnswer<N extends Described> = Operations[N]['answers'][keyof Operations[N]['answers'] &
  (200 | 201 | 202 | 204 | 303)]

/**
 * The body of an answer to `N`: its JSON success shape (the envelope `{code, data}` or the
 * top-level body), with the error envelope's keys beside it for the refusals a test expects;
 * the text of a page, a file or an empty answer otherwise.
 */
export type BodyOf<N extends Described> =
  SuccessAnswer<N> extends { kind: 'json'; schema: infer S extends z.ZodType }
    ? Omit<z.output<S>, 'code'> & { code: number } & Partial<ErrorEnvelope>
    : string & Partial<ErrorEnvelope>

/** What a call takes: the operation's path parameters and query; its body, typed, when the test sends one. */
export type CallInput<N extends Described> = Omit<InputOf<N>, 'body'> & { body?: InputOf<N>['body'] }

/** Whether `N` can be called with no input (no path parameters). */
type NeedsInput<N extends Described> = [keyof InputOf<N>['params'] & string] extends [never] ? false : true

/** The arguments of a call: the input (optional when the route has no path parameters), then how to send it. */
export type CallArgs<N extends Described, Options> =
  NeedsInput<N> extends true ? [input: CallInput<N>, options?: Options] : [input?: CallInput<N>, options?: Options]

/**
 * A body or query the operation's schema refuses, sent on purpose (a refusal test): typed so
 * it fits any input, which is the point.
 */
export const invalid = (value: unknown): never => value as never

/** The path (with its query string) and method of a call of `name`. */
export function target<N extends Described>(name: N, input: CallInput<N> = {} as CallInput<N>) {
  const line = requestLine(name, input as InputOf<N>)
  const query = line.query.length > 0 ? `?${new URLSearchParams(line.query)}` : ''
  return { method: line.method, path: `${line.path}${query}`, body: input.body as unknown }
}

/** A parsed answer: status, headers, the body (parsed JSON when the answer is JSON, else the text) and the text. */
export interface CallResponse<T> {
  status: number
  headers: Headers
  body: T
  text: string
}

/** Reads `response` whole into a CallResponse. */
export async function readAnswer<T>(response: Response): Promise<CallResponse<T>> {
  const text = await response.text()
  const type = response.headers.get('content-type') ?? ''
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: (type.includes('json') && text ? JSON.parse(text) : text) as T,
  }
}

export interface ServerCallOptions {
  /** The access token, sent as `Authorization: Bearer …`. */
  token?: string
  headers?: Record<string, string>
  /** A body sent as is (form data, text); `input.body` is sent as JSON instead. */
  raw?: BodyInit
  signal?: AbortSignal
}

/** Calls operation `name` on the real server at `base` (`http://127.0.0.1:port`) with fetch. */
export async function callServer<N extends Described>(
  base: string,
  name: N,
  ...[input, options = {}]: CallArgs<N, ServerCallOptions>
): Promise<CallResponse<BodyOf<N>>> {
  const { method, path, body } = target(name, input)
  const headers = new Headers(options.headers)
  if (options.token) headers.set('authorization', `Bearer ${options.token}`)
  let sent: BodyInit | undefined = options.raw
  if (body !== undefined) {
    sent = JSON.stringify(body)
    if (!headers.has('content-type')) headers.set('content-type', 'application/json')
  }
  return readAnswer(await fetch(`${base}${path}`, { method, headers, body: sent, signal: options.signal }))
}
